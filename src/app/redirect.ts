/**
 * Where to send a user after sign-in. The `redirect` query parameter comes from the URL, so anyone can
 * craft it: only same-origin paths are accepted (one leading '/', never '//' or '/\', no scheme).
 */
const ORIGIN = 'https://portal.invalid';

export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return '/';
  // Browsers read '\' as '/', and control characters are stripped before parsing: both can smuggle a host in.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return '/';
  try {
    const url = new URL(raw, ORIGIN);
    if (url.origin !== ORIGIN) return '/';
    if (url.pathname === '/login') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** /login with the page the user wanted, so sign-in can bring them back. '/' needs no reminder. */
export function loginPathFor(pathAndSearch: string): string {
  return pathAndSearch === '/' || pathAndSearch === ''
    ? '/login'
    : `/login?redirect=${encodeURIComponent(pathAndSearch)}`;
}
