import { auditEvents } from './schema/audit-events.ts';
import type { Executor } from './client.ts';

/** Who caused an event; a null user means the system itself (seed, scheduled job). */
export type AuditActor = { userId: string | null; profileId?: string | null; requestId?: string | null };

/** One audit event, described in domain words: `organization.created`, `level.moved`… */
export type AuditEventInput = {
  organizationId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  data?: Record<string, unknown>;
};

/**
 * Appends an audit event through the caller's executor, so it commits or rolls back with the
 * change it records; never call it outside the transaction that makes the change.
 */
export async function recordAuditEvent(
  tx: Executor,
  actor: AuditActor,
  event: AuditEventInput,
): Promise<void> {
  await tx.insert(auditEvents).values({
    organizationId: event.organizationId,
    actorUserId: actor.userId,
    actorProfileId: actor.profileId ?? null,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId ?? null,
    data: event.data ?? {},
    requestId: actor.requestId ?? null,
  });
}
