import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirementMemberQuerySchema } from '@touchline/contracts/requirement-completion';
import {
  sexOffenderMatchSchema,
  sexOffenderSearchViewSchema,
} from '@touchline/contracts/sex-offender-search';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  beginSexOffenderSearch,
  sexOffenderSearchById,
  sexOffenderSearchMatch,
} from './sex-offender-search.service.ts';

const base = '/api/app/requirement';
const byQuery = { params: z.object({ id: z.uuid('Not an id') }), querystring: requirementMemberQuerySchema };
const viewResponse = { 200: sexOffenderSearchViewSchema };

/**
 * The sex offender search's calls (issue 22, ADR 032; the spec names only set-date-of-birth): `{id}` is the
 * definition, the `plaId` the member. A reviewer's decision uses the review queue's own calls, and a confirmed match
 * the background check's adverse-action call (background-check-adverse-action/{plaId}).
 */
export async function sexOffenderSearchRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ref = (req: { params: { id: string }; query: { plaId: string } }) => ({
    definitionId: req.params.id,
    plaId: req.query.plaId,
  });

  routes.get(
    `${base}/:id/sex-offender-search-by-id`,
    { schema: { ...byQuery, response: viewResponse } },
    async (req) => sexOffenderSearchById(app.deps, await requireRequestContext(req), ref(req)),
  );
  routes.post(
    `${base}/:id/begin-sex-offender-search`,
    { schema: { ...byQuery, response: viewResponse } },
    async (req) => beginSexOffenderSearch(app.deps, await requireRequestContext(req), ref(req)),
  );
  routes.get(
    `${base}/:id/sex-offender-search-match/:plaId`,
    {
      schema: {
        params: z.object({ id: z.uuid('Not an id'), plaId: z.uuid('Choose a member') }),
        response: { 200: sexOffenderMatchSchema },
      },
    },
    async (req) =>
      sexOffenderSearchMatch(app.deps, await requireRequestContext(req), {
        definitionId: req.params.id,
        plaId: req.params.plaId,
      }),
  );
}
