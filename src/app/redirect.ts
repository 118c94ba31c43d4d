/**
 * Where to send a user after sign-in. The `redirect` query parameter comes from the URL, so anyone can
 * craft it: only a path of this origin is accepted, judged AFTER the URL parser has normalised it
 * (dot segments, percent-encoded dots), since that is what the browser will navigate to.
 */
const ORIGIN = 'https://portal.invalid';

/** '//host' and '/\host' are read by browsers as another host ('\' counts as '/'). */
const leavesOrigin = (path: string) => /^[/\\]{2}/.test(path) || /^\/[/\\]/.test(path);

export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || leavesOrigin(raw)) return '/';
  // Browsers read '\' as '/', and strip control characters and whitespace before parsing: each can
  // smuggle a host in, so none is accepted anywhere in the target.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u0020\u007f]/.test(raw)) return '/';
  // An encoded slash or backslash in front ('/%2F%2Fhost') means nothing to a path but may be
  // decoded by something on the way: refused too.
  if (/^\/(?:%2f|%5c)/i.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return '/';
  }
  // '/..//host' normalises to '//host': a protocol-relative URL of another host.
  if (url.origin !== ORIGIN || !url.pathname.startsWith('/') || leavesOrigin(url.pathname)) return '/';
  if (url.pathname === '/login') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the page the user wanted, so sign-in can bring them back. '/' needs no reminder. */
export function loginPathFor(pathAndSearch: string): string {
  return pathAndSearch === '/' || pathAndSearch === ''
    ? '/login'
    : `/login?redirect=${encodeURIComponent(pathAndSearch)}`;
}
