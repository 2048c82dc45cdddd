import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirementMemberQuerySchema } from '@touchline/contracts/requirement-completion';
import {
  monitoringConsentBodySchema,
  sexOffenderMatchSchema,
  sexOffenderSearchViewSchema,
} from '@touchline/contracts/sex-offender-search';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  beginSexOffenderSearch,
  sexOffenderSearchById,
  sexOffenderSearchMatch,
} from './sex-offender-search.service.ts';
import { recordMonitoringConsent, withdrawMonitoringConsent } from './sex-offender-monitoring.service.ts';

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
  // Continuous monitoring's evergreen consent and its withdrawal (ours: the spec's `begin` of type 6, ADR 032).
  routes.post(
    `${base}/:id/sex-offender-monitoring-consent`,
    { schema: { ...byQuery, body: monitoringConsentBodySchema, response: viewResponse } },
    async (req) =>
      recordMonitoringConsent(app.deps, await requireRequestContext(req), {
        ...ref(req),
        body: req.body,
        ipAddress: req.ip ?? null,
        userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
      }),
  );
  routes.post(
    `${base}/:id/withdraw-sex-offender-monitoring-consent`,
    { schema: { ...byQuery, response: viewResponse } },
    async (req) => withdrawMonitoringConsent(app.deps, await requireRequestContext(req), ref(req)),
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
