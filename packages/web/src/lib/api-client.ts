import type { ZodType } from 'zod';
import { failedContextMessage, parseResponseFailedMessage } from '@touchline/contracts/messages';
import { requestRetryDefaults } from '@touchline/contracts/session';
import { errorBodySchema, type ValidationError } from '@touchline/contracts/errors';

/** A failed call: the HTTP status (0 when the network failed), a readable message and what the server said. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly validationErrors: ValidationError[];
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    extra: { code?: string; validationErrors?: ValidationError[]; body?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = extra.code;
    this.validationErrors = extra.validationErrors ?? [];
    this.body = extra.body;
  }
}

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
  /** Overrides the spec's default of 3 retries 1000 ms apart (idempotent methods only). */
  retry?: { retries: number; delayMs: number };
}

export interface ApiClientDeps {
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
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

/** The code and field errors of our error body (ARCHITECTURE §3), when the body is one. */
function errorFields(body: unknown): { code?: string; validationErrors?: ValidationError[] } {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return {};
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

function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) {
    return { body };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/** The typed HTTP client of the SPA (spec §7–§9): one place for parsing, errors and retries. */
export function createApiClient(deps: ApiClientDeps = {}) {
  const baseUrl = deps.baseUrl ?? '';
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  async function once<T>(path: string, opts: RequestOptions<T>, method: HttpMethod): Promise<T | null> {
    const encoded = encodeBody(opts.body);
    const response = await doFetch(baseUrl + path, {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(encoded.contentType ? { 'content-type': encoded.contentType } : {}),
        ...opts.headers,
      },
      ...(encoded.body !== undefined ? { body: encoded.body } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const raw = await response.text();

    if (!response.ok) {
      if (response.status === 404 && opts.notFoundAsEmpty) return null;
      const parsed = raw ? parseJson(raw) : { ok: false as const };
      const body = parsed.ok ? parsed.value : raw;
      const message = opts.context
        ? failedContextMessage(opts.context, response.status)
        : (messageFromErrorBody(parsed.ok ? parsed.value : null) ??
          (response.statusText || `HTTP ${response.status}`));
      throw new ApiError(response.status, message, { ...errorFields(body), body });
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
        if (!transient || attempt >= attempts) {
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
