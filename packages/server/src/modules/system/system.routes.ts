import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemInfoSchema } from '@touchline/contracts/system';
import { getSystemInfo } from './system.service.ts';

/** Public facts about this deployment (which build, on what); nothing about any organization (ADR 024). */
export async function systemRoutes(app: FastifyInstance, opts: { version: string; environment: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/system/info',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Deployment facts: product, version, environment and database kind',
        security: [],
        response: { 200: systemInfoSchema },
      },
    },
    () => getSystemInfo(app.database, opts),
  );
}
