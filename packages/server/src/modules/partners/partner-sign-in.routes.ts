import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  partnerAccountLinkSchema,
  partnerSignInAnswerSchema,
  partnerSignInRequestSchema,
} from '@touchline/contracts/partner-sign-in';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  approvePartnerSignIn,
  denyPartnerSignIn,
  listPartnerLinks,
  readPartnerSignIn,
  unlinkPartner,
} from './partner-sign-in.service.ts';

const requestParams = z.object({ requestId: z.uuid('Not a sign-in request id') });
const linkParams = z.object({ linkId: z.uuid('Not a partner link id') });
const answer = { params: requestParams, response: { 200: partnerSignInAnswerSchema } };

/** Partner sign-in (ADR 041): the member's consent to a partner's request, and their partner links. Ours. */
export async function partnerSignInRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/app/partner-sign-in/:requestId',
    { schema: { params: requestParams, response: { 200: partnerSignInRequestSchema } } },
    async (req) => readPartnerSignIn(app.deps, await requireRequestContext(req), req.params),
  );
  r.post('/api/app/partner-sign-in/:requestId/approve', { schema: answer }, async (req) =>
    approvePartnerSignIn(app.deps, await requireRequestContext(req), { ...req.params, ip: req.ip }),
  );
  r.post('/api/app/partner-sign-in/:requestId/deny', { schema: answer }, async (req) =>
    denyPartnerSignIn(app.deps, await requireRequestContext(req), { ...req.params, ip: req.ip }),
  );
  r.get(
    '/api/app/partner-links',
    { schema: { response: { 200: z.array(partnerAccountLinkSchema) } } },
    async (req) => listPartnerLinks(app.deps, await requireRequestContext(req)),
  );
  r.delete('/api/app/partner-links/:linkId', { schema: { params: linkParams } }, async (req, reply) => {
    await unlinkPartner(app.deps, await requireRequestContext(req), req.params);
    return reply.code(204).send();
  });
}
