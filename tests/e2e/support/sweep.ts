/**
 * What the browser security sweep (tests/e2e/security.test.ts) plants and looks for: a compact XSS corpus
 * whose every payload, if it ever ran, would set the canary `window.__xss` or open a dialog; the check of
 * one rendered page for anything the payloads would have injected; and the headers the server promises
 * (server/middleware/security.ts) read from a real answer.
 */
import type { Page } from 'playwright-core';

/** Each entry fits a 100-character name field; together they fit every multi-line field. */
export const CORPUS = [
  `<script>window.__xss='script'</script>`,
  `<img src=x onerror="window.__xss='img'">`,
  `<svg/onload=alert('svg')>`,
  `"><img src=x onerror=alert('breakout')>`,
  `'><svg onload=alert('single')>//`,
  `{{constructor.constructor('alert("template")')()}}`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder as typed text is the payload
  '${alert("literal")}',
  `<a href="javascript:alert('href')">link</a>`,
  `<iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
  // Right-to-left script around markup: it must stay text whichever way it reads. (The bidi override
  // controls themselves, U+202A-E and U+2066-9, are refused by every text field: tests/server/bad-input.test.ts.)
  `שלום <b onmouseover=alert('rtl')>gpj.exe</b> مرحبا`,
  // Full-width brackets, and a zero-width space inside a tag name.
  `\uFF1Cscript\uFF1Ealert('fullwidth')\uFF1C/script\uFF1E`,
  `<scr\u200Bipt>alert('zwsp')</scr\u200Bipt>`,
] as const;

/** The whole corpus as one multi-line text, and as one line. */
export const CORPUS_LINES = CORPUS.join('\n');
export const CORPUS_LINE = CORPUS.join(' ');

/** A payload by position, for single-line fields (wraps around). */
export const payload = (n: number) => CORPUS[n % CORPUS.length]!;

/** An access or id token as it travels: a JWT's base64url header and payload, both JSON objects. */
export const JWT = /eyJ[\w-]+\.eyJ/;

export interface PageFindings {
  /** Anything the corpus would have injected: event-handler attributes, javascript: links, foreign scripts, frames. */
  injected: string[];
  /** The canary the payloads set (undefined when nothing ran). */
  canary: unknown;
  /** The page's text and the values of its form fields, as a person reads them. */
  text: string;
  /** True when the whole document, attributes included, holds something shaped like a JWT. */
  jwtInDom: boolean;
}

/** Looks at the page as it is now. */
export function inspectPage(page: Page): Promise<PageFindings> {
  return page.evaluate((jwt) => {
    const injected: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        // React never writes inline handlers: any on* attribute came from markup that was parsed.
        if (/^on/i.test(attr.name)) injected.push(`<${el.localName} ${attr.name}>`);
        if (/^(href|src|action|formaction|xlink:href|srcdoc)$/i.test(attr.name) && /^\s*javascript:/i.test(attr.value))
          injected.push(`<${el.localName} ${attr.name}="${attr.value}">`);
      }
    }
    for (const script of document.querySelectorAll('script')) {
      // The server's inlined settings (server/static.ts) are a JSON data block, never executed.
      const settings = script.id === 'portal-config' && script.type === 'application/json' && !script.src;
      const ours = script.src && new URL(script.src).origin === location.origin;
      if (!settings && !ours) injected.push(script.outerHTML.slice(0, 120));
    }
    for (const el of document.querySelectorAll('iframe, frame, object, embed, base, meta[http-equiv]'))
      injected.push(el.outerHTML.slice(0, 120));
    const values = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map(
      (field) => field.value,
    );
    return {
      injected,
      canary: (window as unknown as { __xss?: unknown }).__xss,
      text: [document.body.textContent ?? '', ...values].join('\n'),
      jwtInDom: new RegExp(jwt).test(document.documentElement.outerHTML),
    };
  }, JWT.source);
}

/** The directives of a Content-Security-Policy header, by name. */
export function cspDirectives(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What a browser renders as a page that runs script or can be framed: HTML, XHTML, SVG, other XML. */
export const DOCUMENT_TYPE = /html|xml/i;

/**
 * What is wrong with one answer's security headers (empty when nothing is), by the rule of
 * server/middleware/security.ts (docs/decisions/029-request-path-at-its-floor.md): EVERY answer says
 * nosniff (never taken for another type than it declares) and an /api answer is never stored; a
 * DOCUMENT carries the page policy: a script policy without 'unsafe-inline'/'unsafe-eval' or wildcards,
 * no plugins, no <base> rewrites, no framing, a referrer policy that sends no paths away, a permissions
 * policy and COOP. Anything else (JSON, images, scripts, styles) is never rendered as a page.
 */
export function headerProblems(headers: Headers, path = ''): string[] {
  const problems: string[] = [];
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  if (/^\/api(\/|$)/.test(path) && headers.get('cache-control') !== 'no-store')
    problems.push('an /api answer may be stored');
  if (!DOCUMENT_TYPE.test(headers.get('content-type') ?? '')) return problems;
  const csp = headers.get('content-security-policy');
  if (!csp) return [...problems, 'a document without a Content-Security-Policy'];
  const d = cspDirectives(csp);
  const scripts = d.get('script-src') ?? d.get('default-src');
  if (!scripts) problems.push('no script-src or default-src');
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    if (scripts?.includes(bad)) problems.push(`script-src allows ${bad}`);
  // object-src falls back to default-src (frame-ancestors and base-uri do not).
  if ((d.get('object-src') ?? d.get('default-src'))?.join(' ') !== "'none'") problems.push("object-src is not 'none'");
  if (!d.has('base-uri')) problems.push('no base-uri');
  if (d.get('frame-ancestors')?.join(' ') !== "'none'") problems.push("frame-ancestors is not 'none'");
  if (headers.get('x-frame-options') !== 'DENY') problems.push('X-Frame-Options is not DENY');
  const referrer = headers.get('referrer-policy') ?? '';
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer))
    problems.push(`Referrer-Policy is "${referrer}"`);
  if (!/microphone=\(\)/.test(headers.get('permissions-policy') ?? '')) problems.push('no Permissions-Policy');
  if (headers.get('cross-origin-opener-policy') !== 'same-origin') problems.push('COOP is not same-origin');
  return problems;
}
