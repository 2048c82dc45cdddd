import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listResponse, paginationQuerySchema } from '@touchline/contracts/pagination';
import {
  deadLetterActionResultSchema,
  deadLetterParamsSchema,
  deadLetterQuerySchema,
  deadLetterSchema,
  integrationProvidersSchema,
  webhookEventBodySchema,
} from '@touchline/contracts/platform-integrations';
import { requireActorRequestContext as ctxOf } from '../../authz/request-context.ts';
import {
  backgroundCheckClientGrantParamsSchema,
  backgroundCheckClientGrantSchema,
  grantBackgroundCheckClientBodySchema,
} from '@touchline/contracts/background-checks';
import { z } from 'zod';
import { grantClient, listClientGrants, withdrawClientGrant } from './client-grants.service.ts';
import { discardDeadLetter, listDeadLetters, retryDeadLetter } from './dead-letters.service.ts';
import { getWebhookEventBody, listIntegrationProviders } from './webhook-admin.service.ts';

/**
 * The platform administrator's operations on the integrations (issue 17): which providers this deployment has
 * (sandboxes named), a webhook's body on request, and the jobs that used up their retries, to retry or discard.
 */
export async function platformIntegrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['integrations'];

  r.get(
    '/api/app/integrations/providers',
    {
      schema: {
        tags,
        summary: 'Webhook providers of this deployment, sandboxes marked (platform administrators)',
        response: { 200: integrationProvidersSchema },
      },
    },
    async (request) => listIntegrationProviders(app.deps, ctxOf(request)),
  );

  r.get(
    '/api/app/integrations/webhook-events/:id/body',
    {
      schema: {
        tags,
        summary: "One received webhook's exact body; the read is audited (platform administrators)",
        params: deadLetterParamsSchema,
        response: { 200: webhookEventBodySchema },
      },
    },
    async (request) => getWebhookEventBody(app.deps, ctxOf(request), request.params),
  );

  r.get(
    '/api/app/integrations/dead-letters',
    {
      schema: {
        tags,
        summary: 'Jobs that used up their retries, newest first (platform administrators)',
        querystring: paginationQuerySchema.extend(deadLetterQuerySchema.shape),
        response: { 200: listResponse(deadLetterSchema) },
      },
    },
    async (request) => listDeadLetters(app.deps, ctxOf(request), request.query),
  );

  r.post(
    '/api/app/integrations/dead-letters/:id/retry',
    {
      schema: {
        tags,
        summary: 'Puts a dead job back on its queue once; a repeat changes nothing (platform administrators)',
        params: deadLetterParamsSchema,
        response: { 200: deadLetterActionResultSchema },
      },
    },
    async (request) => retryDeadLetter(app.deps, ctxOf(request), request.params),
  );

  r.post(
    '/api/app/integrations/dead-letters/:id/discard',
    {
      schema: {
        tags,
        summary: 'Drops a dead job for good; a repeat changes nothing (platform administrators)',
        params: deadLetterParamsSchema,
        response: { 200: deadLetterActionResultSchema },
      },
    },
    async (request) => discardDeadLetter(app.deps, ctxOf(request), request.params),
  );

  r.get(
    '/api/app/integrations/background-check-client-grants',
    {
      schema: {
        tags,
        summary:
          "The screening agency's clients and the organization each is granted to (platform administrators)",
        response: { 200: z.array(backgroundCheckClientGrantSchema) },
      },
    },
    async (request) => listClientGrants(app.deps, ctxOf(request)),
  );

  r.post(
    '/api/app/integrations/background-check-client-grants',
    {
      schema: {
        tags,
        summary: 'Grants an agency client to exactly one organization; audited (platform administrators)',
        body: grantBackgroundCheckClientBodySchema,
        response: { 201: backgroundCheckClientGrantSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await grantClient(app.deps, ctxOf(request), request.body)),
  );

  r.delete(
    '/api/app/integrations/background-check-client-grants/:agencyId/:clientId',
    {
      schema: {
        tags,
        summary:
          "Withdraws a client's grant; its organization can no longer order on it; audited (platform administrators)",
        params: backgroundCheckClientGrantParamsSchema,
      },
    },
    async (request, reply) => {
      await withdrawClientGrant(app.deps, ctxOf(request), request.params);
      return reply.code(204).send();
    },
  );
}
