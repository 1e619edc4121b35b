import { tokenStorage } from './token-storage.ts';
import { nextCursor } from './link-header.ts';

/**
 * The one HTTP client of the SPA. It adds `Authorization: Bearer {token}` to every `/api` call,
 * turns every failure into an `ApiError` (our `{ error: { code, message, fields? } }` body or
 * the identity library's `{ code, message }`), and applies PRODUCT.md §6: a 401/403 from the API
 * signs the user out — except an expired access token, which is re-exchanged once first.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** The whole error body, for answers that carry more than the error (an import's refused lines). */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface AuthHooks {
  /** Re-exchange the access token after `TOKEN_EXPIRED`; resolves true when a new one is stored. */
  refreshToken: () => Promise<boolean>;
  /** A 401/403 came back from the API. */
  onUnauthorized: (error: ApiError) => void;
}

const noHooks: AuthHooks = { refreshToken: async () => false, onUnauthorized: () => {} };
let hooks: AuthHooks = noHooks;

/** The auth layer plugs its behaviour in here (keeps this module free of React and of auth). */
export function setAuthHooks(next: AuthHooks): () => void {
  hooks = next;
  return () => {
    if (hooks === next) hooks = noHooks;
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its content type (a CSV file), instead of a JSON body. */
  content?: { type: string; data: string };
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the stored access token (default: every `/api` path except the identity routes). */
  bearer?: boolean;
  /**
   * What a 401/403 does: `sign-out` (default for the API) or `ignore` (default for the identity
   * routes under `/api/auth/`, where a 401 means "wrong password", not "session gone").
   */
  authErrors?: 'sign-out' | 'ignore';
  /** Answer the body as a Blob (a PDF, say) instead of parsed JSON or text. */
  blob?: boolean;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send<T>(path, options, false)).data;
}

/** A successful answer's body with its headers (a page of a list: `X-Total-Count`, `Link`). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** `request`, keeping the answer's headers. */
export function requestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  return send<T>(path, options, false);
}

/** One page of a paged list (docs/ARCHITECTURE.md, "Lists"). */
export interface Page<T> {
  items: T[];
  /** X-Total-Count: how many match across all pages. */
  total: number;
  /** The cursor of the next page (from `Link: <…>; rel="next"`), or null on the last. */
  nextCursor: string | null;
}

/** `GET` a paged list: its items, X-Total-Count and the next page's cursor. */
export async function requestPage<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  const { data, headers } = await requestWithHeaders<T[]>(path, options);
  return {
    items: data,
    total: Number(headers.get('x-total-count') ?? data.length),
    nextCursor: nextCursor(headers.get('link')),
  };
}

async function send<T>(path: string, options: RequestOptions, isRetry: boolean): Promise<ApiResponse<T>> {
  // The identity routes (/api/auth/*) work on the session cookie: the access token is not theirs.
  const isApi = path.startsWith('/api/') && !path.startsWith('/api/auth/');
  const { method = 'GET', body, signal, bearer = isApi } = options;
  const authErrors = options.authErrors ?? (isApi ? 'sign-out' : 'ignore');

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.content) headers['Content-Type'] = options.content.type;
  const token = bearer ? tokenStorage.get() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(absolute(path), {
      method,
      headers,
      body: options.content ? options.content.data : body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }

  if (response.ok) {
    const data = options.blob ? await response.blob() : await readBody(response);
    return { data: data as T, headers: response.headers };
  }

  const error = toApiError(response.status, await readBody(response));
  if (authErrors === 'sign-out' && (error.status === 401 || error.status === 403)) {
    if (error.status === 401 && error.code === 'TOKEN_EXPIRED' && token && !isRetry) {
      if (await hooks.refreshToken().catch(() => false)) return send<T>(path, options, true);
    }
    hooks.onUnauthorized(error);
  }
  throw error;
}

/** Relative to the page (fetch in the browser does this itself; Node's fetch in tests does not). */
function absolute(path: string): string {
  return typeof window === 'undefined' ? path : new URL(path, window.location.href).href;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const fallback = defaultMessage(status);
  if (body && typeof body === 'object') {
    const outer = body as Record<string, unknown>;
    // Our API: { error: { code, message, fields? } }
    if (outer.error && typeof outer.error === 'object') {
      const inner = outer.error as Record<string, unknown>;
      return new ApiError(
        status,
        str(inner.code) ?? codeFor(status),
        str(inner.message) ?? fallback,
        fields(inner.fields),
        body,
      );
    }
    // The identity library: { code?, message }
    if (typeof outer.message === 'string' && outer.message) {
      return new ApiError(status, str(outer.code) ?? codeFor(status), outer.message);
    }
  }
  return new ApiError(status, codeFor(status), fallback);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function fields(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) if (typeof message === 'string') out[key] = message;
  return out;
}

function codeFor(status: number): string {
  return status === 401
    ? 'UNAUTHORIZED'
    : status === 403
      ? 'FORBIDDEN'
      : status === 429
        ? 'RATE_LIMITED'
        : `HTTP_${status}`;
}

function defaultMessage(status: number): string {
  if (status === 401) return 'Please sign in again.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'The server had a problem. Please try again in a moment.';
  return `Request failed (${status}).`;
}
