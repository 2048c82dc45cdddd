import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webhookEventQuerySchema, webhookEventSchema } from '@touchline/contracts/integrations';
import { listResponse, paginationQuerySchema } from '@touchline/contracts/pagination';
import { requireActorRequestContext } from '../../authz/request-context.ts';
import { listWebhookEvents } from './integrations.service.ts';

/** The platform administrator's view of the integrations: every vendor webhook received and where it stands. */
export async function integrationRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/app/integrations/webhook-events',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Received vendor webhooks, newest first (platform administrators)',
        querystring: paginationQuerySchema.extend(webhookEventQuerySchema.shape),
        response: { 200: listResponse(webhookEventSchema) },
      },
    },
    async (request) => listWebhookEvents(app.deps, requireActorRequestContext(request), request.query),
  );
}
