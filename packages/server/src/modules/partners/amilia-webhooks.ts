import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { partnerConnections } from '../../db/schema/index.ts';
import type { Deps, WebhookProcessor } from '../../deps.ts';
import { invalid, notFound, unauthenticated } from '../../errors.ts';
import { verifyAmiliaSignature } from '../../integrations/partners/amilia.adapter.ts';
import { receiveWebhook } from '../../integrations/webhooks/webhook-inbox.ts';
import { defineJob } from '../../jobs/queue.ts';
import { applyRegistration, partnerSyncJob } from './partners-sync.ts';

const amiliaEvent = z.object({
  EventId: z.string().min(1).max(200),
  OrgIdentifier: z.string().min(1).max(200).optional(),
  RegistrationId: z.string().min(1).max(200),
  OccurredAt: z.string().optional(),
});

/**
 * An Amilia delivery for an organization (issue 31, ADR 041): the exact bytes are checked against that
 * organization's connection secret (sealed with its credentials) — a bad or missing signature, or no Amilia
 * connection, is a 401 and stores nothing — then stored once in the shared webhook inbox (unique on the delivery's
 * event id, per connection) and processed from the queue by re-reading the registration from Amilia: never from the
 * delivery's own data.
 */
export async function receiveAmiliaWebhook(
  deps: Pick<Deps, 'db' | 'jobs' | 'integrations'>,
  {
    organizationId,
    headers,
    raw,
  }: { organizationId: string; headers: Record<string, string | string[] | undefined>; raw: Buffer },
): Promise<{ received: true; duplicate: boolean }> {
  const partners = deps.integrations.partners;
  if (!partners) throw notFound('Webhook provider');
  const [connection] = await deps.db
    .select()
    .from(partnerConnections)
    .where(
      and(
        eq(partnerConnections.organizationId, organizationId),
        eq(partnerConnections.providerType, 'Amilia'),
      ),
    );
  const secret = connection
    ? partners.open(connection.id, connection.credentialsSealed)?.webhookSecret
    : undefined;
  // No connection and a bad signature answer alike: a caller learns nothing about which organizations exist.
  if (!connection || !secret || !verifyAmiliaSignature(secret, headers, raw))
    throw unauthenticated('The webhook signature is not valid.');
  let event: z.infer<typeof amiliaEvent>;
  try {
    event = amiliaEvent.parse(JSON.parse(raw.toString('utf8')));
  } catch {
    throw invalid([{ field: 'body', in: 'body', message: 'must be Amilia’s registration event' }]);
  }
  if (event.OrgIdentifier !== undefined && event.OrgIdentifier !== connection.siteId)
    throw invalid([{ field: 'body', in: 'body', message: 'is about another Amilia organization' }]);
  const occurredAt = event.OccurredAt ? new Date(event.OccurredAt) : null;
  const { duplicate } = await receiveWebhook(
    { db: deps.db, jobs: deps.jobs },
    'amilia',
    {
      eventId: `${connection.id}:${event.EventId}`,
      objectType: 'registration',
      objectId: `${connection.id}:${event.RegistrationId}`,
      occurredAt: occurredAt && !Number.isNaN(occurredAt.getTime()) ? occurredAt : null,
    },
    raw,
  );
  return { received: true, duplicate };
}

/**
 * Processes one stored Amilia event: re-reads the registration as Amilia holds it now and applies it through the
 * same path as the sync (its row locked; an older change never overwrites a newer one), so duplicates and
 * reordered deliveries make one member, and the last state wins.
 */
export const processAmiliaWebhook: WebhookProcessor = async (deps, event) => {
  const [connectionId, registrationId] = splitOnce(event.objectId);
  const partners = deps.integrations.partners;
  if (!partners || !connectionId || !registrationId || !z.uuid().safeParse(connectionId).success)
    return { outcome: 'ignored' };
  const [connection] = await deps.db
    .select()
    .from(partnerConnections)
    .where(eq(partnerConnections.id, connectionId));
  if (!connection) return { outcome: 'ignored' };
  const credentials = partners.open(connection.id, connection.credentialsSealed);
  if (!credentials) return { outcome: 'ignored', organizationId: connection.organizationId };
  const port = partners.portFor(connection, credentials, deps.appUrl);
  try {
    const registration = await port.readRegistration?.(registrationId, {
      correlationId: `amilia-webhook:${event.eventRowId}`,
    });
    if (!registration) return { outcome: 'ignored', organizationId: connection.organizationId };
    await deps.db.transaction((tx) => applyRegistration(deps, tx, connection, registration));
    return { outcome: 'processed', organizationId: connection.organizationId };
  } finally {
    await port.close();
  }
};

function splitOnce(value: string): [string, string] | [] {
  const at = value.indexOf(':');
  return at < 0 ? [] : [value.slice(0, at), value.slice(at + 1)];
}

/**
 * Daily, each Amilia connection is reconciled: its registrations list read from the stored cursor through the same
 * sync job (what a lost or dropped webhook missed arrives here). Keyed per connection and day: queued once a day.
 */
export const amiliaReconcileScheduleJob = defineJob({
  name: 'partners.amilia-reconcile-schedule',
  payload: z.object({}),
  cron: '15 4 * * *',
  run: async (deps) => {
    const rows = await deps.db
      .select({ id: partnerConnections.id })
      .from(partnerConnections)
      .where(eq(partnerConnections.providerType, 'Amilia'));
    const day = Math.floor(Date.now() / 86_400_000);
    for (const row of rows)
      await deps.jobs.enqueue(
        deps.db,
        partnerSyncJob,
        { connectionId: row.id },
        { key: `${row.id}:d${day}` },
      );
    return { queued: rows.length };
  },
});
