import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeSummaryPath, homeSummarySchema } from '@touchline/contracts/home';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestProfile,
  createTestSuite,
  validationFields,
  type TestLevel,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { invitations, memberRequirements, requirementDefinitions } from '../../db/schema/index.ts';
import { writeOverallStatuses } from '../../requirement-core/requirements-engine.queries.ts';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('GET …/{id}/home-summary', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let teamManager: TestMember;
  let player: TestMember;
  let definitionId: string;

  /** A member at a level with one active requirement in a status, and the overall status the engine would store. */
  async function seed(
    level: TestLevel,
    status: number,
    overall: number,
    extra: { expiresAt?: string; pendingReview?: boolean; invited?: 'open' | 'accepted' | 'revoked' } = {},
  ) {
    const member = await addTestProfile(t, org, level, 'member', {
      firstName: 'Sam',
      lastName: crypto.randomUUID().slice(0, 6),
      email: `${crypto.randomUUID()}@seed.test`,
    });
    await t.database.db.insert(memberRequirements).values({
      organizationId: org.id,
      profileId: member.profileId,
      definitionId,
      profileLevelAccessId: member.profileLevelAccessId,
      status,
      expiresAt: extra.expiresAt ?? null,
      pendingReview: extra.pendingReview ?? false,
      completedAt: extra.pendingReview || extra.expiresAt ? new Date() : null,
    });
    await writeOverallStatuses(
      t.database.db,
      org.id,
      [{ profileId: member.profileId, status: overall }],
      new Date(),
    );
    if (extra.invited)
      await t.database.db.insert(invitations).values({
        organizationId: org.id,
        profileId: member.profileId,
        profileLevelAccessId: member.profileLevelAccessId,
        email: `${crypto.randomUUID()}@seed.test`,
        tokenHash: crypto.randomUUID(),
        acceptedAt: extra.invited === 'accepted' ? new Date() : null,
        revokedAt: extra.invited === 'revoked' ? new Date() : null,
      });
  }

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, teamManager, player },
    } = await createTestSuite({
      admin: ['root', 'Admin'],
      teamManager: ['team', 'Manager'],
      player: ['team', 'member'],
    }));
    const [definition] = await t.database.db
      .insert(requirementDefinitions)
      .values({ organizationId: org.id, name: 'Waiver', type: 0, sortOrder: 0 })
      .returning({ id: requirementDefinitions.id });
    definitionId = definition!.id;
    const { Cleared, Incomplete } = MemberOverallStatus;
    await seed(org.team, RequirementStatus.Completed, Cleared, {
      expiresAt: inDays(10),
      invited: 'accepted',
    });
    await seed(org.team, RequirementStatus.Completed, Cleared, { expiresAt: inDays(90) });
    await seed(org.team, RequirementStatus.Overdue, Incomplete, { invited: 'open' });
    await seed(org.team, RequirementStatus.PendingReview, Incomplete, {
      pendingReview: true,
      invited: 'revoked',
    });
    await seed(org.division, RequirementStatus.Overdue, Incomplete, {
      expiresAt: inDays(29),
      invited: 'open',
    });
    await seed(org.root, RequirementStatus.Completed, Cleared, { expiresAt: inDays(-1) });
  });
  afterAll(() => t.close());

  const get = (who: TestMember | null, levelId: string) =>
    t.app.inject({ url: homeSummaryPath(levelId), headers: who ? who.auth : {} });

  it('401 anonymous, 404 another organization, 403 role too low, 400 bad id', async () => {
    expect((await get(null, org.team.id)).statusCode).toBe(401);
    expect((await get(admin, other.root.id)).statusCode).toBe(404);
    expect((await get(admin, crypto.randomUUID())).statusCode).toBe(404);
    expect((await get(player, org.team.id)).statusCode).toBe(403);
    // A team Manager holds the team, not the division above it.
    expect((await get(teamManager, org.division.id)).statusCode).toBe(403);
    const bad = await get(admin, 'not-a-level');
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(['id']);
  });

  it('counts the team for its manager: cleared, overdue, queue items, expiring within 30 days, open invitations', async () => {
    const res = await get(teamManager, org.team.id);
    expect(res.statusCode).toBe(200);
    // The team's manager and player are members too (no requirements), beside the four seeded.
    expect(homeSummarySchema.parse(res.json())).toEqual({
      level: { id: org.team.id, name: org.team.name },
      memberCount: 6,
      clearedCount: 2,
      overdueCount: 1,
      pendingReviewCount: 1,
      expiringCount: 1,
      pendingInvitationCount: 1,
    });
  });

  it('counts the whole organization for an admin at the top level', async () => {
    const res = await get(admin, org.root.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      memberCount: 9,
      clearedCount: 3,
      overdueCount: 2,
      pendingReviewCount: 1,
      expiringCount: 2,
      pendingInvitationCount: 2,
    });
  });
});
