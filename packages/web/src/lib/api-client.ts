import type { ZodType } from 'zod';
import { failedContextMessage, parseResponseFailedMessage } from '@touchline/contracts/messages';
import { requestRetryDefaults } from '@touchline/contracts/client-timings';
import { errorBodySchema, type ValidationError } from '@touchline/contracts/errors';
import { ApiError } from './api-error.ts';

// Callers keep importing the error with the client; only the first load's modules import api-error.ts directly.
export { ApiError };

/**
 * How the client authenticates product API calls (spec §4): the session hands out a fresh access token (refreshing
 * it when expired) and hears about a 401, which signs the user out.
 */
export interface ApiAuth {
  /** The current access token, or null when nobody is signed in. May reject when the session has ended. */
  getAccessToken: () => Promise<string | null>;
  onUnauthorized: () => void;
  /** Headers every authenticated call carries besides the token (a platform administrator's support session). */
  headers?: () => Record<string, string>;
}

/** Calls under this prefix are the product API: they carry the Bearer token (spec §7) unless told otherwise. */
export const productApiPrefix = '/api/app/';

/** Said when a product API call is made with nobody signed in: no request is sent. */
export const notSignedInMessage = 'You are not signed in.';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON; FormData and URLSearchParams are sent as they are. */
  body?: unknown;
  /** The contract's schema: the response is parsed through it, so the caller gets typed, checked data. */
  schema?: ZodType<T>;
  /** Read a 404 as "nothing there": the call answers null instead of failing. */
  notFoundAsEmpty?: boolean;
  /** When given, a failure reads 'Failed {context}: {status}'. */
  context?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the session's Bearer token and sign out on a 401. Default: only for paths under /api/app/. */
  auth?: boolean;
  /** The one success status the call accepts (e.g. 204 where the spec says "succeeds only on 204"). */
  expectStatus?: number;
  /** Overrides the spec's default of 3 retries 1000 ms apart (idempotent methods only). */
  retry?: { retries: number; delayMs: number };
}

export interface ApiClientDeps {
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Where product API calls get their token; can also be set later with `setAuth`. */
  auth?: ApiAuth | null;
}

const idempotent = new Set<HttpMethod>(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * The readable message of an error body (§7: "read for message, details or nested error(s)"): our
 * `{ error: { message, details } }`, a bare `{ message }`, RFC 6749's `error_description`, or nested `errors`.
 */
export function messageFromErrorBody(body: unknown): string | null {
  if (typeof body === 'string') return text(body);
  if (Array.isArray(body)) {
    const parts = body.map(messageFromErrorBody).filter((m): m is string => m !== null);
    return parts.length > 0 ? parts.join('; ') : null;
  }
  if (!isObject(body)) return null;
  return (
    text(body.message) ??
    text(body.details) ??
    text(body.error_description) ??
    (body.error !== undefined ? messageFromErrorBody(body.error) : null) ??
    (body.errors !== undefined ? messageFromErrorBody(body.errors) : null)
  );
}

/**
 * The code and field errors of our error body (ARCHITECTURE §3), when the body is one; for an RFC 6749 body
 * (the identity service's `{ error, error_description }`) the code is its `error`.
 */
function errorFields(body: unknown): { code?: string; validationErrors?: ValidationError[] } {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return isObject(body) && text(body.error) !== null ? { code: String(body.error) } : {};
  const { code, validationErrors } = parsed.data.error;
  return { code, ...(validationErrors ? { validationErrors } : {}) };
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Retry-After in seconds, whether the header gives seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSecondsOf(header: string | null, nowMs: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  // RFC 6749 token requests are form-encoded; say so rather than rely on the browser's default.
  if (body instanceof URLSearchParams) return { body, contentType: 'application/x-www-form-urlencoded' };
  if (body instanceof FormData || body instanceof Blob) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/** The typed HTTP client of the SPA (spec §7–§9): one place for parsing, errors and retries. */
export function createApiClient(deps: ApiClientDeps = {}) {
  const baseUrl = deps.baseUrl ?? '';
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let auth: ApiAuth | null = deps.auth ?? null;

  /** The Authorization header of an authenticated call; fails without a request when nobody is signed in. */
  async function authorization(path: string, opts: { auth?: boolean }): Promise<Record<string, string>> {
    if (!auth || !(opts.auth ?? path.startsWith(productApiPrefix))) return {};
    const token = await auth.getAccessToken();
    if (!token) throw new ApiError(401, notSignedInMessage);
    return { authorization: `Bearer ${token}`, ...auth.headers?.() };
  }

  async function once<T>(path: string, opts: RequestOptions<T>, method: HttpMethod): Promise<T | null> {
    const encoded = encodeBody(opts.body);
    const authHeader = await authorization(path, opts);
    const response = await doFetch(baseUrl + path, {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(encoded.contentType ? { 'content-type': encoded.contentType } : {}),
        ...authHeader,
        ...opts.headers,
      },
      ...(encoded.body !== undefined ? { body: encoded.body } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const raw = await response.text();

    if (!response.ok) {
      if (response.status === 404 && opts.notFoundAsEmpty) return null;
      if (response.status === 401 && authHeader.authorization) auth?.onUnauthorized();
      const parsed = raw ? parseJson(raw) : { ok: false as const };
      const body = parsed.ok ? parsed.value : raw;
      const message = opts.context
        ? failedContextMessage(opts.context, response.status)
        : (messageFromErrorBody(parsed.ok ? parsed.value : null) ??
          (response.statusText || `HTTP ${response.status}`));
      const retryAfterSeconds = retryAfterSecondsOf(response.headers.get('retry-after'));
      throw new ApiError(response.status, message, {
        ...errorFields(body),
        body,
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      });
    }
    if (opts.expectStatus !== undefined && response.status !== opts.expectStatus) {
      throw new ApiError(response.status, `Unexpected answer: HTTP ${response.status}`, { body: raw });
    }

    if (response.status === 204 || raw.trim() === '') return null;
    const parsed = parseJson(raw);
    if (!parsed.ok) throw new ApiError(response.status, parseResponseFailedMessage, { body: raw });
    if (!opts.schema) return parsed.value as T;
    const checked = opts.schema.safeParse(parsed.value);
    if (!checked.success) {
      throw new ApiError(response.status, parseResponseFailedMessage, {
        body: parsed.value,
        cause: checked.error,
      });
    }
    return checked.data;
  }

  async function request<T>(path: string, opts: RequestOptions<T> = {}): Promise<T | null> {
    const method = opts.method ?? 'GET';
    const { retries, delayMs } = opts.retry ?? requestRetryDefaults;
    const attempts = idempotent.has(method) ? retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(path, opts, method);
      } catch (error) {
        const aborted =
          typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
        const transient = error instanceof ApiError ? error.status >= 500 : !aborted;
        // With no network at all (the browser says so) a retry only delays the answer: pages that work offline
        // (the game-day check-in and card, ADR 044) fall back to what the device kept.
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        if (!transient || attempt >= attempts || offline) {
          if (error instanceof ApiError || aborted) throw error;
          throw new ApiError(0, opts.context ? failedContextMessage(opts.context, 0) : 'Network error', {
            cause: error,
          });
        }
        await sleep(delayMs);
      }
    }
  }

  return {
    request,
    /** Connects the session (or disconnects it with null): product API calls then carry its token. */
    setAuth: (next: ApiAuth | null) => {
      auth = next;
    },
    get: <T>(path: string, opts: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, opts: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'PATCH', body }),
    delete: <T>(path: string, opts: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same origin as the server that serves the SPA. */
export const api = createApiClient();
