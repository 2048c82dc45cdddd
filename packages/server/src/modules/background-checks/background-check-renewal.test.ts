import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { addTestMember, type TestMember } from '../../../test/factories.ts';
import { eventually } from '../../../test/mail.ts';
import { requirementEvents } from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { sweepOpenScreeningOrders } from './background-check.jobs.ts';
import { renewalOrderId, renewBackgroundChecks } from './background-check-renewal.ts';
import {
  applyAtSandbox,
  at,
  consentAndRun,
  definitionId,
  ordersOf,
  org,
  requirementOf,
  sandbox,
  send,
  t,
  useBackgroundCheckWorld,
} from './background-check.test-support.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

useBackgroundCheckWorld();

const day = 86_400_000;

async function cleared(who: TestMember, name: { first: string; last: string }) {
  await consentAndRun(who, name);
  await eventually(
    async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnApplicant,
    'the order',
  );
  await applyAtSandbox(who);
  await sandbox.clock.advance(2 * day);
  await sweepOpenScreeningOrders(jobDepsOf(t.app));
  expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
}

describe('background-check renewal', () => {
  it('re-orders a cleared check once per renewal period, keeping the clearance until the new result', async () => {
    const name = { first: 'Robin', last: 'Clear' };
    const who = await addTestMember(t, org, org.team, 'member', {
      firstName: name.first,
      lastName: name.last,
    });
    await refreshMemberRequirements(t.database.db, org.id, { profileIds: [who.profileId] });
    await cleared(who, name);
    const first = await requirementOf(who);
    expect(first.expiresAt).not.toBeNull();
    const deps = jobDepsOf(t.app);

    // Not yet within the definition's window (30 days before the end of validity): nothing is ordered.
    expect((await renewBackgroundChecks(deps)).ordered).toBe(0);

    const dueAt = new Date(Date.parse(`${first.expiresAt!}T12:00:00Z`) - 10 * day);
    const sweeps = await Promise.all([
      renewBackgroundChecks(deps, dueAt),
      renewBackgroundChecks(deps, dueAt),
    ]);
    expect(sweeps.reduce((n, s) => n + s.ordered, 0)).toBe(1);
    const orderId = renewalOrderId(first.id, first.expiresAt!);
    await eventually(async () => (await ordersOf(who)).some((o) => o.id === orderId), 'the renewal order');
    expect(await ordersOf(who)).toHaveLength(2);
    expect((await renewBackgroundChecks(deps, dueAt)).ordered).toBe(0);

    // The renewal waits on the member at the vendor; the clearance still counts meanwhile.
    const during = await requirementOf(who);
    expect(during.status).toBe(RequirementStatus.Completed);
    expect(during.completedAt).toEqual(first.completedAt);
    const view = await send(who, 'GET', at(definitionId, 'background-check-by-id', who));
    expect(view.json()).toMatchObject({
      next: 'continue-at-vendor',
      order: { status: 'awaiting_candidate' },
    });

    await applyAtSandbox(who);
    await sandbox.clock.advance(2 * day);
    await sweepOpenScreeningOrders(deps);
    const after = await requirementOf(who);
    expect(after.status).toBe(RequirementStatus.Completed);
    expect(after.completedAt!.getTime()).toBeGreaterThan(first.completedAt!.getTime());
    const events = await t.database.db
      .select({ action: requirementEvents.action, data: requirementEvents.data })
      .from(requirementEvents)
      .where(
        and(
          eq(requirementEvents.memberRequirementId, first.id),
          eq(requirementEvents.action, 'background-check-renewal'),
        ),
      );
    expect(events).toEqual([
      {
        action: 'background-check-renewal',
        data: expect.objectContaining({ orderId, renews: first.expiresAt }),
      },
    ]);
  });
});
