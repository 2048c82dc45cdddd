import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers) for load balancers. */
async function healthPlugin(app: FastifyInstance) {
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
      try {
        await app.database.db.execute(sql`select 1`);
        return { status: 'ready' as const, database: app.database.kind };
      } catch (err) {
        request.log.error({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.database.kind });
      }
    },
  );
}

export const health = fp(healthPlugin, { name: 'health', dependencies: ['db'] });
