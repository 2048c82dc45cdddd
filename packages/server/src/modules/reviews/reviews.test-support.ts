import { and, eq } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome, ReviewSource } from '@touchline/contracts/reviews';
import { addTestLevel, addTestMember, createTestSuite, type TestMember } from '../../../test/factories.ts';
import {
  contentAssignments,
  memberRequirements,
  profileLevelAccesses,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

/** The people of a review test: players at the team, reviewers at the root and elsewhere, and lower roles. */
export async function createReviewWorld(players = 4) {
  const suite = await createTestSuite({
    director: ['root', 'Director'],
    manager: ['division', 'Manager'],
    teammate: ['team', 'member'],
    otherAdmin: ['root', 'Admin', { in: 'other' }],
  });
  const { t, org } = suite;
  const sideDivision = await addTestLevel(t, org.id, 'Side division', org.root);
  const sideDirector = await addTestMember(t, org, sideDivision, 'Director');
  const list: TestMember[] = [];
  for (let i = 0; i < players; i += 1)
    list.push(
      await addTestMember(t, org, org.team, 'member', { firstName: `Player${i}`, lastName: 'Keeper' }),
    );
  const [definition] = await t.database.db
    .insert(requirementDefinitions)
    .values({ organizationId: org.id, type: 0, name: 'Birth certificate' })
    .returning({ id: requirementDefinitions.id });
  if (!definition) throw new Error('definition was not created');
  await t.database.db.insert(contentAssignments).values({
    organizationId: org.id,
    definitionId: definition.id,
    hierarchyLevelId: org.team.id,
    labelId: org.labelIds.member,
  });
  await refreshMemberRequirements(t.database.db, org.id, {
    profileIds: [...list.map((p) => p.profileId), suite.members.teammate.profileId],
  });
  return { ...suite, sideDirector, players: list, definitionId: definition.id };
}

/** A review world. */
export type ReviewWorld = Awaited<ReturnType<typeof createReviewWorld>>;

/** Puts a player's requirement in PendingReview as a member upload would (facts and stored status). */
export async function submitForReview(w: ReviewWorld, player: TestMember, completedAt = new Date()) {
  await w.t.database.db
    .update(memberRequirements)
    .set({
      completedAt,
      pendingReview: true,
      reviewOutcome: ReviewOutcome.Pending,
      reviewSource: ReviewSource.ManualUpload,
      rejectedAt: null,
      status: RequirementStatus.PendingReview,
    })
    .where(
      and(
        eq(memberRequirements.profileId, player.profileId),
        eq(memberRequirements.definitionId, w.definitionId),
      ),
    );
}

/** A player's requirement row. */
export async function requirementOf(w: ReviewWorld, player: TestMember) {
  const [row] = await w.t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.profileId, player.profileId),
        eq(memberRequirements.definitionId, w.definitionId),
      ),
    );
  if (!row) throw new Error('no requirement');
  return row;
}

/** The overall status stored on a player's access. */
export async function overallOf(w: ReviewWorld, player: TestMember): Promise<number | undefined> {
  const [row] = await w.t.database.db
    .select({ s: profileLevelAccesses.overallStatus })
    .from(profileLevelAccesses)
    .where(eq(profileLevelAccesses.id, player.profileLevelAccessId));
  return row?.s;
}

/** An inject call as someone (or anonymous). */
export function call(
  w: ReviewWorld,
  as: TestMember | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  return w.t.app.inject({ method, url, headers: as ? as.auth : {}, ...(payload ? { payload } : {}) });
}
