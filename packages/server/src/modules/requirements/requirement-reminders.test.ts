import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveStatus } from '@touchline/contracts/members';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestMember, createTestOrganization } from '../../../test/factories.ts';
import { mailTo } from '../../../test/mail.ts';
import { memberRequirements, profileLevelAccesses } from '../../db/schema/index.ts';
import { addDays } from '../../requirement-core/engine/calendar.ts';
import { addDefinition, assign } from './requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from './requirements.service.ts';
import { sweepRequirementReminders } from './requirement-reminders.ts';
import { sweepRequirementStatuses } from './requirement-statuses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const start = '2026-02-01';
const at = (day: string) => new Date(`${day}T07:00:00Z`);

describe('requirement reminders', () => {
  it('sends one digest a day on days 2, 4, 6, 10, 17 and every 10 days, ten at most, never to inactive or unactivated members', async () => {
    const org = await createTestOrganization(t);
    const waiver = await addDefinition(t, org, { name: 'Waiver', type: 2 });
    const form = await addDefinition(t, org, { name: 'Medical form', type: 1 });
    const photo = await addDefinition(t, org, { name: 'Photo', isOptional: true });
    for (const def of [waiver, form, photo]) await assign(t, org, def, org.root, org.labelIds.member);
    const active = await addTestMember(t, org, org.team, 'member');
    const inactive = await addTestMember(t, org, org.team, 'member');
    const invited = await addTestMember(t, org, org.team, 'member', { signedUp: false });
    const archived = await addTestMember(t, org, org.team, 'member');
    await t.database.db
      .update(profileLevelAccesses)
      .set({ groupMembershipStatus: ActiveStatus.Inactive })
      .where(eq(profileLevelAccesses.id, inactive.profileLevelAccessId));
    await refreshMemberRequirements(t.database.db, org.id, { now: at(start) });
    await t.database.db
      .update(profileLevelAccesses)
      .set({ deletedAt: at(start) })
      .where(eq(profileLevelAccesses.id, archived.profileLevelAccessId));

    const deps = {
      db: t.database.db,
      jobs: t.app.jobs,
      appUrl: 'https://touchline.test',
      log: t.app.log,
    };
    const sentOn: number[] = [];
    for (let day = 0; day <= 80; day += 1) {
      const before = (await mailTo(t, active.email)).length;
      const first = await sweepRequirementReminders(deps, at(addDays(start, day)));
      if (first.sent > 0) await sweepRequirementReminders(deps, at(addDays(start, day)));
      const after = (await mailTo(t, active.email)).length;
      expect(after - before).toBeLessThanOrEqual(1);
      if (after > before) sentOn.push(day);
    }
    expect(sentOn).toEqual([2, 4, 6, 10, 17, 27, 37, 47, 57, 67]);

    const [first] = await mailTo(t, active.email);
    expect(first?.text).toContain('Waiver: Incomplete');
    expect(first?.text).toContain('Medical form: Incomplete');
    expect(first?.text).not.toContain('Photo');
    expect(first?.text).toContain('https://touchline.test/requirements');
    for (const m of [inactive, invited, archived]) expect(await mailTo(t, m.email)).toEqual([]);
  }, 90_000);

  it('restarts the schedule when a requirement expires', async () => {
    const org = await createTestOrganization(t);
    const def = await addDefinition(t, org, {
      name: 'Background form',
      validityMode: 'Duration',
      validityDays: 30,
    });
    await assign(t, org, def, org.root, org.labelIds.member);
    const m = await addTestMember(t, org, org.team, 'member');
    await refreshMemberRequirements(t.database.db, org.id, { now: at(start) });
    await t.database.db
      .update(memberRequirements)
      .set({ completedAt: at(start), expiresAt: addDays(start, 30), remindersSent: 10, nextReminderOn: null })
      .where(eq(memberRequirements.profileId, m.profileId));
    await refreshMemberRequirements(t.database.db, org.id, { now: at(start) });
    const deps = {
      db: t.database.db,
      jobs: t.app.jobs,
      appUrl: 'https://touchline.test',
      log: t.app.log,
    };

    await sweepRequirementStatuses({ db: t.database.db, log: t.app.log }, at(addDays(start, 30)));
    await sweepRequirementReminders(deps, at(addDays(start, 31)));
    expect(await mailTo(t, m.email)).toEqual([]);
    await sweepRequirementReminders(deps, at(addDays(start, 32)));
    const mails = await mailTo(t, m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Background form: Expired');
  });
});
