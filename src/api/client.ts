/**
 * The one HTTP client of the SPA (one ofetch instance). Rules it enforces so no caller can forget them:
 * - product calls carry `Authorization: Bearer <access token>`; /api/public/* and /api/password-reset/* never do;
 * - writes (POST, PUT, PATCH, DELETE) carry the anti-forgery header `X-Requested-With: XMLHttpRequest`;
 * - every answer is parsed with its contract schema; a mismatch is "Invalid response format from server";
 * - a 401 on a product call calls the registered unauthorized handler (the app signs out and goes to /login).
 * No retries here: a machine that wants one says so in its statechart.
 */
import { type $Fetch, ofetch } from 'ofetch';
import * as v from 'valibot';
import { dropEarly, takeEarly } from './early.ts';
import { ApiError, INVALID_RESPONSE, NETWORK_ERROR } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined>;

export interface ApiConfig {
  /** '' = same origin as the SPA. */
  baseUrl: string;
  accessToken: () => Promise<string | undefined>;
  /** Where post images live (/config.json's mediaBaseUrl); an image's address is this plus its key. */
  mediaBaseUrl: string;
  /** The mobile app's deep-link scheme (/config.json's appScheme), for the voucher QR codes. */
  appScheme: string;
  /** Where owners ask for another package (/config.json's salesEmail, SALES_EMAIL on the server). */
  salesEmail?: string;
  /** Injected by unit tests; the browser's fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

const WRITES: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PUBLIC_PREFIXES = ['/api/public/', '/api/password-reset/'];
export const isPublicPath = (path: string) => PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));

let config: ApiConfig = {
  baseUrl: '',
  mediaBaseUrl: '/media/',
  appScheme: 'loyaltyapp',
  accessToken: async () => undefined,
};
let onUnauthorized: (() => void) | null = null;
let http: $Fetch = createHttp();

function createHttp(): $Fetch {
  return ofetch.create(
    { baseURL: config.baseUrl || undefined, retry: false, timeout: 30_000 },
    config.fetch ? { fetch: config.fetch } : undefined,
  );
}

export function configureApi(next: Partial<ApiConfig>): void {
  config = { ...config, ...next };
  http = createHttp();
}

/** One handler at a time (the app's); returns a function that removes it. */
export function setUnauthorizedHandler(handler: () => void): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = null;
  };
}

