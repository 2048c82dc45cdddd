import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  invitationNextStepQuerySchema,
  invitationNextStepSchema,
  inviteMemberBodySchema,
  inviteMemberResponseSchema,
  resendInvitationParamsSchema,
} from '@touchline/contracts/invitations';
import { requireActorContext } from '../../authz/request-context.ts';
import { requireActor } from '../../plugins/authenticate.ts';
import { acceptInvitation, invitationNextStep } from './invitation-acceptance.service.ts';
import { inviteMember, resendInvitation } from './invitations.service.ts';

/** The invitation calls: invite (§7 Invitation), where a link leads, accept it, send it again. */
export async function invitationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/app/invitation',
    { schema: { body: inviteMemberBodySchema, response: { 201: inviteMemberResponseSchema } } },
    async (request, reply) => {
      const ctx = await requireActorContext(request);
      const audit = { userId: ctx.userId, profileId: ctx.profileId, requestId: request.id };
      return reply.status(201).send(await inviteMember(app, ctx, request.body, audit));
    },
  );

  r.get(
    '/api/app/invitation/next-step-from-token',
    {
      config: { public: true },
      schema: { querystring: invitationNextStepQuerySchema, response: { 200: invitationNextStepSchema } },
    },
    async (request) => invitationNextStep(app, request.query.token),
  );

  r.post(
    '/api/app/invitation/accept',
    { schema: { body: acceptInvitationBodySchema, response: { 200: acceptInvitationResponseSchema } } },
    async (request) => acceptInvitation(app, requireActor(request), request.body.token, request.id),
  );

  r.post(
    '/api/app/invitation/:profileLevelAccessId/resend',
    { schema: { params: resendInvitationParamsSchema } },
    async (request, reply) => {
      const ctx = await requireActorContext(request);
      const audit = { userId: ctx.userId, profileId: ctx.profileId, requestId: request.id };
      await resendInvitation(app, ctx, request.params.profileLevelAccessId, audit);
      return reply.status(204).send();
    },
  );
}
