import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestMember, createTestOrganization } from '../../../test/factories.ts';
import { memberRequirements } from '../../db/schema/index.ts';
import {
  addDefinition,
  assign,
  eventsOf,
  overallOf,
  requirementsOf,
} from './requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from './requirements.service.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { requirementStatusesJob, sweepRequirementStatuses } from './requirement-statuses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const at = (day: string) => new Date(`${day}T06:00:00Z`);

describe('the daily requirement status sweep', () => {
  it('moves statuses with the calendar, recomputes overall statuses, restarts reminders on expiry, and is idempotent', async () => {
    const org = await createTestOrganization(t);
    const def = await addDefinition(t, org, {
      validityMode: 'Duration',
      validityDays: 365,
      expiringSoonDays: 30,
    });
    const due = await addDefinition(t, org, { name: 'Due soon', isOptional: true, dueInDays: 3 });
    await assign(t, org, def, org.root, org.labelIds.member);
    await assign(t, org, due, org.root, org.labelIds.member);
    const m = await addTestMember(t, org, org.team, 'member');
    await refreshMemberRequirements(t.database.db, org.id, { now: at('2026-01-01') });
    await t.database.db
      .update(memberRequirements)
      .set({ completedAt: at('2026-01-01'), expiresAt: '2027-01-01', remindersSent: 4 })
      .where(and(eq(memberRequirements.profileId, m.profileId), eq(memberRequirements.definitionId, def)));
    await refreshMemberRequirements(t.database.db, org.id, { now: at('2026-01-01') });
    const deps = { db: t.database.db, log: t.app.log };
    const row = async (id: string) =>
      (await requirementsOf(t, org, m.profileId)).find((r) => r.definitionId === id);

    expect((await row(def))?.status).toBe(RequirementStatus.Completed);
    expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.Cleared);

    await sweepRequirementStatuses(deps, at('2026-01-05'));
    expect((await row(due))?.status).toBe(RequirementStatus.Overdue);
    expect((await row(def))?.status).toBe(RequirementStatus.Completed);

    await sweepRequirementStatuses(deps, at('2026-12-02'));
    expect((await row(def))?.status).toBe(RequirementStatus.ExpiringSoon);
    expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.Cleared);

    await sweepRequirementStatuses(deps, at('2027-01-01'));
    const expired = await row(def);
    expect(expired).toMatchObject({
      status: RequirementStatus.Expired,
      remindersSent: 0,
      nextReminderOn: '2027-01-03',
      statusEvaluatedOn: '2027-01-01',
    });
    expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.Incomplete);
    expect(await eventsOf(t, expired?.id ?? '')).toEqual(['assigned', 'status', 'status', 'status']);

    const again = await sweepRequirementStatuses(deps, at('2027-01-01'));
    expect(again.changed).toBe(0);
    expect(await eventsOf(t, expired?.id ?? '')).toHaveLength(4);
  });

  it('is a daily cron job, one run at a time across instances, whose handler is the sweep', async () => {
    expect(requirementStatusesJob.name).toBe('requirement-statuses');
    expect(requirementStatusesJob.cron).toBe('5 0 * * *');
    const deps = { ...jobDepsOf(t.app), db: t.database.db };
    await expect(requirementStatusesJob.run(deps, {}, { jobId: 'test', attempt: 0 })).resolves.toMatchObject({
      failed: 0,
    });
  });
});
