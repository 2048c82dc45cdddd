import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import type { ActorContext } from '../../authz/actor-context.ts';
import { requireActorContext } from '../../authz/request-context.ts';
import type { AuditActor } from '../../db/audit.ts';
import { importMembers, previewMembersImport } from './members-import.service.ts';
import {
  archiveAccess,
  changeRole,
  listDirectMembers,
  listLabels,
  setGroupMembershipStatusBulk,
} from './members.service.ts';

/** The signed-in actor's context and how audit events name them, for the handlers below. */
async function actorOf(request: FastifyRequest): Promise<{ ctx: ActorContext; audit: AuditActor }> {
  const ctx = await requireActorContext(request);
  return { ctx, audit: { userId: ctx.userId, profileId: ctx.profileId, requestId: request.id } };
}

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
      const { ctx } = await actorOf(request);
      return listDirectMembers(app.database.db, ctx, request.params.id, request.query);
    },
  );

  r.get(
    '/api/app/labels',
    { schema: { querystring: labelsQuerySchema, response: { 200: labelsResponseSchema } } },
    async (request) =>
      listLabels(app.database.db, (await actorOf(request)).ctx, request.query.hierarchyLevelId),
  );

  r.post(
    '/api/app/profile/change-role',
    { schema: { querystring: changeRoleQuerySchema } },
    async (request, reply) => {
      const { ctx, audit } = await actorOf(request);
      await changeRole(app.database.db, ctx, request.query, audit);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/app/profile/profile-level-access/:id',
    { schema: { params: profileLevelAccessParamsSchema } },
    async (request, reply) => {
      const { ctx, audit } = await actorOf(request);
      await archiveAccess(app.database.db, ctx, request.params.id, audit);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/app/profile/set-group-membership-status-bulk',
    { schema: { body: setGroupMembershipStatusBulkBodySchema } },
    async (request, reply) => {
      const { ctx, audit } = await actorOf(request);
      await setGroupMembershipStatusBulk(app.database.db, ctx, request.body, audit);
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
      const { ctx } = await actorOf(request);
      return previewMembersImport(app.database.db, ctx, request.params.id, request.body.csv);
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
      const { ctx, audit } = await actorOf(request);
      return importMembers(app, ctx, request.params.id, request.body.csv, audit);
    },
  );
}
