import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { TestApp } from '../../../test/app.ts';
import {
  createTestSuite,
  validationFields,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { mailTo } from '../../../test/mail.ts';
import {
  auditEvents,
  memberReminders,
  memberRequirements,
  profiles,
  requirementEvents,
} from '../../db/schema/index.ts';
import { addTestDefinitions, seedDashboardMember } from './dashboard-test-kit.ts';

type Seeded = { profileId: string; profileLevelAccessId: string; email: string };
let w: {
  t: TestApp;
  org: TestOrganization;
  other: TestOrganization;
  manager: TestMember;
  director: TestMember;
  teammate: TestMember;
  otherAdmin: TestMember;
  player: Seeded;
  peer: Seeded;
  unsigned: Seeded;
  cleared: Seeded;
};

/** A team member with both requirements in `status`, with an account unless `account` is false. */
async function seedMember(
  t: TestApp,
  org: TestOrganization,
  definitionIds: string[],
  name: string,
  status: number,
  account = true,
): Promise<Seeded> {
  const email = `${name.toLowerCase()}@${org.id.slice(0, 8)}.test`;
  const seeded = await seedDashboardMember(t, org, {
    firstName: name,
    lastName: 'Keeper',
    email,
    level: org.team,
    role: 'member',
    overallStatus:
      status === RequirementStatus.Completed ? MemberOverallStatus.Cleared : MemberOverallStatus.Incomplete,
    groupMembershipStatus: 0,
    requirements: definitionIds.map((definitionId) => ({
      definitionId,
      status,
      active: true,
      updatedAt: new Date(),
    })),
  });
  if (account)
    await t.database.db
      .update(profiles)
      .set({ appUserId: crypto.randomUUID() })
      .where(eq(profiles.id, seeded.profileId));
  return { ...seeded, email };
}

beforeAll(async () => {
  const suite = await createTestSuite({
    manager: ['division', 'Manager'],
    director: ['root', 'Director'],
    teammate: ['team', 'member'],
    otherAdmin: ['root', 'Admin', { in: 'other' }],
  });
  const { t, org } = suite;
  const defs = (await addTestDefinitions(t, org, ['Medical form', 'Code of conduct'])).map((d) => d.id);
  w = {
    ...suite,
    ...suite.members,
    player: await seedMember(t, org, defs, 'Robin', RequirementStatus.Incomplete),
    peer: await seedMember(t, org, defs, 'Sasha', RequirementStatus.Incomplete),
    unsigned: await seedMember(t, org, defs, 'Noor', RequirementStatus.Incomplete, false),
    cleared: await seedMember(t, org, defs, 'Dana', RequirementStatus.Completed),
  };
});
afterAll(async () => w.t.close());

const requirementsOf = (profileId: string) =>
  w.t.database.db
    .select({ id: memberRequirements.id })
    .from(memberRequirements)
    .where(eq(memberRequirements.profileId, profileId));

const send = (who: TestMember | null, levelId: string, payload: object) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/app/hierarchy-level/${levelId}/members/send-reminders`,
    headers: who ? who.auth : {},
    payload,
  });

const eventsOf = (requirementId: string) =>
  w.t.database.db
    .select({ action: requirementEvents.action, actor: requirementEvents.actorUserId })
    .from(requirementEvents)
    .where(
      and(eq(requirementEvents.memberRequirementId, requirementId), eq(requirementEvents.action, 'reminded')),
    );

describe('send reminders from the dashboard (issue 18 item 8, ADR 033)', () => {
  it('401, 404 another organization or a member not under the level, 403 a plain member, 400 bad bodies', async () => {
    const selected = { profileLevelAccessIds: [w.player.profileLevelAccessId] };
    expect((await send(null, w.org.team.id, selected)).statusCode).toBe(401);
    expect((await send(w.otherAdmin, w.org.team.id, selected)).statusCode).toBe(404);
    // Another organization's admin naming our member under their own level: not found either.
    expect((await send(w.otherAdmin, w.other.root.id, selected)).statusCode).toBe(404);
    // The manager holds the division; the director is at the root, not under the team.
    expect(
      (await send(w.manager, w.org.team.id, { profileLevelAccessIds: [w.director.profileLevelAccessId] }))
        .statusCode,
    ).toBe(404);
    expect((await send(w.teammate, w.org.team.id, selected)).statusCode).toBe(403);
    const neither = await send(w.manager, w.org.team.id, {});
    expect(neither.statusCode).toBe(400);
    expect(validationFields(neither)).toContain('profileLevelAccessIds');
    expect((await send(w.manager, w.org.team.id, { ...selected, filter: {} })).statusCode).toBe(400);
    expect((await send(w.manager, w.org.team.id, { profileLevelAccessIds: [] })).statusCode).toBe(400);
    expect((await send(w.manager, w.org.team.id, { profileLevelAccessIds: ['nope'] })).statusCode).toBe(400);
    expect((await send(w.manager, w.org.team.id, { filter: { requirementStatuses: [99] } })).statusCode).toBe(
      400,
    );
    expect(await mailTo(w.t, w.player.email)).toHaveLength(0);
  });

  it('previews, then e-mails each member with something open once a day, in their history and the audit', async () => {
    const filter = { requirementStatuses: [RequirementStatus.Incomplete] };
    const preview = await send(w.manager, w.org.division.id, { filter, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    // Robin and Sasha owe both and have accounts; Noor has none (her invitation is what to resend).
    expect(preview.json()).toEqual({
      preview: true,
      members: 3,
      toRemind: 2,
      nothingMissing: 0,
      remindedToday: 0,
      noAccount: 1,
      sent: 0,
    });
    expect(await mailTo(w.t, w.player.email)).toHaveLength(0);

    const sent = await send(w.manager, w.org.division.id, { filter });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ preview: false, members: 3, toRemind: 2, noAccount: 1, sent: 2 });
    const [mail] = await mailTo(w.t, w.player.email);
    expect(mail?.text).toContain('Medical form: Incomplete');
    expect(mail?.text).toContain('Code of conduct: Incomplete');
    expect(mail?.text).toContain('/requirements');
    expect(await mailTo(w.t, w.peer.email)).toHaveLength(1);
    expect(await mailTo(w.t, w.unsigned.email)).toHaveLength(0);
    for (const { id } of await requirementsOf(w.player.profileId))
      expect(await eventsOf(id)).toEqual([{ action: 'reminded', actor: w.manager.userId }]);
    const audits = await w.t.database.db
      .select({ entityId: auditEvents.entityId, actor: auditEvents.actorUserId })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, w.org.id), eq(auditEvents.action, 'member.reminded')));
    expect(audits).toContainEqual({ entityId: w.player.profileId, actor: w.manager.userId });

    // The same day again: nobody is e-mailed twice, and the answer says why.
    const again = await send(w.director, w.org.root.id, {
      profileLevelAccessIds: [w.player.profileLevelAccessId, w.cleared.profileLevelAccessId],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      members: 2,
      toRemind: 0,
      remindedToday: 1,
      nothingMissing: 1,
      sent: 0,
    });
    expect(await mailTo(w.t, w.player.email)).toHaveLength(1);
    expect(await mailTo(w.t, w.cleared.email)).toHaveLength(0);

    // The next day, one more.
    const deps = w.t.app.deps as { clock: () => Date };
    const realClock = deps.clock;
    deps.clock = () => new Date(Date.now() + 24 * 3600 * 1000);
    try {
      const tomorrow = await send(w.manager, w.org.team.id, {
        profileLevelAccessIds: [w.player.profileLevelAccessId],
      });
      expect(tomorrow.json()).toMatchObject({ sent: 1 });
    } finally {
      deps.clock = realClock;
    }
    expect(await mailTo(w.t, w.player.email)).toHaveLength(2);
    const rows = await w.t.database.db
      .select({ mailId: memberReminders.mailId })
      .from(memberReminders)
      .where(eq(memberReminders.profileId, w.player.profileId));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.mailId !== null)).toBe(true);
  });

  it('two sends at once e-mail a member once', async () => {
    const body = { profileLevelAccessIds: [w.peer.profileLevelAccessId] };
    const deps = w.t.app.deps as { clock: () => Date };
    const realClock = deps.clock;
    deps.clock = () => new Date(Date.now() + 3 * 24 * 3600 * 1000);
    try {
      const answers = await Promise.all([
        send(w.manager, w.org.team.id, body),
        send(w.director, w.org.team.id, body),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.map((a) => a.json().sent).sort()).toEqual([0, 1]);
    } finally {
      deps.clock = realClock;
    }
    expect(await mailTo(w.t, w.peer.email)).toHaveLength(2);
  });
});
