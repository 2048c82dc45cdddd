import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reportServerError, startErrorMonitoring } from './error-monitoring.ts';
import { recordServerError } from './recent-errors.ts';

/**
 * Error monitoring on every route (issue 32, ADR 042): each 5xx fault is noted in the process's recent-error record
 * and, with a DSN, reported, scrubbed, tagged with its route, method and request id; 4xx answers are the client's.
 */
export const errorMonitoring = fp(
  async (app: FastifyInstance, opts: { dsn: string | undefined; environment: string; release: string }) => {
    // The browser's error monitoring reads the DSN here (a Sentry DSN is a public key); null = send nothing.
    app.get('/api/monitoring/config', { config: { public: true }, schema: { hide: true } }, async () => ({
      dsn: opts.dsn ?? null,
      environment: opts.environment,
      release: opts.release,
    }));
    // Sent only with a DSN; always noted in the process's own record of recent faults (the health page's).
    startErrorMonitoring(opts.dsn, opts.environment, opts.release);
    app.addHook('onError', async (request, _reply, error) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status < 500) return;
      const tags = {
        route: request.routeOptions.url ?? 'unknown',
        method: request.method,
        requestId: request.id,
      };
      recordServerError(error, tags);
      reportServerError(error, tags);
    });
  },
  { name: 'error-monitoring' },
);
