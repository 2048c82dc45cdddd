import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myRequirementsPath, myRequirementsResponseSchema } from '@touchline/contracts/member-requirements';
import { requireRequestContext } from '../../authz/request-context.ts';
import { myRequirements } from './requirements.service.ts';

/** GET /api/app/requirement/my-requirements: the signed-in member's own requirements (member view). */
export async function myRequirementsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    myRequirementsPath,
    { schema: { response: { 200: myRequirementsResponseSchema } } },
    async (request) => myRequirements(app.deps, await requireRequestContext(request)),
  );
}
