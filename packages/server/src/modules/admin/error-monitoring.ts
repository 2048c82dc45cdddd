import * as Sentry from '@sentry/node';
import { isIgnoredErrorMessage, errorTracesSampleRate } from '@touchline/contracts/monitoring';
import { scrubText } from '../../scrub.ts';

// Error monitoring of the server (issue 32, spec §8–§9, ADR 042): the official Sentry SDK at the spec's trace rate,
// only when a DSN is configured, and never with personal data — e-mail addresses, names, tokens, cookies and
// request bodies are scrubbed before an event leaves. Reporting drops what the spec says it drops.

type SentryEvent = Sentry.ErrorEvent;

export { scrubText };

/** Headers an event may keep: none that authenticate or carry cookies. */
const keptHeaders = new Set(['accept', 'content-type', 'content-length', 'user-agent', 'x-request-id']);

/**
 * The event without personal data: no user but its id, no cookies, no request body or query, only harmless
 * headers, and every message, exception value and breadcrumb text scrubbed.
 */
export function scrubEvent<E extends SentryEvent>(event: E): E {
  const scrubbed: E = { ...event };
  if (scrubbed.user) scrubbed.user = scrubbed.user.id ? { id: scrubbed.user.id } : {};
  if (scrubbed.request) {
    const headers = Object.fromEntries(
      Object.entries(scrubbed.request.headers ?? {}).filter(([name]) => keptHeaders.has(name.toLowerCase())),
    );
    scrubbed.request = {
      ...(scrubbed.request.method ? { method: scrubbed.request.method } : {}),
      ...(scrubbed.request.url ? { url: scrubText(scrubbed.request.url.split('?')[0] ?? '') } : {}),
      headers,
    };
  }
  if (typeof scrubbed.message === 'string') scrubbed.message = scrubText(scrubbed.message);
  if (scrubbed.exception?.values)
    scrubbed.exception = {
      values: scrubbed.exception.values.map((v) => ({
        ...v,
        ...(v.value ? { value: scrubText(v.value) } : {}),
      })),
    };
  if (scrubbed.breadcrumbs)
    scrubbed.breadcrumbs = scrubbed.breadcrumbs.map((b) => ({
      ...b,
      ...(b.message ? { message: scrubText(b.message) } : {}),
      data: undefined,
    }));
  delete scrubbed.extra;
  return scrubbed;
}

/** What reporting drops (spec §8): a 404 and redirects (not faults), generic script errors, resize-observer notices. */
export function isDroppedError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && (status === 404 || (status >= 300 && status < 400))) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return isIgnoredErrorMessage(message);
}

/** The SDK's options for a DSN: the spec's trace rate, classic transactions, the drops and the scrubbing. */
export function serverMonitoringOptions(
  dsn: string,
  environment: string,
  release: string,
): Sentry.NodeOptions {
  return {
    dsn,
    environment,
    release,
    tracesSampleRate: errorTracesSampleRate,
    // SDK 11's default, stated: Sentry registers no OpenTelemetry tracer provider, context manager or propagator, so
    // our own OpenTelemetry SDK (src/tracing, OTLP export) owns those globals and the two never compete (ADR 042).
    enableOpenTelemetrySetup: false,
    // Our onError hook reports faults with their tags (route, method, request id); the SDK's own Fastify error
    // capture would report the same error untagged first, and deduplication would then drop ours.
    // Local variables and source lines may hold personal data: never collected (file and line numbers suffice).
    integrations: (defaults) =>
      defaults.filter(
        (i) => !['Fastify', 'LocalVariables', 'LocalVariablesAsync', 'ContextLines'].includes(i.name),
      ),
    traceLifecycle: 'static',
    // Collected as little as the SDK allows; beforeSend scrubs whatever remains (SDK 11's dataCollection).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: [...keptHeaders] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
    },
    // The 404 transaction (spec §8): an unknown route is not a fault.
    ignoreTransactions: [/\b404\b/, /not found/i],
    beforeSend: (event, hint) => (isDroppedError(hint.originalException) ? null : scrubEvent(event)),
    beforeSendTransaction: (event) =>
      event.contexts?.response?.status_code === 404
        ? null
        : (scrubEvent(event as unknown as SentryEvent) as never),
  };
}

/** Where the browser sends its events: the DSN's origin, for the page's connect-src (none without a DSN). */
export function monitoringOrigins(dsn: string | undefined): string[] {
  if (!dsn) return [];
  try {
    return [new URL(dsn).origin];
  } catch {
    return [];
  }
}

let started = false;

/** Starts the SDK once per process when a DSN is configured; without one nothing is ever sent. */
export function startErrorMonitoring(dsn: string | undefined, environment: string, release: string): boolean {
  if (!dsn) return false;
  if (!started) Sentry.init(serverMonitoringOptions(dsn, environment, release));
  started = true;
  return true;
}

/** Reports a server fault (a 5xx) with its request's tags; a client error or a dropped kind is not reported. */
export function reportServerError(
  error: unknown,
  tags: { route: string; method: string; requestId: string },
) {
  if (!started || isDroppedError(error)) return;
  Sentry.withScope((scope) => {
    scope.setTags({ route: tags.route, method: tags.method, source: 'server' });
    scope.setTag('request_id', tags.requestId);
    Sentry.captureException(error);
  });
}

/** Sends what is queued, for a clean stop (and for tests that wait for the sink). */
export const flushErrorMonitoring = (timeoutMs = 2000) =>
  started ? Sentry.flush(timeoutMs) : Promise.resolve(true);
