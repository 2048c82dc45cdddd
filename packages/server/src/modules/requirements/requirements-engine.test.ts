import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirementSummaryDrift } from '../../../test/requirement-summary.ts';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestLevel, addTestMember, createTestOrganization } from '../../../test/factories.ts';
import { contentAssignments, memberRequirements, profileLevelAccesses } from '../../db/schema/index.ts';
import { refreshMemberRequirements } from './requirements.service.ts';
import {
  addDefinition,
  assign,
  eventsOf,
  overallOf,
  requirementsOf,
} from './requirements-engine.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const now = new Date('2026-09-01T10:00:00Z');

/** An organization assigning a mandatory requirement (due 2026-08-01) and an optional one to members, and a member. */
async function memberWithTwoRequirements() {
  const org = await createTestOrganization(t);
  const mandatory = await addDefinition(t, org, { dueDate: '2026-08-01' });
  const optional = await addDefinition(t, org, { isOptional: true, name: 'Photo' });
  await assign(t, org, mandatory, org.root, org.labelIds.member);
  await assign(t, org, optional, org.root, org.labelIds.member);
  const m = await addTestMember(t, org, org.team, 'member');
  return { org, mandatory, optional, m };
}

describe('refreshMemberRequirements', () => {
  it('assigns what is assigned at a level to holders of the label there and below, not above or elsewhere', async () => {
    const org = await createTestOrganization(t);
    const other = await addTestLevel(t, org.id, 'Other division', org.root);
    const def = await addDefinition(t, org, { dueInDays: 14 });
    await assign(t, org, def, org.division, org.labelIds.member);
    const inDivision = await addTestMember(t, org, org.division, 'member');
    const inTeam = await addTestMember(t, org, org.team, 'member');
    const atRoot = await addTestMember(t, org, org.root, 'member');
    const elsewhere = await addTestMember(t, org, other, 'member');
    const manager = await addTestMember(t, org, org.team, 'Manager');

    await refreshMemberRequirements(t.database.db, org.id, { now });

    for (const m of [inDivision, inTeam]) {
      const [row, ...more] = await requirementsOf(t, org, m.profileId);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        definitionId: def,
        active: true,
        status: RequirementStatus.Incomplete,
        dueDate: '2026-09-15',
        profileLevelAccessId: m.profileLevelAccessId,
        nextReminderOn: '2026-09-03',
      });
      expect(await eventsOf(t, row?.id ?? '')).toEqual(['assigned']);
      expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.Incomplete);
    }
    for (const m of [atRoot, elsewhere, manager]) {
      expect(await requirementsOf(t, org, m.profileId)).toEqual([]);
      expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.NoRequirements);
    }
  });

  it('is idempotent: a second refresh writes no row and no event', async () => {
    const org = await createTestOrganization(t);
    const def = await addDefinition(t, org);
    await assign(t, org, def, org.root, org.labelIds.member);
    const m = await addTestMember(t, org, org.team, 'member');
    await refreshMemberRequirements(t.database.db, org.id, { now });
    const [before] = await requirementsOf(t, org, m.profileId);
    await refreshMemberRequirements(t.database.db, org.id, { now: new Date(now.getTime() + 60_000) });
    const [after] = await requirementsOf(t, org, m.profileId);
    expect(after).toEqual(before);
    expect(await eventsOf(t, after?.id ?? '')).toEqual(['assigned']);
  });

  it('deactivates a requirement whose assignment no longer applies and reuses the row when it applies again', async () => {
    const org = await createTestOrganization(t);
    const def = await addDefinition(t, org);
    const assignment = await assign(t, org, def, org.root, org.labelIds.member);
    const m = await addTestMember(t, org, org.team, 'member');
    await refreshMemberRequirements(t.database.db, org.id, { now });
    const db = t.database.db;

    await db
      .update(profileLevelAccesses)
      .set({ labelId: org.labelIds.Manager })
      .where(eq(profileLevelAccesses.id, m.profileLevelAccessId));
    await refreshMemberRequirements(db, org.id, { profileIds: [m.profileId], now });
    const [gone] = await requirementsOf(t, org, m.profileId);
    expect(gone?.active).toBe(false);
    expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.NoRequirements);

    await db
      .update(profileLevelAccesses)
      .set({ labelId: org.labelIds.member })
      .where(eq(profileLevelAccesses.id, m.profileLevelAccessId));
    const later = new Date('2026-09-20T08:00:00Z');
    await refreshMemberRequirements(db, org.id, { profileIds: [m.profileId], now: later });
    const rows = await requirementsOf(t, org, m.profileId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: gone?.id,
      active: true,
      assignedAt: later,
      nextReminderOn: '2026-09-22',
    });
    expect(await eventsOf(t, gone?.id ?? '')).toEqual(['assigned', 'unassigned', 'reassigned']);

    await db
      .update(contentAssignments)
      .set({ deletedAt: later })
      .where(eq(contentAssignments.id, assignment));
    await refreshMemberRequirements(db, org.id, { now: later });
    expect((await requirementsOf(t, org, m.profileId))[0]?.active).toBe(false);
  });

  it('keeps a requirement reached through another access when one access is archived', async () => {
    const org = await createTestOrganization(t);
    const def = await addDefinition(t, org);
    await assign(t, org, def, org.root, org.labelIds.member);
    const m = await addTestMember(t, org, org.team, 'member');
    const [second] = await t.database.db
      .insert(profileLevelAccesses)
      .values({
        organizationId: org.id,
        profileId: m.profileId,
        hierarchyLevelId: org.division.id,
        labelId: org.labelIds.member,
      })
      .returning({ id: profileLevelAccesses.id });
    await refreshMemberRequirements(t.database.db, org.id, { now });
    await t.database.db
      .update(profileLevelAccesses)
      .set({ deletedAt: now })
      .where(eq(profileLevelAccesses.id, m.profileLevelAccessId));
    await refreshMemberRequirements(t.database.db, org.id, { profileIds: [m.profileId], now });
    const [row] = await requirementsOf(t, org, m.profileId);
    expect(row).toMatchObject({ active: true, profileLevelAccessId: second?.id });
  });

  it('derives statuses and the overall status from the stored facts', async () => {
    const { org, mandatory, m } = await memberWithTwoRequirements();
    const invited = await addTestMember(t, org, org.team, 'member', { signedUp: false });
    await refreshMemberRequirements(t.database.db, org.id, { now });

    const rows = await requirementsOf(t, org, m.profileId);
    expect(rows.find((r) => r.definitionId === mandatory)?.status).toBe(RequirementStatus.Overdue);
    expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.Incomplete);
    expect(await overallOf(t, invited.profileLevelAccessId)).toBe(MemberOverallStatus.NotActivated);

    const setFacts = (values: Partial<typeof memberRequirements.$inferInsert>) =>
      t.database.db
        .update(memberRequirements)
        .set(values)
        .where(
          and(eq(memberRequirements.profileId, m.profileId), eq(memberRequirements.definitionId, mandatory)),
        );
    await setFacts({ completedAt: new Date('2026-08-20T00:00:00Z'), expiresAt: '2026-09-20' });
    await refreshMemberRequirements(t.database.db, org.id, { now });
    expect(
      (await requirementsOf(t, org, m.profileId)).find((r) => r.definitionId === mandatory)?.status,
    ).toBe(RequirementStatus.ExpiringSoon);
    expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.Cleared);

    await setFacts({ pendingReview: false, reviewOutcome: ReviewOutcome.RejectedDisqualified });
    await refreshMemberRequirements(t.database.db, org.id, { now });
    expect(await overallOf(t, m.profileLevelAccessId)).toBe(MemberOverallStatus.Disqualified);
  });

  it('stores beside the overall status what the dashboard reads: the status set and the newest change', async () => {
    const { org, mandatory, optional, m } = await memberWithTwoRequirements();
    const summaryOf = async () => {
      const [row] = await t.database.db
        .select({
          statuses: profileLevelAccesses.requirementStatuses,
          lastActivityAt: profileLevelAccesses.lastActivityAt,
        })
        .from(profileLevelAccesses)
        .where(eq(profileLevelAccesses.id, m.profileLevelAccessId));
      return row!;
    };
    expect(await summaryOf()).toEqual({ statuses: 0, lastActivityAt: null });

    await refreshMemberRequirements(t.database.db, org.id, { now });
    const bit = (s: RequirementStatus) => 1 << s;
    expect((await summaryOf()).statuses).toBe(
      bit(RequirementStatus.Overdue) | bit(RequirementStatus.Incomplete),
    );
    expect((await summaryOf()).lastActivityAt).toEqual(now);

    const later = new Date('2026-09-02T10:00:00Z');
    await t.database.db
      .update(memberRequirements)
      .set({ completedAt: new Date('2026-08-20T00:00:00Z') })
      .where(
        and(eq(memberRequirements.profileId, m.profileId), eq(memberRequirements.definitionId, mandatory)),
      );
    await refreshMemberRequirements(t.database.db, org.id, { now: later });
    expect(await summaryOf()).toEqual({
      statuses: bit(RequirementStatus.Completed) | bit(RequirementStatus.Incomplete),
      lastActivityAt: later,
    });

    // Unassigned: the requirement leaves the set; nothing active is left only when both are gone.
    await t.database.db
      .update(contentAssignments)
      .set({ deletedAt: later })
      .where(eq(contentAssignments.definitionId, optional));
    await refreshMemberRequirements(t.database.db, org.id, { now: later });
    expect((await summaryOf()).statuses).toBe(bit(RequirementStatus.Completed));
    expect(await requirementSummaryDrift(t.database.db, org.id)).toBe(0);
  });
});
