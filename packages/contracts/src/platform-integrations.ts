import { z } from 'zod';

/** A provider the platform administrator's screens name: its key in the webhook log, a label, and whether it is one of our sandboxes. */
export const integrationProviderSchema = z.object({
  provider: z.string(),
  label: z.string(),
  /** True when this deployment's provider is our own sandbox (development, tests, demos), never the vendor. */
  sandbox: z.boolean(),
});
/** One provider of this deployment. */
export type IntegrationProvider = z.infer<typeof integrationProviderSchema>;

/** The providers of this deployment. */
export const integrationProvidersSchema = z.object({ items: z.array(integrationProviderSchema) });

/** A job name as the queue stores it (e.g. `mail.send`): letters, digits, dots, dashes. */
const jobNameSchema = z.string().regex(/^[a-z][a-z0-9.-]{0,63}$/, 'must be a job name');

/** One value of a dead job's payload as an operator may see it: ids, numbers and flags as they are, text only as its length. */
export const payloadSummaryValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * A job that used up its retries and waits in its dead-letter queue, without personal data or secrets: the payload
 * only as a summary (ids and numbers shown, text replaced by its length), the error with e-mail addresses masked.
 */
export const deadLetterSchema = z.object({
  id: z.uuid(),
  job: z.string(),
  /** The failed job's own id (for a keyed job, derived from our ids), to find it in logs. */
  sourceJobId: z.string().nullable(),
  payload: z.record(z.string(), payloadSummaryValueSchema),
  error: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  firstQueuedAt: z.iso.datetime({ offset: true }).nullable(),
  deadAt: z.iso.datetime({ offset: true }),
});
/** One dead letter as listed. */
export type DeadLetter = z.infer<typeof deadLetterSchema>;

/** Filter of the dead-letter list (with page/perPage): one job name. */
export const deadLetterQuerySchema = z.object({ job: jobNameSchema.optional() });

/** Path parameter naming one dead letter. */
export const deadLetterParamsSchema = z.object({ id: z.uuid() });

/** What retrying or discarding did; a repeat of the same action (a double click) answers the same, doing nothing more. */
export const deadLetterActionResultSchema = z.object({
  id: z.uuid(),
  outcome: z.enum(['retried', 'discarded']),
  /** False when this request found the action already done (by an earlier click). */
  changed: z.boolean(),
});
/** The answer of a retry or discard. */
export type DeadLetterActionResult = z.infer<typeof deadLetterActionResultSchema>;

/** One webhook's body, shown to a platform administrator on request. */
export const webhookEventBodySchema = z.object({ id: z.uuid(), rawBody: z.string() });
