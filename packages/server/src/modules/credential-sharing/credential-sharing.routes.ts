import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCredentialShareBodySchema,
  credentialAcceptanceBodySchema,
  credentialAcceptanceSchema,
  credentialShareSchema,
  credentialSharingSchema,
  receivedCredentialListQuerySchema,
  receivedCredentialListSchema,
  receivedCredentialsSchema,
} from '@touchline/contracts/credential-sharing';
import { requireRequestContext } from '../../authz/request-context.ts';
import {
  getCredentialAcceptance,
  listReceivedCredentials,
  setCredentialAcceptance,
} from './credential-acceptance.service.ts';
import {
  getCredentialSharing,
  revokeCredentialShare,
  shareCredential,
} from './credential-sharing.service.ts';
import { listOrganizationReceivedCredentials } from './received-credentials-list.service.ts';

const idParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
const orgParams = z.object({ orgId: z.uuid({ message: 'Not a valid id' }) });
const shareParams = idParams.extend({ shareId: z.uuid({ message: 'Not a valid id' }) });

/** Clearance that travels with the member (ADR 049): consent to share, revoke, what was received, acceptance. */
export async function credentialSharingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    '/api/app/profile/:id/credential-sharing',
    { schema: { params: idParams, response: { 200: credentialSharingSchema } } },
    async (request) => getCredentialSharing(deps, await requireRequestContext(request), request.params),
  );

  r.post(
    '/api/app/profile/:id/credential-shares',
    {
      schema: {
        params: idParams,
        body: createCredentialShareBodySchema,
        response: { 201: credentialShareSchema },
      },
    },
    async (request, reply) => {
      const ctx = await requireRequestContext(request);
      const share = await shareCredential(deps, ctx, { ...request.body, ...request.params });
      return reply.status(201).send(share);
    },
  );

  r.post(
    '/api/app/profile/:id/credential-shares/:shareId/revoke',
    { schema: { params: shareParams, response: { 200: credentialShareSchema } } },
    async (request) => revokeCredentialShare(deps, await requireRequestContext(request), request.params),
  );

  r.get(
    '/api/app/profile/:id/received-credentials',
    { schema: { params: idParams, response: { 200: receivedCredentialsSchema } } },
    async (request) => listReceivedCredentials(deps, await requireRequestContext(request), request.params),
  );

  r.get(
    '/api/app/received-credentials/:orgId',
    {
      schema: {
        params: orgParams,
        querystring: receivedCredentialListQuerySchema,
        response: { 200: receivedCredentialListSchema },
      },
    },
    async (request) =>
      listOrganizationReceivedCredentials(deps, await requireRequestContext(request), {
        ...request.params,
        ...request.query,
      }),
  );

  r.get(
    '/api/app/content/:id/credential-acceptance',
    { schema: { params: idParams, response: { 200: credentialAcceptanceSchema } } },
    async (request) => getCredentialAcceptance(deps, await requireRequestContext(request), request.params),
  );

  r.put(
    '/api/app/content/:id/credential-acceptance',
    {
      schema: {
        params: idParams,
        body: credentialAcceptanceBodySchema,
        response: { 200: credentialAcceptanceSchema },
      },
    },
    async (request) =>
      setCredentialAcceptance(deps, await requireRequestContext(request), {
        ...request.body,
        ...request.params,
      }),
  );
}
