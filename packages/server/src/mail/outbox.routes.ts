import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../db/schema/index.ts';

const outboxSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/**
 * GET /api/dev/outbox: the newest 100 messages the outbox kept, for the developer's /dev/outbox page. Registered
 * only outside production and only while the outbox is the mailer, so it cannot exist where real mail flows.
 */
export async function outboxRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dev/outbox',
      { config: { public: true }, schema: { response: { 200: outboxSchema }, hide: true } },
      async () => {
        const rows = await app.database.db
          .select()
          .from(mailOutbox)
          .orderBy(desc(mailOutbox.createdAt))
          .limit(100);
        return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
      },
    );
}
