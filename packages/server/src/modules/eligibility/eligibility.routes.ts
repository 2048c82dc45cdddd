import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  levelEligibilityBodySchema,
  levelEligibilitySchema,
  profileEligibilityResponseSchema,
} from '@touchline/contracts/eligibility';
import { requireRequestContext } from '../../authz/request-context.ts';
import { getLevelEligibility, getProfileEligibility, setLevelEligibility } from './eligibility.service.ts';

const idParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

/** A level's age group and grade bounds, and a member's eligibility flags (ADR 039 "Eligibility"). */
export async function eligibilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/api/app/hierarchy-level/:id/eligibility',
    { schema: { params: idParams, response: { 200: levelEligibilitySchema } } },
    async (request) => getLevelEligibility(deps, await requireRequestContext(request), request.params),
  );

  r.put(
    '/api/app/hierarchy-level/:id/eligibility',
    {
      schema: {
        params: idParams,
        body: levelEligibilityBodySchema,
        response: { 200: levelEligibilitySchema },
      },
    },
    async (request) =>
      setLevelEligibility(deps, await requireRequestContext(request), { ...request.body, ...request.params }),
  );

  r.get(
    '/api/app/profile/:id/eligibility',
    { schema: { params: idParams, response: { 200: profileEligibilityResponseSchema } } },
    async (request) => getProfileEligibility(deps, await requireRequestContext(request), request.params),
  );
}
