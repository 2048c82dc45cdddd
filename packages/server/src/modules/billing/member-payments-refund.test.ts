import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { TestMember } from '../../../test/factories.ts';
import { eventually, mailTo } from '../../../test/mail.ts';
import {
  memberPayments,
  memberRequirements,
  requirementEvents,
  screeningOrders,
} from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { orderBackgroundCheckJobWithRefund } from '../../paid-work-failures.ts';
import {
  base,
  consent,
  defs,
  itemsOf,
  intentsOf,
  newMember,
  pay,
  send,
  stripe,
  t,
  useMemberPaymentWorld,
  yardstik,
} from './member-payments.test-support.ts';

useMemberPaymentWorld();

// ADR 031: a member paid for their background check and the vendor order then fails for good (the vendor refuses
// it, or the order job's retries run out): the payment is refunded through the billing port, its state follows,
// the member is e-mailed through the outbox, and the requirement's history says so.

const awaiting = (who: TestMember) => `${base}/awaiting-payment-by-individual/${who.profileLevelAccessId}`;

async function checkRequirement(who: TestMember) {
  const [row] = await t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(eq(memberRequirements.profileId, who.profileId), eq(memberRequirements.definitionId, defs.check)),
    );
  return row!;
}

async function eventsOf(memberRequirementId: string) {
  return t.database.db
    .select()
    .from(requirementEvents)
    .where(eq(requirementEvents.memberRequirementId, memberRequirementId))
    .orderBy(asc(requirementEvents.createdAt));
}

async function expectRefunded(who: TestMember) {
  await eventually(async () => (await itemsOf(who))[0]?.item.state === 'refunded', 'the refund');
  const [intent] = await intentsOf(who);
  const refunds = [...stripe.store.refunds.values()].filter((r) => r.payment_intent === intent!.id);
  expect(refunds.map((r) => r.amount)).toEqual([2500]);
  const [payment] = await t.database.db
    .select()
    .from(memberPayments)
    .where(eq(memberPayments.profileId, who.profileId));
  expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 2500 });
  await eventually(
    async () => (await mailTo(t, who.email)).some((m) => m.subject === 'Your Touchline refund: $25.00'),
    'the refund e-mail',
  );
  const requirement = await checkRequirement(who);
  const failed = (await eventsOf(requirement.id)).find((e) => e.action === 'background-check-order-failed');
  expect(failed?.data).toMatchObject({ refundAmount: 2500, refundCurrency: 'usd' });
  expect(requirement.status).toBe(RequirementStatus.Incomplete);
  return { requirement, failed: failed! };
}

describe('refund when the paid background check cannot be ordered', () => {
  it('the vendor refuses the order: refunded at once, e-mailed, in the history, and owed again', async () => {
    const member = await newMember('Vic', 'Refused');
    expect((await consent(member, 'Vic', 'Refused')).statusCode).toBe(200);
    const reportsBefore = yardstik.store.reports.size;
    yardstik.faults.arm({ mode: 'error', status: 422, remaining: 1, pathPrefix: '/reports' });
    try {
      const res = await pay(member, [defs.check]);
      expect(res.statusCode).toBe(200);
      expect(res.json().items[0].state).toBe('used');
      const { failed } = await expectRefunded(member);
      expect(String(failed.data && (failed.data as { reason: string }).reason)).toMatch(
        /refused the order \(422\)/,
      );
    } finally {
      yardstik.faults.clear();
    }
    expect(yardstik.store.reports.size).toBe(reportsBefore);
    // The consent is retired (a new order needs a new signature) and the check is the member's to pay again.
    const owed = (await send(member, 'GET', awaiting(member))).json();
    expect(owed.items.map((i: { name: string }) => i.name)).toContain('Background check');
    expect(owed.paid).toEqual([]);
  });

  it('the order job’s retries run out: its give-up refunds, and a retried dead letter orders nothing', async () => {
    const member = await newMember('Ola', 'Outage');
    expect((await consent(member, 'Ola', 'Outage')).statusCode).toBe(200);
    const reportsBefore = yardstik.store.reports.size;
    yardstik.faults.arm({ mode: 'error', status: 503, pathPrefix: '/reports' });
    try {
      expect((await pay(member, [defs.check])).statusCode).toBe(200);
      const requirement = await checkRequirement(member);
      const ordered = (await eventsOf(requirement.id)).find(
        (e) => e.action === 'run-and-pay-background-check',
      );
      const orderId = (ordered?.data as { orderId: string }).orderId;
      // The queue runs giveUp after the last attempt fails (jobs/queue.test.ts); here it is that last attempt.
      const payload = {
        orderId,
        organizationId: requirement.organizationId,
        memberRequirementId: requirement.id,
      };
      await orderBackgroundCheckJobWithRefund.giveUp!(jobDepsOf(t.app), payload, {
        jobId: 'last-attempt',
        attempt: 8,
        error: new Error('Yardstik answered 503'),
      });
      await expectRefunded(member);
      // Giving up twice changes nothing more: one refund, one history entry.
      await orderBackgroundCheckJobWithRefund.giveUp!(jobDepsOf(t.app), payload, {
        jobId: 'again',
        attempt: 8,
        error: new Error('Yardstik answered 503'),
      });
      expect(
        (await eventsOf(requirement.id)).filter((e) => e.action === 'background-check-order-failed'),
      ).toHaveLength(1);
      // The vendor is back; the order job (an operator retrying the dead letter) must not order what was refunded.
      yardstik.faults.clear();
      expect(
        await orderBackgroundCheckJobWithRefund.run(jobDepsOf(t.app), payload, { jobId: 'x', attempt: 0 }),
      ).toEqual({
        skipped: 'order given up',
      });
      expect(yardstik.store.reports.size).toBe(reportsBefore);
      const [intent] = await intentsOf(member);
      expect([...stripe.store.refunds.values()].filter((r) => r.payment_intent === intent!.id)).toHaveLength(
        1,
      );
    } finally {
      yardstik.faults.clear();
    }
  });

  it('an order the vendor took is never given up: a late give-up refunds nothing and keeps the history', async () => {
    const member = await newMember('Tom', 'Taken');
    expect((await consent(member, 'Tom', 'Taken')).statusCode).toBe(200);
    expect((await pay(member, [defs.check])).statusCode).toBe(200);
    const requirement = await checkRequirement(member);
    const ordered = (await eventsOf(requirement.id)).find((e) => e.action === 'run-and-pay-background-check');
    const orderId = (ordered?.data as { orderId: string }).orderId;
    // The order job placed it: the vendor's report is recorded under our order id.
    await eventually(
      async () =>
        (await t.database.db.select().from(screeningOrders).where(eq(screeningOrders.id, orderId))).length ===
        1,
      'the order at the vendor',
    );
    const payload = {
      orderId,
      organizationId: requirement.organizationId,
      memberRequirementId: requirement.id,
    };
    await orderBackgroundCheckJobWithRefund.giveUp!(jobDepsOf(t.app), payload, {
      jobId: 'late',
      attempt: 8,
      error: new Error('late'),
    });
    expect((await itemsOf(member))[0]?.item.state).toBe('used');
    expect((await eventsOf(requirement.id)).some((e) => e.action === 'background-check-order-failed')).toBe(
      false,
    );
    const [intent] = await intentsOf(member);
    expect([...stripe.store.refunds.values()].filter((r) => r.payment_intent === intent!.id)).toEqual([]);
  });
});
