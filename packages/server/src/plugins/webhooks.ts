import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound, unauthenticated } from '../errors.ts';
import {
  receiveWebhook,
  type WebhookHint,
  type WebhookSource,
} from '../integrations/webhooks/webhook-inbox.ts';

const maxWebhookBytes = 1_048_576;

/**
 * `POST /api/webhooks/{provider}` (ARCHITECTURE §2b): public, the body kept as the exact bytes received so the
 * provider's signature is checked over them, then stored, deduplicated and queued in one transaction, and answered
 * at once; processing happens from the queue. A bad signature is a 401 and stores nothing. Registered without
 * fastify-plugin so its raw-body parser stays inside this route.
 */
export async function webhookRoutes(app: FastifyInstance, opts: { sources: readonly WebhookSource[] }) {
  const sources = new Map(opts.sources.map((s) => [s.provider, s]));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxWebhookBytes }, (_request, body, done) =>
    done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/:provider',
    {
      config: { public: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Receive a signed vendor webhook',
        security: [],
        params: z.object({ provider: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a provider name') }),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (request) => {
      const source = sources.get(request.params.provider);
      if (!source) throw notFound('Webhook provider');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let hint: WebhookHint;
      try {
        hint = source.read(request.headers, raw);
      } catch (error) {
        if (error instanceof SyntaxError)
          throw invalid([{ field: 'body', in: 'body', message: 'must be the provider’s JSON event' }]);
        request.log.warn({ provider: source.provider }, 'webhook refused: signature not valid');
        throw unauthenticated('The webhook signature is not valid.');
      }
      if (!hint.eventId || !hint.objectId)
        throw invalid([
          { field: 'body', in: 'body', message: 'must name the event and the object it is about' },
        ]);
      const { duplicate } = await receiveWebhook(
        { db: app.database.db, jobs: app.jobs },
        source.provider,
        hint,
        raw,
      );
      return { received: true as const, duplicate };
    },
  );
}
