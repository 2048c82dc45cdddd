import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { requirementEvents, requirementSubmissions, screeningOrders } from '../../db/schema/index.ts';
import { liveSubmission, recordChange } from '../../requirement-core/requirement-state.ts';
import { lockRequirementForSystem } from '../../requirement-core/requirement-target.ts';

/** The requirement event of an order that was given up (ADR 031: refund when the order cannot be placed). */
export const orderFailedAction = 'background-check-order-failed';

const consentKind = 'background-check-consent';

/** Whether an order was given up earlier: a retried dead letter must not place it after its refund. */
export async function screeningOrderAbandoned(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: requirementEvents.id })
    .from(requirementEvents)
    .where(
      and(
        eq(requirementEvents.action, orderFailedAction),
        sql`${requirementEvents.data}->>'orderId' = ${orderId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The order job for a member's background check failed for good (the vendor refused it, or every retry failed)
 * before the vendor took the order: the consent is retired (a new order needs a new signature, and gets a new
 * order id), the requirement stops waiting on the vendor, and its history says why and what `onAbandon` undid in
 * the same transaction (the member's refund). Answers false, changing nothing, when the order was placed after
 * all, the requirement is gone, or the order was not a member's consented order (a renewal).
 */
export async function abandonScreeningOrder(
  tx: Executor,
  input: { orderId: string; organizationId: string; memberRequirementId: string; reason: string },
  onAbandon: (tx: Executor) => Promise<Record<string, unknown>>,
): Promise<boolean> {
  const loaded = await lockRequirementForSystem(tx, input.organizationId, input.memberRequirementId);
  if (!loaded) return false;
  const [placed] = await tx
    .select({ id: screeningOrders.id })
    .from(screeningOrders)
    .where(eq(screeningOrders.id, input.orderId));
  if (placed) return false;
  const consent = await liveSubmission(tx, loaded, consentKind);
  if ((consent?.data as { orderId?: string } | undefined)?.orderId !== input.orderId || !consent)
    return false;
  await tx
    .update(requirementSubmissions)
    .set({ supersededAt: new Date() })
    .where(eq(requirementSubmissions.id, consent.id));
  const undone = await onAbandon(tx);
  await recordChange(tx, loaded, {
    action: orderFailedAction,
    facts: { waitingOn: null },
    data: { orderId: input.orderId, reason: input.reason, ...undone },
  });
  return true;
}
