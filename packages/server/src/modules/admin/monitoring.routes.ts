import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reportServerError, startErrorMonitoring } from './error-monitoring.ts';

/**
 * Error monitoring on every route (issue 32, ADR 042): with a DSN, each 5xx fault is reported, scrubbed, tagged with
 * its route, method and request id; 4xx answers are the client's and never reported.
 */
export const errorMonitoring = fp(
  async (app: FastifyInstance, opts: { dsn: string | undefined; environment: string; release: string }) => {
    // The browser's error monitoring reads the DSN here (a Sentry DSN is a public key); null = send nothing.
    app.get('/api/monitoring/config', { config: { public: true }, schema: { hide: true } }, async () => ({
      dsn: opts.dsn ?? null,
      environment: opts.environment,
      release: opts.release,
    }));
    if (!startErrorMonitoring(opts.dsn, opts.environment, opts.release)) return;
    app.addHook('onError', async (request, _reply, error) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status < 500) return;
      reportServerError(error, {
        route: request.routeOptions.url ?? 'unknown',
        method: request.method,
        requestId: request.id,
      });
    });
  },
  { name: 'error-monitoring' },
);
