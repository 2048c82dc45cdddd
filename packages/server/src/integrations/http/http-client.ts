import { randomUUID } from 'node:crypto';
import { Agent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import { CircuitBreaker, type BreakerOptions } from './circuit-breaker.ts';
import { trackVendorClient } from './vendor-health.ts';
import { VendorCircuitOpenError, VendorHttpError, VendorUnreachableError } from './vendor-errors.ts';
import { scrubText } from '../../scrub.ts';
import { inSpan, SpanKind, SpanStatusCode, traceCarrier, tracingActive } from '../../tracing/tracer.ts';

/** The slice of a pino logger the client writes to. */
export type HttpLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/** One vendor's client settings; everything but vendor and baseUrl has a default fit for a vendor API. */
export type VendorHttpOptions = {
  vendor: string;
  baseUrl: string;
  /** Sent on every call (the vendor's auth header); never logged. */
  headers?: Record<string, string>;
  /** Per attempt, from sending to the whole body read. */
  timeoutMs?: number;
  /** Extra attempts for a call that may be repeated (idempotent method or idempotency key). */
  retries?: number;
  /** The first retry waits up to this long (full jitter), doubling each time, capped at 10 s. */
  retryBaseMs?: number;
  breaker?: BreakerOptions;
  logger: HttpLogger;
  /** For tests: the random source of the jitter and the wait itself. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** One call, in our words. */
export type VendorRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Sent as `application/x-www-form-urlencoded` instead of a JSON body (TalentLMS, form-style APIs). */
  form?: Record<string, string>;
  /** `buffer`: the answer's bytes as they came (a certificate PDF), never parsed. */
  responseType?: 'buffer';
  /** Derived from our ids, so a retried create is one create at the vendor; makes a POST safe to retry. */
  idempotencyKey?: string;
  /** The header the vendor reads the idempotency key from (default `Idempotency-Key`). */
  idempotencyHeader?: string;
  /** Ties the call to the request or job that caused it, in our logs and (as a header) in the vendor's. */
  correlationId?: string;
  /** Sent on this call only (a short-lived bearer token); never logged. */
  headers?: Record<string, string>;
  /** Statuses answered to the caller instead of thrown (e.g. 404 for "look up, create when missing"). */
  accept?: number[];
};

/** A vendor's answer: status, headers and the body (parsed JSON, or text). */
export type VendorResponse<T> = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
};

/** The one outbound HTTP client every adapter uses (ARCHITECTURE §2b). */
export type VendorHttpClient = {
  readonly vendor: string;
  readonly breaker: CircuitBreaker;
  call<T>(req: VendorRequest): Promise<VendorResponse<T>>;
  close(): Promise<void>;
};

const retriableStatuses = new Set([408, 425, 429, 500, 502, 503, 504]);
const idempotentMethods = new Set(['GET', 'PUT', 'DELETE']);

/**
 * Builds a vendor's client on undici: a keep-alive pool, a timeout per attempt, retries with full jitter for calls
 * that are safe to repeat (honouring Retry-After), a circuit breaker, a correlation id on every call, and one log
 * line per attempt that names the vendor, method, path (no query: it may hold personal data), status and time,
 * never a header or a body.
 */
