import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveAmiliaWebhook } from './amilia-webhooks.ts';

const maxWebhookBytes = 1_048_576;

/**
 * `POST /api/webhooks/amilia/{organizationId}` (issue 31, ADR 041): public, the body kept as the exact bytes received
 * so the signature is checked over them with the organization's own connection secret; answered at once, processed
 * from the queue. Registered as its own plugin so its raw-body parser stays inside this route.
 */
export async function amiliaWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxWebhookBytes }, (_request, body, done) =>
    done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/amilia/:organizationId',
    {
      config: { public: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Receive a signed Amilia registration webhook for an organization',
        security: [],
        params: z.object({ organizationId: z.uuid('Not an organization id') }),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request) =>
      receiveAmiliaWebhook(app.deps, {
        organizationId: request.params.organizationId,
        headers: request.headers,
        raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      }),
  );
}
