import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { scrubText } from '../scrub.ts';

// The server's own instrumentation points (issue 32, ADR 042): Fastify requests, database statements, vendor calls and
// queue jobs make spans through the OpenTelemetry API only. The SDK (start-tracing.ts) is loaded and registered only
// when an OTLP endpoint is configured; until then `tracingActive()` is false and every helper here runs its work
// directly, so a process without tracing pays one boolean check per statement.
//
// Attributes are chosen, never copied: method, route pattern, status, statement kind and table, vendor and path, job
// name, ids of jobs. No header, query string, body, parameter or statement text. Error texts go through the Sentry
// scrubber's `scrubText` and the exporter's scrubbing processor checks every string once more.

let active = false;
let status: TracingStatus = { exporting: false, endpoint: null, recentTracesUrl: null };

/** What the /admin health page says of tracing in this process. */
export type TracingStatus = {
  exporting: boolean;
  /** The OTLP endpoint's origin (never its path or headers, which may hold a key). */
  endpoint: string | null;
  /** Our OTLP receiver sandbox's recent-traces page, in development only. */
  recentTracesUrl: string | null;
};

/** Marks the SDK as registered (start-tracing.ts) or stopped. */
export function setTracingActive(on: boolean, url?: string, recentTracesUrl?: string) {
  active = on;
  let endpoint: string | null = null;
  try {
    endpoint = on && url ? new URL(url).origin : null;
  } catch {
    endpoint = null;
  }
  status = { exporting: on, endpoint, recentTracesUrl: on ? (recentTracesUrl ?? null) : null };
}

export const tracingStatus = (): TracingStatus => status;

/** Whether spans are recorded and exported in this process. */
export const tracingActive = () => active;

export const tracer = () => trace.getTracer('touchline');

/** The span's status and an exception event for a failure: the error's type and its scrubbed message, no stack. */
export function recordFailure(span: Span, error: unknown) {
  const type = error instanceof Error ? error.name : 'Error';
  const message = scrubText(error instanceof Error ? error.message : String(error)).slice(0, 300);
  span.addEvent('exception', { 'exception.type': type, 'exception.message': message });
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** Runs `fn` in a new active span (a child of the current one) and ends it, recording a failure. */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Attributes; links?: Link[]; parent?: Context },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind, attributes: options.attributes ?? {}, links: options.links ?? [] },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        recordFailure(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

const operationPattern =
  /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete|begin|commit|rollback|savepoint|release|set|show|create|alter|drop|lock|truncate|copy|do)\b/i;
const tablePattern = /\b(?:from|into|update|join)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i;

/**
 * The statement's kind and first table (`SELECT profiles`), never its text: a statement built with literals could
 * hold a name, and a summary is what a trace view groups by anyway (OpenTelemetry's `db.query.summary`).
 */
export function statementSummary(text: string): { operation: string; summary: string; table?: string } {
  const operation = (operationPattern.exec(text)?.[1] ?? 'other').toUpperCase();
  const table = tablePattern.exec(text)?.[1]?.replaceAll('"', '');
  return { operation, summary: table ? `${operation} ${table}` : operation, ...(table ? { table } : {}) };
}

/**
 * One database statement as a client span (`SELECT profiles`), within a request's or a job's trace; runs `run`
 * directly when tracing is off or nothing traced is under way (start-up, migrations, seeds: no trace per statement).
 */
export function dbSpan<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!active || !trace.getSpan(context.active())) return run();
  const { operation, summary, table } = statementSummary(text);
  return inSpan(
    summary,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.summary': summary,
        ...(table ? { 'db.collection.name': table } : {}),
      },
    },
    run,
  );
}

/** The W3C `traceparent` (and `tracestate`) of the current context, for an outbound call or a job. */
export function traceCarrier(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  if (active) propagation.inject(ctx, carrier);
  return carrier;
}

/** The context a W3C carrier names (a request's headers, a job's stored carrier); the root context without one. */
export function contextFrom(carrier: Record<string, unknown> | undefined): Context {
  if (!carrier) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, carrier, {
    get: (c, key) => {
      const value = c[key];
      return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined;
    },
    keys: (c) => Object.keys(c),
  });
}

export { SpanKind, SpanStatusCode, context, trace };
