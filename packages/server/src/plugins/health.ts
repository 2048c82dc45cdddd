import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful shutdown (ADR 018): /readyz answers 503 and every response closes its kept-alive
     * connection, so requests in flight finish and no idle connection keeps the server open.
     */
    beginShutdown: () => void;
  }
}

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: the database answers and the process is not
 * shutting down) for load balancers.
 */
async function healthPlugin(app: FastifyInstance) {
  let draining = false;
  app.decorate('beginShutdown', () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    // Fastify closes connections only for requests that arrive after close(); one in flight would leave its
    // connection idle and open until the keep-alive timeout, holding server.close() past the grace.
    if (draining) void reply.header('connection', 'close');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    {
      config: { public: true, rateLimit: false },
      schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/readyz',
    {
      config: { public: true, rateLimit: false },
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.literal('ready'), database: z.enum(['embedded', 'postgres']) }),
          503: z.object({ status: z.literal('unavailable'), database: z.enum(['embedded', 'postgres']) }),
        },
      },
    },
    async (request, reply) => {
      if (draining)
        return reply.status(503).send({ status: 'unavailable' as const, database: app.database.kind });
      try {
        await app.database.db.execute(sql`select 1`);
        return { status: 'ready' as const, database: app.database.kind };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.database.kind });
      }
    },
  );
}

export const health = fp(healthPlugin, { name: 'health', dependencies: ['db'] });
