import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { recordAuditEvent } from '../db/audit.ts';
import { auditEvents, organizations } from '../db/schema/index.ts';
import { demoOrganizationName } from './seed-demo.ts';

/** Written with the demo's content library: the parts below are still to seed beside it. */
export const demoSeedPendingAction = 'organization.demo_seed_pending';
/** Written after the last part: the demo is whole, and nothing is ever seeded into it again. */
export const demoSeedCompleteAction = 'organization.demo_seed_complete';

/** Marks the demo's remaining parts as pending, in the transaction that adds its content library. */
export async function markDemoSeedPending(tx: Executor, organizationId: string): Promise<void> {
  await recordAuditEvent(
    tx,
    { userId: null },
    { organizationId, action: demoSeedPendingAction, entityType: 'organization', entityId: organizationId },
  );
}

/**
 * The demo league whose parts are still to seed: its library was added (pending marked with it) and its last part
 * has not finished. Null for a demo someone has been using (a data directory seeded before the parts were marked
 * never gets new parts) and once the demo is whole.
 */
export async function pendingDemoSeed(db: Executor): Promise<string | null> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), eq(organizations.name, demoOrganizationName)));
  if (!org) return null;
  const marks = await db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationId, org.id),
        inArray(auditEvents.action, [demoSeedPendingAction, demoSeedCompleteAction]),
      ),
    );
  const has = (action: string) => marks.some((m) => m.action === action);
  return has(demoSeedPendingAction) && !has(demoSeedCompleteAction) ? org.id : null;
}

export async function markDemoSeedComplete(db: Executor, organizationId: string): Promise<void> {
  await recordAuditEvent(
    db,
    { userId: null },
    { organizationId, action: demoSeedCompleteAction, entityType: 'organization', entityId: organizationId },
  );
}
