import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { findLiveLevel } from '../../authz/live-queries.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
import {
  labels,
  partnerConnections,
  partnerProgramMappings,
  partnerRegistrations,
  profileLevelAccesses,
} from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import {
  PartnerCredentialsRefused,
  type PartnerPerson,
  type PartnerRegistration,
} from '../../integrations/partners/port.ts';
import { defineJob, GiveUpError } from '../../jobs/queue.ts';
import {
  admitChild,
  guardianEmailOf,
  guardianPrefillOf,
  lockGuardian,
  releaseGuardian,
} from './partner-guardians.ts';
import { revokeInvitations } from '../invitations/invitations.service.ts';
import { invitePartnerPerson, liveAccessByEmail } from './partner-invite.ts';

/** Export pages one run applies at most (the next run resumes from the stored cursor). */
const pagesPerRun = 50;

export type SyncDeps = Pick<Deps, 'db' | 'integrations' | 'jobs' | 'appUrl'>;

/** Where a registration stands with us (see partner_registrations). */
export type RegistrationStatus = 'pending' | 'unmapped' | 'invited' | 'withdrawn';

type Connection = typeof partnerConnections.$inferSelect;

/**
 * Syncs one connection's roster (issue 31): pages of the partner's export from the stored cursor, each page applied
 * and the cursor moved in one transaction, so a fault mid-run loses nothing and repeats nothing (the next run resumes
 * after the last page applied). Every registration is one row (unique on connection and registration), locked while
 * it is applied: replays, reordering (an older change never overwrites a newer one) and two workers never make two
 * members of one registration.
 */
export async function syncPartnerConnection(
  deps: SyncDeps,
  connectionId: string,
  ctx: { correlationId?: string } = {},
): Promise<{ applied: number; pages: number }> {
  const partners = deps.integrations.partners;
  const [connection] = await deps.db
    .select()
    .from(partnerConnections)
    .where(eq(partnerConnections.id, connectionId));
  if (!connection || !partners) return { applied: 0, pages: 0 };
  const credentials = partners.open(connection.id, connection.credentialsSealed);
  if (!credentials) {
    await markFailing(deps, connection.id, 'The stored credentials do not open: connect the partner again');
    throw new GiveUpError('partner credentials do not open');
  }
  const port = partners.portFor(connection, credentials, deps.appUrl);
  let applied = 0;
  let pages = 0;
  try {
    let cursor = connection.cursor ?? null;
    for (; pages < pagesPerRun; pages++) {
      const page = await port.exportRegistrations(cursor, ctx);
      if (page.registrations.length === 0) break;
      await deps.db.transaction(async (tx) => {
        for (const registration of page.registrations) {
          await applyRegistration(deps, tx, connection, registration);
          applied++;
        }
        await tx
          .update(partnerConnections)
          .set({ cursor: page.next, updatedAt: new Date() })
          .where(eq(partnerConnections.id, connection.id));
      });
      cursor = page.next;
    }
    await deps.db
      .update(partnerConnections)
      .set({ state: 'connected', lastSyncAt: new Date(), lastSyncError: null, updatedAt: new Date() })
      .where(eq(partnerConnections.id, connection.id));
    return { applied, pages };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await markFailing(deps, connection.id, message.slice(0, 500));
    if (err instanceof PartnerCredentialsRefused) throw new GiveUpError(message);
    throw err;
  } finally {
    await port.close();
  }
}

async function markFailing(deps: SyncDeps, connectionId: string, message: string) {
  await deps.db
    .update(partnerConnections)
    .set({ state: 'failing', lastSyncError: message, lastSyncAt: new Date(), updatedAt: new Date() })
    .where(eq(partnerConnections.id, connectionId));
}

