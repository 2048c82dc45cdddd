import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** One message the embedded mailer kept instead of sending (ARCHITECTURE §2 mail). */
export const outboxMessageSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  to: z.union([z.string(), z.array(z.string()).transform((list) => list.join(', '))]),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable().optional(),
  createdAt: z.string(),
});
/** One outbox message. */
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Answer of GET /api/dev/outbox: newest first. */
export const outboxSchema = z.object({ items: z.array(outboxMessageSchema) });

/**
 * GET /api/dev/outbox: the development outbox. The server answers 404 outside development and test, which reads
 * here as null ("no outbox in this deployment").
 */
export async function getOutbox(): Promise<OutboxMessage[] | null> {
  const answer = await api.get('/api/dev/outbox', { schema: outboxSchema, notFoundAsEmpty: true });
  return answer ? answer.items : null;
}

/** The outbox, fetched fresh whenever the page is looked at again (new mail arrives while you work). */
export const outboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev', 'outbox'], queryFn: getOutbox, staleTime: 0 });

/** Reads the outbox. */
export const useOutbox = () => useQuery(outboxQueryOptions());
