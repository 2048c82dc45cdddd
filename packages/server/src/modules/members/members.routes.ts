import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeRoleQuerySchema,
  directMembersQuerySchema,
  directMembersResponseSchema,
  labelsQuerySchema,
  labelsResponseSchema,
  memberLevelParamsSchema,
  membersImportBodySchema,
  membersImportMaxLength,
  membersImportPreviewSchema,
  membersImportResultSchema,
  profileLevelAccessParamsSchema,
  setGroupMembershipStatusBulkBodySchema,
} from '@touchline/contracts/member-admin';
import { requireRequestContext } from '../../authz/request-context.ts';
import { importMembers, previewMembersImport } from './members-import.service.ts';
import {
  archiveAccess,
  changeRole,
  listDirectMembers,
  listLabels,
  setGroupMembershipStatusBulk,
} from './members.service.ts';

/** The signed-in actor's context with the request id: what the use cases below take (it names them in the audit). */
const actorOf = requireRequestContext;

// The CSV travels as JSON text: its own limit plus room for the JSON escaping around it.
const importBodyLimit = membersImportMaxLength * 2 + 1024;

/**
 * Managing a level's members: the management list, the organization's labels, change-role, archive and bulk
 * activation (§7 profile calls), and the CSV import. The dashboard's members list is another module's.
 */
export async function memberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/app/hierarchy-level/:id/direct-members',
    {
      schema: {
        params: memberLevelParamsSchema,
        querystring: directMembersQuerySchema,
        response: { 200: directMembersResponseSchema },
      },
    },
    async (request) => {
      const ctx = await actorOf(request);
      return listDirectMembers(app.deps, ctx, { ...request.query, levelId: request.params.id });
    },
  );

  r.get(
    '/api/app/labels',
    { schema: { querystring: labelsQuerySchema, response: { 200: labelsResponseSchema } } },
    async (request) =>
      listLabels(app.deps, await actorOf(request), { levelId: request.query.hierarchyLevelId }),
  );

  r.post(
    '/api/app/profile/change-role',
    { schema: { querystring: changeRoleQuerySchema } },
    async (request, reply) => {
      await changeRole(app.deps, await actorOf(request), request.query);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/app/profile/profile-level-access/:id',
    { schema: { params: profileLevelAccessParamsSchema } },
    async (request, reply) => {
      await archiveAccess(app.deps, await actorOf(request), request.params);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/app/profile/set-group-membership-status-bulk',
    { schema: { body: setGroupMembershipStatusBulkBodySchema } },
    async (request, reply) => {
      await setGroupMembershipStatusBulk(app.deps, await actorOf(request), request.body);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/app/hierarchy-level/:id/members-import/preview',
    {
      bodyLimit: importBodyLimit,
      schema: {
        params: memberLevelParamsSchema,
        body: membersImportBodySchema,
        response: { 200: membersImportPreviewSchema },
      },
    },
    async (request) => {
      return previewMembersImport(app.deps, await actorOf(request), {
        levelId: request.params.id,
        csv: request.body.csv,
      });
    },
  );

  r.post(
    '/api/app/hierarchy-level/:id/members-import',
    {
      bodyLimit: importBodyLimit,
      schema: {
        params: memberLevelParamsSchema,
        body: membersImportBodySchema,
        response: { 200: membersImportResultSchema },
      },
    },
    async (request) => {
      return importMembers(app.deps, await actorOf(request), {
        levelId: request.params.id,
        csv: request.body.csv,
        mode: request.body.mode,
      });
    },
  );
}
