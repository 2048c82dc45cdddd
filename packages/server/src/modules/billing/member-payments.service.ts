import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '@touchline/contracts/errors';
import {
  formatMoney,
  type AwaitingPayment,
  type BulkPaymentBody,
  type MemberPayment,
  type MemberPaymentInfo,
} from '@touchline/contracts/member-payments';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { memberPaymentItems, memberPayments, profiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { AppError, conflict, invalid } from '../../errors.ts';
import { CardDeclined } from '../../integrations/billing/port.ts';
import {
  VendorCircuitOpenError,
  VendorError,
  VendorHttpError,
} from '../../integrations/http/vendor-errors.ts';
import { loadPayingMember, owedOf, payableRequirements } from './member-payments.owed.ts';
import {
  applyMemberPayment,
  chargeOf,
  presentPayment,
  settleItem,
  settleMemberPaymentJob,
} from './member-payments.settle.ts';

// Member pays (ADR 031): what a member owes, and paying for several requirements at once with a card the browser
// collected (Stripe.js, or the sandbox card form). Use cases are (deps, ctx, input).

/** What paying needs. */
export type MemberPayDeps = Pick<Deps, 'db' | 'jobs' | 'integrations' | 'log' | 'appUrl'>;
type Ctx = RequestContext;

/** 503 with Retry-After: the payment provider is down (its circuit is open) or did not answer. */
function paymentsUnavailable(message: string, retryAfterMs = 30_000) {
  return new AppError(ErrorCode.ServiceUnavailable, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });
}

function portOf(deps: Pick<Deps, 'integrations'>) {
  const billing = deps.integrations.billing;
  if (!billing) throw conflict('Payments are not set up in this deployment');
  return billing.port;
}

/** GET awaiting-payment-by-individual/{plaId}: what the member owes now, what they paid but not used, what is pending. */
export function awaitingPayment(
  deps: MemberPayDeps,
  ctx: Ctx,
  input: { plaId: string },
): Promise<AwaitingPayment> {
  const { plaId } = input;
  return deps.db.transaction(async (tx) => {
    const member = await loadPayingMember(tx, ctx, plaId, 'view');
    const payable = await payableRequirements(tx, ctx.organizationId, member);
    const owed = owedOf(payable);
    return {
      plaId,
      items: owed.map(({ startable: _s, liveItem: _l, ...item }) => item),
      total: owed.reduce((sum, item) => sum + item.amount, 0),
      currency: owed[0]?.currency ?? 'usd',
      paid: payable
        .filter((p) => p.liveItem === 'paid')
        .map((p) => ({ definitionId: p.definitionId, name: p.name, amount: p.amount })),
      processing: payable
        .filter((p) => p.liveItem === 'pending')
        .map((p) => ({ definitionId: p.definitionId, name: p.name })),
      sandbox: deps.integrations.billing?.port.sandbox ?? false,
      card: deps.integrations.billing?.port.clientConfig() ?? null,
    };
  });
}

type Reserved = { paymentId: string; existing: boolean };

/**
 * Records the payment and its items (pending) with the member's requirements locked, so a second submit waits and
 * then finds the first: the same requirements answer the first payment; overlapping ones are refused (409).
 */
