/** Requests to a server at `url`, as the SPA and the app make them. No vitest imports here. */
export function httpClient(url: string) {
  /** fetch against this server; a relative path is resolved against its URL. */
  const request = (path: string, init?: RequestInit) => fetch(new URL(path, url), init);
  /** JSON request helper: sets the JSON content type and the anti-forgery header for writes. */
  const api = (
    method: string,
    path: string,
    { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) =>
    request(path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { request, api };
}
