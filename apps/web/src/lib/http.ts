import type { TErrorResponse } from '@pipewise/contract/common';
import { loadChunk } from './chunk-load';
import { readCookie } from './cookies';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-Token';

/** A non-2xx answer of the API; `detail` is the server's `{detail}` text ('' when absent). */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  /** Seconds from Retry-After (429), else null. */
  readonly retryAfter: number | null;
  /** Per-field messages of a 400 (`{errors:[{field,message}]}`); empty when absent. */
  readonly fieldErrors: NonNullable<TErrorResponse['errors']>;
  /** The whole parsed JSON answer, for the few errors that carry more than `{detail}` (null when none). */
  readonly body: unknown;

  constructor(status: number, detail: string, retryAfter: number | null, fieldErrors: TErrorResponse['errors'] = [], body: unknown = null) {
    super(detail || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.retryAfter = retryAfter;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * The one way the SPA talks to the API. The session lives in an HttpOnly cookie, so nothing
 * here ever sees a token; state-changing requests echo the CSRF cookie in a header.
 *
 * The CSRF token is bound to the session, so it goes stale when the session cookie changes
 * behind the page's back (it expired, or another tab signed in or out). The server then refuses
 * the write before running it and sets a fresh cookie in the same answer: the write is sent once
 * more with that cookie, which is safe because the refused attempt did nothing.
 */
export function request(method: Method, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<unknown> {
  return send(method, path, body, false, extraHeaders);
}

async function send(method: Method, path: string, body: unknown, isRetry: boolean, extraHeaders: Record<string, string>): Promise<unknown> {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const csrf = method === 'GET' ? null : readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await readJson(response);
  if (response.status >= 200 && response.status < 300) return json;
  // The schema (and zod) load only when an error needs reading, not with the first screen.
  const { CSRF_REFUSED_MESSAGE, ZErrorResponse } = await loadChunk(() => import('@pipewise/contract/common'));
  const parsed = ZErrorResponse.safeParse(json);
  const staleCsrf = response.status === 403 && parsed.success && parsed.data.detail === CSRF_REFUSED_MESSAGE;
  if (staleCsrf && !isRetry && method !== 'GET' && readCookie(CSRF_COOKIE) !== csrf) return send(method, path, body, true, extraHeaders);
  throw new ApiError(
    response.status,
    parsed.success ? parsed.data.detail : '',
    parseRetryAfter(response.headers.get('Retry-After')),
    parsed.success ? parsed.data.errors : [],
    json,
  );
}

export const http = {
  get: (path: string) => request('GET', path),
  post: (path: string, body: unknown = {}) => request('POST', path, body),
  put: (path: string, body: unknown = {}) => request('PUT', path, body),
  patch: (path: string, body: unknown = {}) => request('PATCH', path, body),
  delete: (path: string) => request('DELETE', path),
};
