import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ErrorCode } from '@touchline/contracts/errors';
import { AppError } from '../../errors.ts';
import { vendorCallTotals } from '../../integrations/http/vendor-health.ts';
import { queueDepths } from './admin.queries.ts';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics (issue 32, ADR 042) at GET /metrics, for operators only: the scraper's bearer token
 * (METRICS_TOKEN), never a user's; without the token configured, or with a wrong one, the path does not exist (404).
 * Request rate and latency per route, job queue depth per queue and state, vendor calls by outcome, and the
 * process's own (memory, event loop). One registry per app, so several apps in one process never mix.
 */
export const metrics = fp(
  async (app: FastifyInstance, opts: { token: string | undefined }) => {
    const token = opts.token;
    if (!token) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs in the queue by queue and state (created, retry, active, failed)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const { name, state, n } of await queueDepths(app.database.db))
          this.set({ queue: name, state }, n);
      },
    });
    new Counter({
      name: 'vendor_calls_total',
      help: 'Outbound vendor calls by vendor and outcome (ok, failed) since the process started',
      labelNames: ['vendor', 'outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { vendor, ok, failed } of vendorCallTotals()) {
          this.inc({ vendor, outcome: 'ok' }, ok);
          this.inc({ vendor, outcome: 'failed' }, failed);
        }
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), token))
        throw new AppError(ErrorCode.NotFound, `Route GET /metrics not found`);
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