function reserve(deps: MemberPayDeps, ctx: Ctx, input: BulkPaymentBody): Promise<Reserved> {
  return deps.db.transaction(async (tx) => {
    const member = await loadPayingMember(tx, ctx, input.plaId, 'pay');
    const payable = await payableRequirements(tx, ctx.organizationId, member, {
      definitionIds: input.definitionIds,
      lock: true,
    });
    const byDefinition = new Map(payable.map((p) => [p.definitionId, p]));
    const unknown = input.definitionIds.flatMap((id, i) =>
      byDefinition.has(id)
        ? []
        : [
            {
              field: `definitionIds.${i}`,
              in: 'body' as const,
              message: 'This requirement is not yours to pay',
            },
          ],
    );
    if (unknown.length > 0) throw invalid(unknown);
    const chosen = input.definitionIds.map((id) => byDefinition.get(id)!);
    const live = chosen.filter((p) => p.liveItem !== null);
    if (live.length > 0) {
      const items = await tx
        .select({
          paymentId: memberPaymentItems.paymentId,
          memberRequirementId: memberPaymentItems.memberRequirementId,
          state: memberPaymentItems.state,
        })
        .from(memberPaymentItems)
        .where(eq(memberPaymentItems.memberRequirementId, live[0]!.memberRequirementId));
      const first = items.find((i) => i.state === 'pending' || i.state === 'paid');
      if (first && live.length === chosen.length) {
        const same = await tx
          .select({ memberRequirementId: memberPaymentItems.memberRequirementId })
          .from(memberPaymentItems)
          .where(eq(memberPaymentItems.paymentId, first.paymentId));
        const ids = new Set(same.map((s) => s.memberRequirementId));
        if (ids.size === chosen.length && chosen.every((c) => ids.has(c.memberRequirementId)))
          return { paymentId: first.paymentId, existing: true };
      }
      throw conflict(`Already paid or being paid: ${live.map((p) => p.name).join(', ')}`);
    }
    const closed = chosen.filter((p) => !p.startable);
    if (closed.length > 0)
      throw conflict(
        `Nothing to pay for now (already under way or complete): ${closed.map((p) => p.name).join(', ')}`,
      );
    const currencies = new Set(chosen.map((p) => p.currency));
    if (currencies.size > 1)
      throw invalid([
        { field: 'definitionIds', in: 'body', message: 'Pay for requirements in one currency at a time' },
      ]);
    const [payer] = await tx
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, ctx.profileId ?? ''));
    const [payment] = await tx
      .insert(memberPayments)
      .values({
        organizationId: ctx.organizationId,
        profileLevelAccessId: input.plaId,
        profileId: member.profileId,
        payerUserId: ctx.userId,
        amount: chosen.reduce((sum, p) => sum + p.amount, 0),
        currency: chosen[0]!.currency,
        paymentMethodId: input.paymentMethodId,
        receiptEmail: payer?.email ?? null,
      })
      .returning({ id: memberPayments.id });
    await tx.insert(memberPaymentItems).values(
      chosen.map((p) => ({
        organizationId: ctx.organizationId,
        paymentId: payment!.id,
        memberRequirementId: p.memberRequirementId,
        definitionId: p.definitionId,
        name: p.name,
        amount: p.amount,
      })),
    );
    return { paymentId: payment!.id, existing: false };
  });
}

/**
 * POST bulk-payment: the member (or their guardian) pays for several of their requirements at once. One
 * PaymentIntent through the billing port, keyed by our payment id; the answer settles it (webhooks re-read it
 * too). A decline releases the requirements (409 with the bank's reason); an open circuit answers 503 at once
 * and charges nothing; a provider that did not answer leaves the payment pending for the settle job, which asks
 * again with the same key (503, never a second charge). Paid work starts in the settling transaction.
 */
export async function payForRequirements(
  deps: MemberPayDeps,
  ctx: Ctx,
  input: BulkPaymentBody,
): Promise<MemberPayment> {
  const port = portOf(deps);
  const { paymentId, existing } = await reserve(deps, ctx, input);
  if (existing) return presentPayment(deps.db, paymentId);
  const [payment] = await deps.db.select().from(memberPayments).where(eq(memberPayments.id, paymentId));
  const actor = { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId };
  const decline = (message: string) =>
    applyMemberPayment(
      deps,
      paymentId,
      {
        id: payment!.vendorPaymentId ?? '',
        status: 'declined',
        amount: payment!.amount,
        currency: payment!.currency,
        declineReason: message,
        metadata: {},
      },
      actor,
    );
  try {
    const result = await port.charge(chargeOf(payment!), { correlationId: ctx.requestId });
    await applyMemberPayment(deps, paymentId, result, actor);
  } catch (error) {
    if (error instanceof CardDeclined) {
      await decline(error.message);
      throw conflict(`Your card was declined: ${error.message} Nothing was charged; try another card.`);
    }
    if (error instanceof VendorCircuitOpenError) {
      await decline('The payment provider was unavailable');
      throw paymentsUnavailable(
        `Payments are unavailable right now (the payment provider is not answering). Nothing was charged; try again in ${Math.ceil(error.retryAfterMs / 1000)} seconds.`,
        error.retryAfterMs,
      );
    }
    if (error instanceof VendorHttpError && error.status < 500) {
      await decline('The payment provider refused the card');
      throw invalid([
        {
          field: 'paymentMethodId',
          in: 'body',
          message: 'Enter your card again: the payment provider did not accept it',
        },
      ]);
    }
    if (error instanceof VendorError) {
      await deps.jobs.enqueue(deps.db, settleMemberPaymentJob, { paymentId }, { key: `settle-${paymentId}` });
      throw paymentsUnavailable(
        `The payment provider did not answer. Your payment of ${formatMoney(payment!.amount, payment!.currency)} is being confirmed; you will not be charged twice.`,
      );
    }
    throw error;
  }
  return presentPayment(deps.db, paymentId);
}