interface RequestOptions<S> {
  schema: S;
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

/** A GET's path and query as one address, `/api/x?a=1&b=2`: the query in its own order, undefined left out. */
function addressOf(path: string, query?: Query): string {
  const defined = Object.entries(query ?? {}).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  const search = new URLSearchParams(defined.map(([name, value]) => [name, String(value)])).toString();
  return search ? `${path}?${search}` : path;
}

export async function request<S extends v.GenericSchema>(
  method: HttpMethod,
  path: string,
  { schema, body, query, signal }: RequestOptions<S>,
): Promise<v.InferOutput<S>> {
  const isPublic = isPublicPath(path);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (WRITES.has(method)) headers['X-Requested-With'] = 'XMLHttpRequest';
  const token = isPublic ? undefined : await config.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let data: unknown;
  // A GET the boot entry already sent with this token (src/api/early.ts); a write makes those stale.
  const early = method === 'GET' ? await takeEarly(addressOf(path, query), token) : undefined;
  if (method !== 'GET') dropEarly();
  if (early) {
    if (!early.response.ok) throw toApiError(early, isPublic);
    data = early.data;
  } else {
    try {
      data = await http(path, { method, headers, body: body as Record<string, unknown> | undefined, query, signal });
    } catch (error) {
      throw toApiError(error, isPublic);
    }
  }

  const parsed = v.safeParse(schema, data);
  if (!parsed.success) {
    // Path only: the body may hold personal data.
    console.error(`Unexpected response shape from ${method} ${path}`);
    throw new ApiError('format', INVALID_RESPONSE);
  }
  return parsed.output;
}

function toApiError(error: unknown, isPublic: boolean): ApiError {
  const response = (error as { response?: Response } | null)?.response;
  if (!response) return new ApiError('network', NETWORK_ERROR);
  const body = (error as { data?: unknown }).data as { message?: unknown } | undefined;
  const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
  if (response.status === 401 && !isPublic) onUnauthorized?.();
  return new ApiError(
    'http',
    serverMessage ?? `Request failed with status ${response.status}`,
    response.status,
    serverMessage,
  );
}

type Options<S> = Omit<RequestOptions<S>, 'schema' | 'body'>;

export const api = {
  get: <S extends v.GenericSchema>(path: string, schema: S, options?: Options<S>) =>
    request('GET', path, { schema, ...options }),
  post: <S extends v.GenericSchema>(path: string, schema: S, body?: unknown, options?: Options<S>) =>
    request('POST', path, { schema, body, ...options }),
  put: <S extends v.GenericSchema>(path: string, schema: S, body?: unknown, options?: Options<S>) =>
    request('PUT', path, { schema, body, ...options }),
  patch: <S extends v.GenericSchema>(path: string, schema: S, body?: unknown, options?: Options<S>) =>
    request('PATCH', path, { schema, body, ...options }),
  delete: <S extends v.GenericSchema>(path: string, schema: S, options?: Options<S>) =>
    request('DELETE', path, { schema, ...options }),
};

/** The mobile app's deep-link scheme, e.g. "loyaltyapp" (claim links are `<scheme>://claim-voucher/{id}`). */
export const appScheme = () => config.appScheme;

/** The sales team's address for package changes (My Package). */
export const salesEmail = () => config.salesEmail ?? 'sales@example.com';

/**
 * An address the server gave as a path (the database store's images and upload targets) on the origin
 * the SPA calls: apiBaseUrl when the API lives elsewhere, else the page's own origin (a relative URL).
 * An absolute address (a bucket) is kept as it is. Never a fixed host: the page may be opened at
 * 127.0.0.1, at localhost or from a CDN, and each must reach the API it calls (issue 26).
 */
export function onApiOrigin(address: string): string {
  if (!address.startsWith('/') || address.startsWith('//') || !config.baseUrl) return address;
  return `${config.baseUrl.replace(/\/+$/, '')}${address}`;
}

/** The address of a stored image (spec §3: a fixed public storage location plus the key). */
export const mediaUrl = (key: string) =>
  onApiOrigin(`${config.mediaBaseUrl}${key.split('/').map(encodeURIComponent).join('/')}`);

/**
 * PUT a file to a signed upload target, with its Content-Type and the anti-forgery header (spec §7).
 * Never with the bearer token: the target may be a storage bucket, and the signed URL is the credential.
 */
export async function uploadFile(url: string, file: Blob, contentType: string, signal?: AbortSignal): Promise<void> {
  try {
    await http(onApiOrigin(url), {
      method: 'PUT',
      baseURL: undefined,
      headers: { 'Content-Type': contentType, 'X-Requested-With': 'XMLHttpRequest' },
      body: file,
      signal,
      timeout: 120_000,
    });
  } catch (error) {
    throw toApiError(error, true);
  }
}

/** A file the API sends as an attachment (the CSV export): its bytes and the server's file name. */
export async function downloadFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = {};
  const token = await config.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await http.raw(path, { headers, responseType: 'blob', signal, timeout: 120_000 });
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
    return { blob: response._data as Blob, filename };
  } catch (error) {
    throw toApiError(error, false);
  }
}

/** A failed poll as ofetch reports it (or an early answer that is a refusal), with its status line and Retry-After. */
function pollError(error: unknown): PollError {
  const failed = (error as { response?: Response } | null)?.response;
  const apiError: PollError = toApiError(error, false);
  if (failed) {
    const retryAfter = Number(failed.headers.get('retry-after'));
    Object.assign(apiError, {
      statusText: failed.statusText,
      ...(Number.isFinite(retryAfter) && failed.headers.has('retry-after') ? { retryAfter } : {}),
    });
  }
  return apiError;
}

/** A polled GET's outcome: changed data with its ETag, or "not modified" (304, no body read). */
export type Conditional<T> = { kind: 'fresh'; data: T; etag: string | null } | { kind: 'unchanged' };

/** A failed polled GET: the ApiError plus the status line's text and a 429's Retry-After (seconds). */
export type PollError = ApiError & { statusText?: string; retryAfter?: number };

/**
 * A GET that a poller repeats: it sends the last ETag as If-None-Match, so an idle poll is a 304 with
 * no body, and answers `unchanged` for it. Same bearer, parsing and 401 rules as `request`.
 */
export async function conditionalGet<S extends v.GenericSchema>(
  path: string,
  schema: S,
  { etag, query, signal }: { etag: string | null; query?: Query; signal?: AbortSignal },
): Promise<Conditional<v.InferOutput<S>>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = await config.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers['If-None-Match'] = etag;
  // The first poll of a page load may have been sent by the boot entry (src/api/early.ts).
  const early = etag ? undefined : await takeEarly(addressOf(path, query), token);
  let response: Awaited<ReturnType<$Fetch['raw']>>;
  if (early?.response.ok) response = Object.assign(early.response, { _data: early.data });
  else if (early) throw pollError(early);
  else {
    try {
      response = await http.raw(path, { headers, query, signal });
    } catch (error) {
      throw pollError(error);
    }
  }
  if (response.status === 304) return { kind: 'unchanged' };
  const parsed = v.safeParse(schema, response._data);
  if (!parsed.success) {
    console.error(`Unexpected response shape from GET ${path}`);
    throw new ApiError('format', INVALID_RESPONSE);
  }
  return { kind: 'fresh', data: parsed.output, etag: response.headers.get('etag') };
}