export function createVendorHttpClient(options: VendorHttpOptions): VendorHttpClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const retryBaseMs = options.retryBaseMs ?? 200;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const breaker = new CircuitBreaker(options.breaker ?? { failureThreshold: 5, cooldownMs: 30_000 });
  const recordOutcome = trackVendorClient(options.vendor, breaker);
  const dispatcher: Dispatcher = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
  const base = options.baseUrl.replace(/\/$/, '');

  /**
   * One attempt as a client span when tracing is on (vendor, method, host and path without its query, scrubbed like
   * our logs), its W3C `traceparent` sent so a vendor that traces joins our trace.
   */
  async function tracedAttempt<T>(req: VendorRequest, correlationId: string, n: number) {
    if (!tracingActive()) return attempt<T>(req, correlationId, {});
    const url = new URL(base + req.path);
    return inSpan(
      `${req.method} ${options.vendor}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'touchline.vendor': options.vendor,
          'http.request.method': req.method,
          'server.address': url.hostname,
          'url.path': scrubText(url.pathname),
          'http.request.resend_count': n - 1,
        },
      },
      async (span) => {
        const response = await attempt<T>(req, correlationId, traceCarrier());
        span.setAttribute('http.response.status_code', response.status);
        if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        return response;
      },
    );
  }

  async function attempt<T>(
    req: VendorRequest,
    correlationId: string,
    trace: Record<string, string>,
  ): Promise<VendorResponse<T>> {
    const url = new URL(base + req.path);
    for (const [key, value] of Object.entries(req.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-correlation-id': correlationId,
      ...trace,
      ...options.headers,
      ...req.headers,
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (req.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (req.idempotencyKey)
      headers[(req.idempotencyHeader ?? 'Idempotency-Key').toLowerCase()] = req.idempotencyKey;
    const response = await request(url, {
      method: req.method,
      headers,
      body:
        req.form !== undefined
          ? new URLSearchParams(req.form).toString()
          : req.body === undefined
            ? undefined
            : JSON.stringify(req.body),
      dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    if (req.responseType === 'buffer' && response.statusCode < 300) {
      const bytes = Buffer.from(await response.body.arrayBuffer());
      return { status: response.statusCode, headers: response.headers, body: bytes as T };
    }
    const text = await response.body.text();
    let body: unknown = text;
    if (String(response.headers['content-type'] ?? '').includes('json') && text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: response.statusCode, headers: response.headers, body: body as T };
  }

  async function call<T>(req: VendorRequest): Promise<VendorResponse<T>> {
    const correlationId = req.correlationId ?? randomUUID();
    const repeatable = idempotentMethods.has(req.method) || Boolean(req.idempotencyKey);
    const attempts = repeatable ? retries + 1 : 1;
    const log = { vendor: options.vendor, method: req.method, path: req.path, correlationId };
    let lastError: Error = new VendorUnreachableError(options.vendor, 'network');
    for (let n = 1; n <= attempts; n++) {
      if (!breaker.tryAcquire()) throw new VendorCircuitOpenError(options.vendor, breaker.retryAfterMs());
      const started = performance.now();
      let retryAfterMs = 0;
      try {
        const response = await tracedAttempt<T>(req, correlationId, n);
        const durationMs = Math.round(performance.now() - started);
        const vendorFault = response.status >= 500 || response.status === 429 || response.status === 408;
        if (vendorFault) breaker.recordFailure();
        else breaker.recordSuccess();
        recordOutcome(!vendorFault);
        const ok = (response.status >= 200 && response.status < 300) || req.accept?.includes(response.status);
        (ok ? options.logger.info : options.logger.warn).call(
          options.logger,
          { ...log, status: response.status, durationMs, attempt: n },
          'vendor call',
        );
        if (ok) return response;
        lastError = new VendorHttpError(options.vendor, response.status, response.body);
        if (!retriableStatuses.has(response.status)) throw lastError;
        retryAfterMs = parseRetryAfter(response.headers['retry-after']);
      } catch (error) {
        if (error instanceof VendorHttpError) throw error;
        breaker.recordFailure();
        recordOutcome(false);
        const reason = isTimeout(error) ? 'timeout' : 'network';
        options.logger.warn(
          { ...log, error: reason, durationMs: Math.round(performance.now() - started), attempt: n },
          'vendor call failed',
        );
        lastError = new VendorUnreachableError(options.vendor, reason);
      }
      if (n < attempts) {
        const backoff = random() * Math.min(10_000, retryBaseMs * 2 ** (n - 1));
        await sleep(Math.max(backoff, Math.min(retryAfterMs, 30_000)));
      }
    }
    throw lastError;
  }

  return {
    vendor: options.vendor,
    breaker,
    call,
    close: () => dispatcher.close(),
  };
}

function isTimeout(error: unknown): boolean {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError)
    return true;
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** Retry-After in seconds or as an HTTP date, in milliseconds (0 when absent or unreadable). */
function parseRetryAfter(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return 0;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(text);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : 0;
}