/**
 * Starts the paid work of one requirement the member already paid for (a credit from bulk-payment: a background
 * check paid before consent). Answers false when there is no credit; a credit whose work can no longer start is
 * refunded through the outbox.
 */
export function startWithCredit(
  deps: MemberPayDeps,
  ctx: Ctx,
  input: { plaId: string; definitionId: string },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const member = await loadPayingMember(tx, ctx, input.plaId, 'pay');
    const [payable] = await payableRequirements(tx, ctx.organizationId, member, {
      definitionIds: [input.definitionId],
      lock: true,
    });
    if (!payable || payable.liveItem !== 'paid') return false;
    const [item] = await tx
      .select()
      .from(memberPaymentItems)
      .where(
        and(
          eq(memberPaymentItems.memberRequirementId, payable.memberRequirementId),
          eq(memberPaymentItems.state, 'paid'),
        ),
      )
      .for('update');
    if (!item) return false;
    const actor = { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId };
    await settleItem(deps, tx, item, payable.type, actor);
    return true;
  });
}

/** The active profile's userAwaitingIndividualPaymentContent: what the member owes on one access, by definition. */
export async function awaitingIndividualPaymentContent(
  deps: Pick<Deps, 'db'>,
  organizationId: string,
  member: { profileId: string; plaId: string } | null,
): Promise<{ id: string; name: string }[]> {
  if (!member) return [];
  const payable = await payableRequirements(deps.db, organizationId, member);
  return owedOf(payable).map((p) => ({ id: p.definitionId, name: p.name }));
}

/**
 * The session's `backgroundCheckPaymentInfo` and `aptPaymentInfo` (spec §3): the member's background checks and
 * abuse-prevention trainings on one access that are theirs to pay, with where each payment stands: `awaiting`
 * (owed now), `processing` (the provider has not confirmed it yet), `paid` (a credit, or the paid work started).
 * A requirement theirs to pay that is neither owed nor paid (under way for free, say) is left out.
 */
export async function memberPaymentInfo(
  deps: Pick<Deps, 'db'>,
  organizationId: string,
  member: { profileId: string; plaId: string } | null,
): Promise<{ backgroundCheckPaymentInfo: MemberPaymentInfo[]; aptPaymentInfo: MemberPaymentInfo[] }> {
  const empty = { backgroundCheckPaymentInfo: [], aptPaymentInfo: [] };
  if (!member) return empty;
  const payable = (await payableRequirements(deps.db, organizationId, member)).filter(
    (p) => p.type === RequirementType.BackgroundCheck || p.type === RequirementType.AbusePreventionTraining,
  );
  if (payable.length === 0) return empty;
  const used = await deps.db
    .select({ memberRequirementId: memberPaymentItems.memberRequirementId })
    .from(memberPaymentItems)
    .where(
      and(
        inArray(
          memberPaymentItems.memberRequirementId,
          payable.map((p) => p.memberRequirementId),
        ),
        eq(memberPaymentItems.state, 'used'),
      ),
    );
  const usedIds = new Set(used.map((u) => u.memberRequirementId));
  const infos = payable.flatMap((p): (MemberPaymentInfo & { type: number })[] => {
    const state =
      p.liveItem === 'pending'
        ? 'processing'
        : p.liveItem === 'paid'
          ? 'paid'
          : p.startable
            ? 'awaiting'
            : usedIds.has(p.memberRequirementId)
              ? 'paid'
              : null;
    if (!state) return [];
    const { definitionId, memberRequirementId, name, amount, currency, type } = p;
    return [{ definitionId, memberRequirementId, name, amount, currency, state, type }];
  });
  const of = (type: number) => infos.filter((i) => i.type === type).map(({ type: _type, ...info }) => info);
  return {
    backgroundCheckPaymentInfo: of(RequirementType.BackgroundCheck),
    aptPaymentInfo: of(RequirementType.AbusePreventionTraining),
  };
}