/** Applies one registration as read, under its row's lock. */
export async function applyRegistration(
  deps: SyncDeps,
  tx: Transaction,
  connection: Connection,
  registration: PartnerRegistration,
) {
  // A child's registration: the guardian's lock first, then the row's (the order every path takes).
  const guardianEmail = guardianEmailOf(registration.person);
  if (guardianEmail) await lockGuardian(tx, connection.organizationId, guardianEmail);
  await tx
    .insert(partnerRegistrations)
    .values({
      organizationId: connection.organizationId,
      connectionId: connection.id,
      registrationId: registration.registrationId,
      memberId: registration.memberId,
      programId: registration.programId,
      programName: registration.programName,
      role: registration.role,
      status: 'pending',
      partnerUpdatedAt: -1,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(partnerRegistrations)
    .where(
      and(
        eq(partnerRegistrations.connectionId, connection.id),
        eq(partnerRegistrations.registrationId, registration.registrationId),
      ),
    )
    .for('update');
  if (!row) throw new Error('the registration row was not written');
  // Reordered delivery: a change older than the one applied already is ignored.
  if (row.partnerUpdatedAt > registration.updatedAt) return;
  const now = new Date();
  await tx
    .update(partnerRegistrations)
    .set({
      memberId: registration.memberId,
      programId: registration.programId,
      programName: registration.programName,
      role: registration.role,
      partnerUpdatedAt: registration.updatedAt,
      attempts: row.attempts + 1,
      updatedAt: now,
    })
    .where(eq(partnerRegistrations.id, row.id));
  if (registration.withdrawn) {
    await withdraw(tx, connection, row, now);
    return;
  }
  if (row.status === 'invited' && row.profileLevelAccessId) {
    // Already a member or invited: keep what the partner knows current for prefill, until the member (or guardian)
    // has used or dismissed it (then it is null and stays so).
    if (row.prefill !== null || row.guardianPrefill !== null)
      await tx
        .update(partnerRegistrations)
        .set({
          ...(row.prefill !== null ? { prefill: registration.person } : {}),
          ...(row.guardianPrefill !== null
            ? { guardianPrefill: guardianPrefillOf(registration.person) }
            : {}),
        })
        .where(eq(partnerRegistrations.id, row.id));
    return;
  }
  if (!registration.ready) {
    await setStatus(tx, row.id, 'pending', null, null);
    return;
  }
  await admit(deps, tx, connection, { id: row.id, ...registration });
}

async function setStatus(
  tx: Transaction,
  rowId: string,
  status: RegistrationStatus,
  accessId: string | null,
  prefill: PartnerPerson | null,
) {
  await tx
    .update(partnerRegistrations)
    .set({ status, profileLevelAccessId: accessId, prefill, updatedAt: new Date() })
    .where(eq(partnerRegistrations.id, rowId));
}

/**
 * A withdrawn registration archives the access it made (never deletes it) and revokes an open invitation; a child's
 * guardian keeps theirs unless the sync made it for this registration alone.
 */
async function withdraw(
  tx: Transaction,
  connection: Connection,
  row: Pick<
    typeof partnerRegistrations.$inferSelect,
    'id' | 'profileLevelAccessId' | 'guardianProfileLevelAccessId'
  >,
  now: Date,
) {
  const accessId = row.profileLevelAccessId;
  if (accessId) {
    await tx
      .update(profileLevelAccesses)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(
          eq(profileLevelAccesses.organizationId, connection.organizationId),
          eq(profileLevelAccesses.id, accessId),
          isNull(profileLevelAccesses.deletedAt),
        ),
      );
    await revokeInvitations(tx, connection.organizationId, [accessId], now);
    await recordAuditEvent(
      tx,
      { userId: null },
      {
        organizationId: connection.organizationId,
        action: 'member.archived',
        entityType: 'profile_level_access',
        entityId: accessId,
        data: { reason: 'partner registration withdrawn', connectionId: connection.id },
      },
    );
  }
  await tx
    .update(partnerRegistrations)
    .set({ status: 'withdrawn', prefill: null, guardianPrefill: null, updatedAt: now })
    .where(eq(partnerRegistrations.id, row.id));
  await releaseGuardian(tx, connection, row.id, row.guardianProfileLevelAccessId, now);
}

/**
 * A paid and placed registration of a mapped program becomes an invitation at the mapped level and role, carrying the
 * partner's member id on the access (`external_id`); an existing member with a live access there is linked instead.
 * Unmapped programs wait (status unmapped) until an admin maps them.
 */
export async function admit(
  deps: SyncDeps,
  tx: Transaction,
  connection: Pick<Connection, 'id' | 'organizationId'>,
  registration: { id: string; programId: string; role: string; memberId: string; person: PartnerPerson },
) {
  const [mapping] = await tx
    .select()
    .from(partnerProgramMappings)
    .where(
      and(
        eq(partnerProgramMappings.connectionId, connection.id),
        eq(partnerProgramMappings.programId, registration.programId),
      ),
    );
  const person = registration.person;
  // No address to invite: neither the member's nor a guardian's.
  if (!mapping || (!person.email && !guardianEmailOf(person))) {
    await setStatus(tx, registration.id, 'unmapped', null, person);
    return;
  }
  const level = await findLiveLevel(tx, connection.organizationId, mapping.hierarchyLevelId);
  const label = await liveLabel(
    tx,
    connection.organizationId,
    mapping.roleLabels[registration.role] ?? mapping.labelId,
  );
  if (!level || !label) {
    await setStatus(tx, registration.id, 'unmapped', null, person);
    return;
  }
  if (guardianEmailOf(person)) {
    // A child's registration: the guardian is invited under the label mapped for the partner role PARENT (else the
    // program's), the child placed as their child profile (ADR 041 part five).
    const guardianLabel =
      (await liveLabel(tx, connection.organizationId, mapping.roleLabels.PARENT ?? mapping.labelId)) ?? label;
    await admitChild(deps, tx, {
      connection,
      registration,
      level: { id: level.id, name: level.name },
      label,
      guardianLabel,
    });
    return;
  }
  // An existing member (same address) with a live access at the level: that access is the membership.
  const held = await liveAccessByEmail(tx, connection.organizationId, level.id, person.email);
  if (held) {
    if (!held.externalId)
      await tx
        .update(profileLevelAccesses)
        .set({ externalId: registration.memberId, updatedAt: new Date() })
        .where(eq(profileLevelAccesses.id, held.id));
    await setStatus(tx, registration.id, 'invited', held.id, person);
    return;
  }
  const invited = await invitePartnerPerson(deps, tx, {
    connection,
    level,
    label,
    person: { email: person.email, firstName: person.firstName || 'Member', lastName: person.lastName || '' },
    externalId: registration.memberId,
  });
  await setStatus(tx, registration.id, 'invited', invited.profileLevelAccessId, person);
}

async function liveLabel(tx: Transaction, organizationId: string, labelId: string) {
  const [label] = await tx
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.organizationId, organizationId), eq(labels.id, labelId), isNull(labels.deletedAt)));
  return label;
}

