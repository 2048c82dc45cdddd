import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myRequirementsPath, myRequirementsResponseSchema } from '@touchline/contracts/member-requirements';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestMember, createTestOrganization } from '../../../test/factories.ts';
import { memberRequirements } from '../../db/schema/index.ts';
import { refreshMemberRequirements } from './requirements.service.ts';
import { addDefinition, assign } from './requirements-engine.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(`GET ${myRequirementsPath}`, () => {
  it('401 anonymous, 404 without an organization', async () => {
    expect((await t.app.inject({ url: myRequirementsPath })).statusCode).toBe(401);
    await t.createUser({ email: 'loner-requirements@example.org' });
    const tokens = await t.signIn('loner-requirements@example.org');
    const res = await t.app.inject({
      url: myRequirementsPath,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No organization is selected');
  });

  it("lists the member's own active requirements with statuses and allowed actions, never another member's", async () => {
    const org = await createTestOrganization(t);
    const waiver = await addDefinition(t, org, {
      name: 'Waiver',
      type: 2,
      sortOrder: 1,
      dueDate: '2000-01-01',
    });
    const photo = await addDefinition(t, org, { name: 'Photo', isOptional: true, sortOrder: 2 });
    const notMine = await addDefinition(t, org, { name: 'Coach licence', sortOrder: 0 });
    await assign(t, org, waiver, org.root, org.labelIds.member);
    await assign(t, org, photo, org.root, org.labelIds.member);
    await assign(t, org, notMine, org.root, org.labelIds.Manager);
    const me = await addTestMember(t, org, org.team, 'member');
    await addTestMember(t, org, org.team, 'Manager');
    await refreshMemberRequirements(t.database.db, org.id);
    await t.database.db
      .update(memberRequirements)
      .set({ completedAt: new Date('2020-05-01T00:00:00Z') })
      .where(and(eq(memberRequirements.profileId, me.profileId), eq(memberRequirements.definitionId, photo)));

    const res = await t.app.inject({ url: myRequirementsPath, headers: me.auth });
    expect(res.statusCode).toBe(200);
    const body = myRequirementsResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      profileId: me.profileId,
      overallStatus: MemberOverallStatus.Incomplete,
      totalCount: 2,
    });
    expect(body.items.map((i) => [i.name, i.status, i.isOptional, i.nextAction])).toEqual([
      ['Waiver', RequirementStatus.Overdue, false, 'complete'],
      ['Photo', RequirementStatus.Completed, true, null],
    ]);
    expect(body.items[0]).toMatchObject({
      type: 2,
      dueDate: '2000-01-01',
      profileLevelAccessId: me.profileLevelAccessId,
    });
    expect(body.items[0]?.allowedActions).toContain('complete');
    // A plain member may take none of the staff moves on a completed requirement (ADR 014's matrix).
    expect(body.items[1]?.allowedActions).toEqual([]);
    expect(body.items[1]?.completedAt).toBe('2020-05-01T00:00:00.000Z');
  });
});

describe('allowedActions follow the permission rules, not only the state machine (issue 18 item 11)', () => {
  it('a plain coach gets only their own moves; a Manager at their level also gets the staff moves', async () => {
    const org = await createTestOrganization(t);
    const licence = await addDefinition(t, org, { name: 'Licence', sortOrder: 0 });
    await assign(t, org, licence, org.root, org.labelIds.member);
    await assign(t, org, licence, org.root, org.labelIds.Manager);
    const coach = await addTestMember(t, org, org.team, 'member');
    const manager = await addTestMember(t, org, org.team, 'Manager');
    await refreshMemberRequirements(t.database.db, org.id);
    await t.database.db
      .update(memberRequirements)
      .set({ completedAt: new Date('2026-05-01T00:00:00Z') })
      .where(eq(memberRequirements.definitionId, licence));
    const actionsOf = async (who: typeof coach) =>
      myRequirementsResponseSchema.parse(
        (await t.app.inject({ url: myRequirementsPath, headers: who.auth })).json(),
      ).items[0]?.allowedActions;
    expect(await actionsOf(coach)).toEqual([]);
    expect(await actionsOf(manager)).toEqual(['markIncomplete', 'setCompletedDate']);
    const pla = coach.profileLevelAccessId;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${licence}/mark-incomplete/${pla}`,
      headers: coach.auth,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('an incomplete document offers the member upload and complete, and no staff move', async () => {
    const org = await createTestOrganization(t);
    const doc = await addDefinition(t, org, { name: 'Photo', sortOrder: 0 });
    await assign(t, org, doc, org.root, org.labelIds.member);
    const coach = await addTestMember(t, org, org.team, 'member');
    await refreshMemberRequirements(t.database.db, org.id);
    const res = await t.app.inject({ url: myRequirementsPath, headers: coach.auth });
    expect(myRequirementsResponseSchema.parse(res.json()).items[0]?.allowedActions).toEqual([
      'complete',
      'upload',
      'submitForReview',
    ]);
  });
});
