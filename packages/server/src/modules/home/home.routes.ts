import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeSummarySchema } from '@touchline/contracts/home';
import { levelIdParamsSchema } from '@touchline/contracts/hierarchy';
import { requireRequestContext } from '../../authz/request-context.ts';
import { getHomeSummary } from './home.service.ts';

/** The home page's call (ADR 024): a managed level's compliance at a glance. */
export async function homeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/app/hierarchy-level/:id/home-summary',
    {
      schema: {
        tags: ['home'],
        summary: 'Cleared, overdue, pending review, expiring and unaccepted invitations at a level',
        params: levelIdParamsSchema,
        response: { 200: homeSummarySchema },
      },
    },
    async (request) =>
      getHomeSummary(app.deps, await requireRequestContext(request), { levelId: request.params.id }),
  );
}
