import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { levelRolesResponseSchema } from '@touchline/contracts/profiles';
import { requireActor } from '../../plugins/authenticate.ts';
import { listLevelRoles } from './profiles.service.ts';

/** The profile calls of spec §7 (this issue: level roles; the rest arrive with organizations and members). */
export async function profileRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/app/profile/level-roles',
      { schema: { response: { 200: levelRolesResponseSchema } } },
      async (request) => listLevelRoles(app.database.db, requireActor(request)),
    );
}
