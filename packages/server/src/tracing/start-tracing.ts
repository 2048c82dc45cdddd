import { context, propagation, trace, type Attributes, type AttributeValue } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { scrubText } from '../scrub.ts';
import { setTracingActive } from './tracer.ts';

// The OpenTelemetry SDK of a server or worker process (issue 32, ADR 042), loaded (dynamically, by main) only when an
// OTLP endpoint is configured. This process owns OpenTelemetry's globals: Sentry 11 leaves them alone
// (`enableOpenTelemetrySetup` is false by default there), so there is one tracer provider, one context manager and
// one propagator (W3C trace context), and spans go to the OTLP endpoint only — Sentry keeps its own, sampled, spans.

/** Attribute names that could carry a person's data: blanked whatever set them (a library's span, a future edit). */
const refusedAttribute =
  /^(user\.|enduser\.|http\.request\.header\.|http\.response\.header\.|url\.query|url\.full|db\.query\.(text|parameter)|messaging\.message\.body)/;

function scrubValue(value: AttributeValue): AttributeValue {
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? scrubText(v) : v)) as AttributeValue;
  return value;
}

/**
 * The last look before a span is handed to the exporter (`onEnding`, while it may still change): every string
 * attribute scrubbed like a Sentry event, attributes named for personal data blanked, the status message scrubbed.
 */
export class ScrubbingSpanProcessor implements SpanProcessor {
  onStart() {}
  onEnding(span: Span) {
    const attributes: Attributes = span.attributes;
    for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined) continue;
      if (refusedAttribute.test(key)) span.setAttribute(key, '[redacted]');
      else if (typeof value === 'string' || Array.isArray(value)) span.setAttribute(key, scrubValue(value));
    }
    if (span.status.message) span.setStatus({ ...span.status, message: scrubText(span.status.message) });
  }
  onEnd(_span: ReadableSpan) {}
  forceFlush() {
    return Promise.resolve();
  }
  shutdown() {
    return Promise.resolve();
  }
}

export type TracingOptions = {
  /** The OTLP/HTTP traces URL (otlpTracesUrl). */
  url: string;
  /** `service.name`: touchline-server or touchline-worker (OTEL_SERVICE_NAME overrides). */
  serviceName: string;
  version: string;
  environment: string;
  /** Our OTLP receiver sandbox's page of recent traces, when spans go there (development). */
  recentTracesUrl?: string;
  /** Tests: export each span when it ends instead of in batches. */
  immediate?: boolean;
};

/** The running SDK: flush before reading what was sent, shutdown on stop. */
export type Tracing = { url: string; flush(): Promise<void>; shutdown(): Promise<void> };

let running: Tracing | undefined;

/**
 * Registers the tracer provider, the async-local-storage context manager and the W3C propagator as the globals, with
 * an OTLP/HTTP (JSON) exporter behind a batch processor. Once per process; a second call answers the first.
 */
export function startTracing(options: TracingOptions): Tracing {
  if (running) return running;
  const exporter = new OTLPTraceExporter({
    url: options.url,
    // OTEL_EXPORTER_OTLP_HEADERS (a collector's key) is read by the exporter itself.
    timeoutMillis: 5000,
  });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME?.trim() || options.serviceName,
      'service.version': options.version,
      'deployment.environment.name': options.environment,
    }),
    spanProcessors: [
      new ScrubbingSpanProcessor(),
      options.immediate
        ? new SimpleSpanProcessor({ exporter })
        : new BatchSpanProcessor({ exporter, scheduledDelayMillis: 2000, maxQueueSize: 4096 }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  setTracingActive(true, options.url, options.recentTracesUrl);
  const tracing: Tracing = {
    url: options.url,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      setTracingActive(false);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
      running = undefined;
    },
  };
  running = tracing;
  return tracing;
}

/** The SDK this process started, if any (the health page says whether spans are exported). */
export const runningTracing = () => running;
