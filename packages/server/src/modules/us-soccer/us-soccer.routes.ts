import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRequestContext } from '../../authz/request-context.ts';
import { requirementMemberQuerySchema } from '@touchline/contracts/requirement-completion';
import {
  memberUsSoccerLicensesSchema,
  usSoccerLicenseCatalog,
  usSoccerLicensesResponseSchema,
} from '@touchline/contracts/us-soccer';
import { memberUsSoccerLicenses } from './us-soccer.service.ts';

const id = z.uuid('Not an id');
const byQuery = { params: z.object({ id }), querystring: requirementMemberQuerySchema };

/** The US Soccer license requirement's calls (ADR 032): the federation's license catalog and a member's licenses. */
export async function usSoccerRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/app/content/us-soccer-licenses',
    { schema: { response: { 200: usSoccerLicensesResponseSchema } } },
    async (req) => {
      // Any signed-in member of an organization: the grades a definition may ask for are the federation's, not ours.
      await requireRequestContext(req);
      return { items: [...usSoccerLicenseCatalog] };
    },
  );
  routes.get(
    '/api/app/requirement/:id/us-soccer-licenses',
    { schema: { ...byQuery, response: { 200: memberUsSoccerLicensesSchema } } },
    async (req) =>
      memberUsSoccerLicenses(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.query.plaId,
      }),
  );
}
