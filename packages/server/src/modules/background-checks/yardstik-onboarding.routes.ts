import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  yardstikOnboardingInfoSchema,
  yardstikOnboardingSchema,
  yardstikOnboardingStatusSchema,
} from '@touchline/contracts/yardstik-onboarding';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  createYardstikAccount,
  saveYardstikOnboardingInfo,
  yardstikOnboardingInfo,
  yardstikOnboardingStatus,
} from './yardstik-onboarding.service.ts';

const base = '/api/app/organization';
const params = z.object({ id: z.uuid('Not an organization id') });
const view = { 200: yardstikOnboardingSchema };

/** The organization's Yardstik onboarding (spec §7 "Organization"), for administrators. */
export async function yardstikOnboardingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(`${base}/:id/yardstik-onboarding-info`, { schema: { params, response: view } }, async (req) =>
    yardstikOnboardingInfo(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
  routes.put(
    `${base}/:id/yardstik-onboarding-info`,
    { schema: { params, body: yardstikOnboardingInfoSchema, response: view } },
    async (req) =>
      saveYardstikOnboardingInfo(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
        info: req.body,
      }),
  );
  routes.post(`${base}/:id/yardstik-account`, { schema: { params, response: view } }, async (req) =>
    createYardstikAccount(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
  routes.get(
    `${base}/:id/yardstik-onboarding-status`,
    { schema: { params, response: { 200: yardstikOnboardingStatusSchema } } },
    async (req) =>
      yardstikOnboardingStatus(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
}
