import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectPartnerBodySchema,
  mapPartnerProgramBodySchema,
  partnerConnectionSchema,
  partnerMappingTargetsSchema,
  partnerProgramSchema,
  partnerSyncQueuedSchema,
  prefillDataSchema,
} from '@touchline/contracts/partners';
import { requireRequestContext } from '../../authz/request-context.ts';
import { clearPrefillData, prefillData } from './partner-prefill.service.ts';
import { listPartnerPrograms, mapPartnerProgram, partnerMappingTargets } from './partner-programs.service.ts';
import {
  amiliaSandboxOrganization,
  connectPartner,
  leagueAppsSandboxSite,
  listPartnerConnections,
  queuePartnerSync,
  removePartner,
} from './partners.service.ts';
import { amiliaWebhookRoutes } from './amilia-webhooks.routes.ts';
import { partnerSignInRoutes } from './partner-sign-in.routes.ts';

const base = '/api/app/organization/:id/partners';
const orgParams = z.object({ id: z.uuid('Not an organization id') });
const connectionParams = orgParams.extend({ connectionId: z.uuid('Not a connection id') });
const programParams = connectionParams.extend({
  programId: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'Not a program id'),
});

/** The organization's league partners (issue 31, ADR 041): connect, map, sync; and the member's prefill. */
export async function partnerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(amiliaWebhookRoutes);
  await app.register(partnerSignInRoutes);
  r.get(
    base,
    { schema: { params: orgParams, response: { 200: z.array(partnerConnectionSchema) } } },
    async (req) =>
      listPartnerConnections(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
  r.post(
    base,
    {
      schema: {
        params: orgParams,
        body: connectPartnerBodySchema,
        response: { 201: partnerConnectionSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(
        await connectPartner(app.deps, await requireRequestContext(req), {
          organizationId: req.params.id,
          body: req.body,
        }),
      ),
  );
  r.get(
    `${base}/mapping-targets`,
    { schema: { params: orgParams, response: { 200: partnerMappingTargetsSchema } } },
    async (req) =>
      partnerMappingTargets(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
  r.get(
    `${base}/sandbox-site`,
    {
      schema: {
        params: orgParams,
        response: {
          200: z.object({
            siteId: z.string(),
            clientId: z.string(),
            privateKeyPem: z.string(),
            memberPortalUrl: z.string().optional(),
          }),
        },
      },
    },
    async (req) =>
      leagueAppsSandboxSite(app.deps, await requireRequestContext(req), { organizationId: req.params.id }),
  );
  r.get(
    `${base}/amilia-sandbox-organization`,
    {
      schema: {
        params: orgParams,
        response: {
          200: z.object({
            siteId: z.string(),
            apiKey: z.string(),
            apiSecret: z.string(),
            webhookSecret: z.string(),
          }),
        },
      },
    },
    async (req) =>
      amiliaSandboxOrganization(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
      }),
  );
  r.delete(`${base}/:connectionId`, { schema: { params: connectionParams } }, async (req, reply) => {
    await removePartner(app.deps, await requireRequestContext(req), {
      organizationId: req.params.id,
      connectionId: req.params.connectionId,
    });
    return reply.code(204).send();
  });
  r.post(
    `${base}/:connectionId/sync`,
    { schema: { params: connectionParams, response: { 202: partnerSyncQueuedSchema } } },
    async (req, reply) =>
      reply.code(202).send(
        await queuePartnerSync(app.deps, await requireRequestContext(req), {
          organizationId: req.params.id,
          connectionId: req.params.connectionId,
        }),
      ),
  );
  r.get(
    `${base}/:connectionId/programs`,
    { schema: { params: connectionParams, response: { 200: z.array(partnerProgramSchema) } } },
    async (req) =>
      listPartnerPrograms(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
        connectionId: req.params.connectionId,
      }),
  );
  r.put(
    `${base}/:connectionId/mappings/:programId`,
    {
      schema: {
        params: programParams,
        body: mapPartnerProgramBodySchema,
        response: { 200: partnerProgramSchema },
      },
    },
    async (req) =>
      mapPartnerProgram(app.deps, await requireRequestContext(req), {
        organizationId: req.params.id,
        connectionId: req.params.connectionId,
        programId: req.params.programId,
        body: req.body,
      }),
  );
  // Spec §7 Prefill: 204 when the partner knows nothing of this member (the client's helper reads null).
  r.get(
    '/api/app/prefill-provider/prefill-data/:id',
    { schema: { params: z.object({ id: z.uuid('Not a profile level access id') }) } },
    async (req, reply) => {
      const data = await prefillData(app.deps, await requireRequestContext(req), { accessId: req.params.id });
      return data ? reply.send(prefillDataSchema.parse(data)) : reply.code(204).send();
    },
  );
  // Ours: the member used (saved) or dismissed the prefill; it is no longer kept.
  r.delete(
    '/api/app/prefill-provider/prefill-data/:id',
    { schema: { params: z.object({ id: z.uuid('Not a profile level access id') }) } },
    async (req, reply) => {
      await clearPrefillData(app.deps, await requireRequestContext(req), { accessId: req.params.id });
      return reply.code(204).send();
    },
  );
}
