import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Context, Span } from '@opentelemetry/api';
import {
  context,
  contextFrom,
  recordFailure,
  SpanKind,
  SpanStatusCode,
  trace,
  tracer,
  tracingActive,
} from './tracer.ts';

// A server span per request (issue 32, ADR 042), continuing the caller's trace from its W3C `traceparent`. The span is
// made the active context for every later hook and the handler, so database statements, vendor calls and enqueued
// jobs become its children. Registered first, before every other plugin, so its onRequest hook runs first.

type Traced = { span: Span; ctx: Context; ended: boolean };
const traced = new WeakMap<FastifyRequest, Traced>();

/** Probes answered many times a minute: not worth a trace each. */
const untraced = new Set(['/healthz', '/readyz', '/metrics']);

function end(request: FastifyRequest, status?: number) {
  const t = traced.get(request);
  if (!t || t.ended) return;
  t.ended = true;
  if (status !== undefined) {
    t.span.setAttribute('http.response.status_code', status);
    if (status >= 500) t.span.setStatus({ code: SpanStatusCode.ERROR });
  } else t.span.setAttribute('touchline.aborted', true);
  t.span.end();
}

export const requestTracing = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (!tracingActive() || untraced.has(request.url.split('?')[0] ?? '')) {
        done();
        return;
      }
      const route = request.routeOptions.url;
      const parent = contextFrom(request.headers);
      // The route pattern, never the path itself (ids) nor its query (addresses, tokens).
      const span = tracer().startSpan(
        route ? `${request.method} ${route}` : request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            ...(route ? { 'http.route': route } : {}),
            'url.scheme': request.protocol,
            'touchline.request_id': request.id,
          },
        },
        parent,
      );
      const ctx = trace.setSpan(parent, span);
      traced.set(request, { span, ctx, ended: false });
      context.with(ctx, done);
    });
    // Reading the body continues on the socket's events, outside the request's context: enter it again.
    const reenter = (request: FastifyRequest, done: () => void) => {
      const t = traced.get(request);
      if (t) context.with(t.ctx, done);
      else done();
    };
    app.addHook('preValidation', (request, _reply, done) => reenter(request, done));
    app.addHook('preHandler', (request, _reply, done) => reenter(request, done));
    app.addHook('onError', async (request, _reply, error) => {
      const t = traced.get(request);
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (t && status >= 500) recordFailure(t.span, error);
    });
    app.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
    app.addHook('onRequestAbort', async (request) => end(request));
  },
  { name: 'request-tracing' },
);
