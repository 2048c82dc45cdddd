import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createOrganizationBodySchema,
  createOrganizationResponseSchema,
  organizationIdParamsSchema,
  organizationListQuerySchema,
  organizationListResponseSchema,
  selectOrganizationResponseSchema,
} from '@touchline/contracts/organizations';
import { requireActorRequestContext } from '../../authz/request-context.ts';
import { createOrganization } from './organization-creation.service.ts';
import { organizationFileRoutes } from './organization-files.routes.ts';
import { listOrganizations, selectOrganization } from './organizations.service.ts';

/** The organization calls of spec §7 (under /api/app/organization): create, list, select, and the file calls. */
export async function organizationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/app/organization',
    { schema: { body: createOrganizationBodySchema, response: { 201: createOrganizationResponseSchema } } },
    async (request, reply) => {
      const created = await createOrganization(app.deps, requireActorRequestContext(request), request.body);
      return reply.status(201).send(created);
    },
  );
  routes.get(
    '/api/app/organization/organization-list',
    {
      schema: { querystring: organizationListQuerySchema, response: { 200: organizationListResponseSchema } },
    },
    async (request) => listOrganizations(app.deps, requireActorRequestContext(request), request.query),
  );
  routes.get(
    '/api/app/organization/:id/select-organization',
    { schema: { params: organizationIdParamsSchema, response: { 200: selectOrganizationResponseSchema } } },
    async (request) =>
      selectOrganization(app.deps, requireActorRequestContext(request), {
        organizationId: request.params.id,
      }),
  );
  await organizationFileRoutes(app);
}
