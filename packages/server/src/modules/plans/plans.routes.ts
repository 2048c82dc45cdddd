import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organizationPlansQuerySchema, paymentPlansResponseSchema } from '@touchline/contracts/plans';
import { requireRequestContext } from '../../authz/request-context.ts';
import { requireActor } from '../../plugins/authenticate.ts';
import { listCatalogPlans, listOrganizationPlans } from './plans.service.ts';

/** The plan calls of spec §7 (under /api/app/payment-plan). */
export async function planRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/app/payment-plan/payment-plans/',
    { schema: { response: { 200: paymentPlansResponseSchema } } },
    async (request) => {
      requireActor(request);
      return listCatalogPlans(app.deps);
    },
  );
  // The web sends this GET with a form-urlencoded content type (spec §7); a GET body is never read, so it passes.
  routes.get(
    '/api/app/payment-plan/payment-plans-organization',
    { schema: { querystring: organizationPlansQuerySchema, response: { 200: paymentPlansResponseSchema } } },
    async (request) =>
      listOrganizationPlans(app.deps, await requireRequestContext(request), {
        organizationId: request.query.organizationGuid,
      }),
  );
}
