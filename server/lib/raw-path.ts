/** The path as the client sent it (still percent-encoded, never decoded), without the query string. */
export function rawPath(url: string): string {
  const scheme = url.indexOf('://');
  const start = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
  if (start < 0) return '/';
  const end = url.search(/[?#]/);
  return end < start ? url.slice(start) : url.slice(start, end);
}
