import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemInfoSchema } from '@touchline/contracts/system';
import { getSystemInfo } from './system.service.ts';

/** Public facts about this deployment, read by the web's landing page. */
export async function systemRoutes(app: FastifyInstance, opts: { version: string; environment: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/system/info',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Deployment facts and the demo league',
        security: [],
        response: { 200: systemInfoSchema },
      },
    },
    async () => getSystemInfo(app.database, opts),
  );
}