/** Syncs one connection through the queue (retried with backoff; a refused key gives up at once). */
export const partnerSyncJob = defineJob<{ connectionId: string }>({
  name: 'partners.sync',
  payload: z.object({ connectionId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 3600 },
  expireInSeconds: 900,
  run: (deps, { connectionId }, ctx) =>
    syncPartnerConnection(deps, connectionId, { correlationId: `partner-sync:${ctx.jobId}` }),
});

/** Every half hour, each connection's sync is queued (keyed by connection and slot: queued once per slot). */
export const partnerSyncScheduleJob = defineJob({
  name: 'partners.sync-schedule',
  payload: z.object({}),
  cron: '*/30 * * * *',
  run: async (deps) => {
    // Amilia pushes webhooks and is reconciled daily (partners.amilia-reconcile-schedule), not polled.
    const rows = await deps.db
      .select({ id: partnerConnections.id })
      .from(partnerConnections)
      .where(sql`${partnerConnections.providerType} <> 'Amilia'`);
    const slot = Math.floor(Date.now() / 1_800_000);
    for (const row of rows)
      await deps.jobs.enqueue(
        deps.db,
        partnerSyncJob,
        { connectionId: row.id },
        { key: `${row.id}:${slot}` },
      );
    return { queued: rows.length };
  },
});
