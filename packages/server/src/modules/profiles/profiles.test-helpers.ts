import { and, eq } from 'drizzle-orm';
import { auditEvents, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestProfile,
  type TestLevel,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';

/** Gives a signed-up member a second profile, in another organization, with one access there. */
export async function addProfileInOtherOrganization(
  t: TestApp,
  member: TestMember,
  org: TestOrganization,
  level: TestLevel,
  role: keyof TestOrganization['labelIds'] = 'member',
) {
  return addTestProfile(t, org, level, role, {
    appUserId: member.userId,
    firstName: 'Second',
    lastName: 'Profile',
    email: member.email,
  });
}

/** Makes `child` a child profile of `guardian` (same organization). */
export async function makeGuardian(t: TestApp, guardian: TestMember, child: TestMember) {
  await t.database.db
    .update(profiles)
    .set({ guardianProfileId: guardian.profileId })
    .where(eq(profiles.id, child.profileId));
}

/** Sets a partner's external id on an access. */
export async function setExternalId(t: TestApp, accessId: string, externalId: string) {
  await t.database.db
    .update(profileLevelAccesses)
    .set({ externalId })
    .where(eq(profileLevelAccesses.id, accessId));
}

/** The audit actions recorded about one entity, oldest first. */
export async function auditActionsFor(t: TestApp, organizationId: string, entityId: string) {
  const rows = await t.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, organizationId), eq(auditEvents.entityId, entityId)))
    .orderBy(auditEvents.createdAt);
  return rows.map((r) => r.action);
}

/** The stored row of a profile, for checking what a call changed (or did not). */
export async function profileRow(t: TestApp, profileId: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, profileId));
  if (!row) throw new Error('profile not found');
  return row;
}
