import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  confirmInvitedAddressBodySchema,
  invitationNextStepQuerySchema,
  invitationNextStepSchema,
  inviteMemberBodySchema,
  inviteMemberResponseSchema,
  resendInvitationParamsSchema,
} from '@touchline/contracts/invitations';
import { requireActorRequestContext, requireRequestContext } from '../../authz/request-context.ts';
import {
  acceptInvitation,
  confirmInvitedAddress,
  invitationNextStep,
} from './invitation-acceptance.service.ts';
import { inviteMember, resendInvitation } from './invitations.service.ts';

/** The invitation calls: invite (§7 Invitation), where a link leads, accept it, send it again. */
export async function invitationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/app/invitation',
    { schema: { body: inviteMemberBodySchema, response: { 201: inviteMemberResponseSchema } } },
    async (request, reply) => {
      const ctx = await requireRequestContext(request);
      return reply.status(201).send(await inviteMember(app.deps, ctx, request.body));
    },
  );

  r.get(
    '/api/app/invitation/next-step-from-token',
    {
      config: { public: true },
      schema: { querystring: invitationNextStepQuerySchema, response: { 200: invitationNextStepSchema } },
    },
    async (request) => invitationNextStep(app.deps, request.query.token),
  );

  r.post(
    '/api/app/invitation/confirm-address',
    { config: { public: true }, schema: { body: confirmInvitedAddressBodySchema } },
    async (request, reply) => {
      await confirmInvitedAddress(app.deps, request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/app/invitation/accept',
    { schema: { body: acceptInvitationBodySchema, response: { 200: acceptInvitationResponseSchema } } },
    async (request) => acceptInvitation(app.deps, requireActorRequestContext(request), request.body),
  );

  r.post(
    '/api/app/invitation/:profileLevelAccessId/resend',
    { schema: { params: resendInvitationParamsSchema } },
    async (request, reply) => {
      await resendInvitation(app.deps, await requireRequestContext(request), request.params);
      return reply.status(204).send();
    },
  );
}
