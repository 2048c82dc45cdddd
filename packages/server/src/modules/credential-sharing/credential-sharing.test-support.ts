import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  addTestProfile,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import {
  auditEvents,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementEvents,
} from '../../db/schema/index.ts';
import { refreshMemberRequirementsNow } from '../../requirement-core/requirements-engine.service.ts';
import { addDays, dayOf } from '../../requirement-core/engine/calendar.ts';
import { addDefinition, assign } from '../requirements/requirements-engine.test-kit.ts';

/**
 * Two organizations one family belongs to, and a third they do not (ADR 049): a coach with a membership in A and B
 * (one account), a guardian whose child plays in both, the admins and managers of each, a stranger in B, and C's
 * admin. Each organization has an Age Verification requirement for its team's players (valid a year).
 */
export type SharingWorld = {
  t: TestApp;
  a: TestOrganization;
  b: TestOrganization;
  c: TestOrganization;
  coachA: TestMember;
  coachB: TestMember;
  guardianA: TestMember;
  guardianB: TestMember;
  childA: string;
  childB: string;
  otherParentA: TestMember;
  adminA: TestMember;
  managerA: TestMember;
  adminB: TestMember;
  managerB: TestMember;
  strangerB: TestMember;
  adminC: TestMember;
  definitionA: string;
  definitionB: string;
  completedOn: string;
};

/** A token for the same account with its current profile in another organization (what switching does). */
async function asProfileIn(t: TestApp, member: TestMember, profileId: string): Promise<TestMember> {
  if (!member.userId) throw new Error('the member has no account');
  await t.app.deps.identityDirectory.setUserContext(member.userId, {
    currentProfileId: profileId,
    roles: [],
  });
  const token = (await t.signIn(member.email)).access_token;
  return { ...member, profileId, token, auth: { authorization: `Bearer ${token}` } };
}

/** Adds a member's profile in another organization, linked to the same account, at its team. */
async function alsoIn(t: TestApp, org: TestOrganization, member: TestMember, names: [string, string]) {
  const { profileId, profileLevelAccessId } = await addTestProfile(t, org, org.team, 'member', {
    firstName: names[0],
    lastName: names[1],
    email: member.email,
    appUserId: member.userId,
  });
  return { ...(await asProfileIn(t, member, profileId)), profileLevelAccessId };
}

async function childOf(t: TestApp, org: TestOrganization, guardianProfileId: string, dateOfBirth: string) {
  const { profileId } = await addTestProfile(t, org, org.team, 'member', {
    firstName: 'Jamie',
    lastName: 'Okafor',
    email: `jamie.${org.id.slice(0, 8)}@example.org`,
  });
  await t.database.db
    .update(profiles)
    .set({ guardianProfileId, dateOfBirth })
    .where(eq(profiles.id, profileId));
  return profileId;
}

/** Builds the world; the coach's and the child's verification in A are marked complete ten days ago by A's manager. */
export async function createSharingWorld(): Promise<SharingWorld> {
  const t = await createTestApp();
  const a = await createTestOrganization(t, 'Riverside Youth Soccer');
  const b = await createTestOrganization(t, 'Hillcrest United');
  const c = await createTestOrganization(t, 'Canyon FC');
  const coachA = await addTestMember(t, a, a.team, 'member', { firstName: 'Sam', lastName: 'Okafor' });
  const guardianA = await addTestMember(t, a, a.team, 'member', { firstName: 'Pat', lastName: 'Okafor' });
  const childA = await childOf(t, a, guardianA.profileId, '2014-05-01');
  const adminA = await addTestMember(t, a, a.root, 'Admin');
  const managerA = await addTestMember(t, a, a.division, 'Manager');
  const otherParentA = await addTestMember(t, a, a.team, 'member');
  const adminB = await addTestMember(t, b, b.root, 'Admin');
  const managerB = await addTestMember(t, b, b.division, 'Manager');
  const strangerB = await addTestMember(t, b, b.team, 'member');
  const adminC = await addTestMember(t, c, c.root, 'Admin');
  const coachB = await alsoIn(t, b, coachA, ['Sam', 'Okafor']);
  const guardianB = await alsoIn(t, b, guardianA, ['Pat', 'Okafor']);
  const childB = await childOf(t, b, guardianB.profileId, '2014-05-01');
  // Back to A as the current profile for the A-side tokens (a token names its profile; both stay valid).
  const coach = await asProfileIn(t, coachA, coachA.profileId);
  const guardian = await asProfileIn(t, guardianA, guardianA.profileId);
  const definition = (org: TestOrganization) =>
    addDefinition(t, org, {
      type: RequirementType.AgeVerification,
      name: 'Age verification',
      content: { kind: 'Age', abroadProofTypes: [] },
      validityMode: 'Duration',
      validityDays: 365,
    });
  const definitionA = await definition(a);
  const definitionB = await definition(b);
  await assign(t, a, definitionA, a.team, a.labelIds.member);
  await assign(t, b, definitionB, b.team, b.labelIds.member);
  await refreshMemberRequirementsNow(t.database.db, a.id);
  await refreshMemberRequirementsNow(t.database.db, b.id);
  const completedOn = addDays(dayOf(new Date()), -10);
  const w: SharingWorld = {
    t,
    a,
    b,
    c,
    coachA: coach,
    coachB,
    guardianA: guardian,
    guardianB,
    childA,
    childB,
    otherParentA,
    adminA,
    managerA,
    adminB,
    managerB,
    strangerB,
    adminC,
    definitionA,
    definitionB,
    completedOn,
  };
  for (const profileId of [coach.profileId, childA]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${definitionA}/complete-without-upload/${await accessOf(w, profileId)}`,
      headers: managerA.auth,
      payload: { date: completedOn },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return w;
}

/** The one live access of a profile. */
export async function accessOf(w: SharingWorld, profileId: string): Promise<string> {
  const [row] = await w.t.database.db
    .select({ id: profileLevelAccesses.id })
    .from(profileLevelAccesses)
    .where(and(eq(profileLevelAccesses.profileId, profileId), isNull(profileLevelAccesses.deletedAt)));
  if (!row) throw new Error('no access');
  return row.id;
}

/** A profile's requirement of a definition. */
export async function requirementOf(w: SharingWorld, profileId: string, definitionId: string) {
  const [row] = await w.t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(eq(memberRequirements.profileId, profileId), eq(memberRequirements.definitionId, definitionId)),
    );
  if (!row) throw new Error('no requirement');
  return row;
}

/** The audit actions of an organization about credentials, oldest first. */
export async function credentialAudit(w: SharingWorld, organizationId: string): Promise<string[]> {
  const rows = await w.t.database.db
    .select({ action: auditEvents.action, at: auditEvents.createdAt })
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, organizationId));
  return rows
    .filter((r) => r.action.startsWith('credential'))
    .sort((x, y) => x.at.getTime() - y.at.getTime())
    .map((r) => r.action);
}

/** The history actions of one requirement (oldest first), without the engine's status rows. */
export async function historyOf(w: SharingWorld, requirementId: string): Promise<string[]> {
  const rows = await w.t.database.db
    .select({ action: requirementEvents.action, at: requirementEvents.createdAt })
    .from(requirementEvents)
    .where(eq(requirementEvents.memberRequirementId, requirementId));
  return rows
    .sort((x, y) => x.at.getTime() - y.at.getTime())
    .map((r) => r.action)
    .filter((a) => a.startsWith('credential'));
}
