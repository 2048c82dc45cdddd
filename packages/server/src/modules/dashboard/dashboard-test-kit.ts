import type { TestApp } from '../../../test/app.ts';
import type { TestLevel, TestOrganization } from '../../../test/factories.ts';
import { addTestProfile } from '../../../test/factories.ts';
import {
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { writeOverallStatuses } from '../../requirement-core/requirements-engine.queries.ts';

/** The members calls' base path. */
export const levelsUrl = '/api/app/hierarchy-level';

/** Adds requirement definitions to a test organization's library, in the given order. */
export async function addTestDefinitions(t: TestApp, org: TestOrganization, names: string[]) {
  return t.database.db
    .insert(requirementDefinitions)
    .values(names.map((name, i) => ({ organizationId: org.id, name, type: i % 3, sortOrder: i })))
    .returning({ id: requirementDefinitions.id, name: requirementDefinitions.name });
}

/** A dashboard member as a test writes it: who, where, and their stored statuses. */
export type SeededMember = {
  firstName: string;
  lastName: string;
  email: string | null;
  level: TestLevel;
  role: 'member' | 'Manager' | 'Director';
  overallStatus: number;
  groupMembershipStatus: number;
  /** Requirement statuses by definition id; `active: false` ones must not show. */
  requirements: { definitionId: string; status: number; active: boolean; updatedAt: Date }[];
};

/**
 * Writes one member with its stored statuses (the engine's derivation is tested elsewhere; ADR 012 stores what it
 * derives), through the engine's writer of what the access stores.
 */
export async function seedDashboardMember(t: TestApp, org: TestOrganization, m: SeededMember) {
  const { profileId, profileLevelAccessId } = await addTestProfile(t, org, m.level, m.role, {
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email ?? `x-${crypto.randomUUID()}@seed.test`,
  });
  if (m.email === null)
    await t.database.db.update(profiles).set({ email: null }).where(eq(profiles.id, profileId));
  await t.database.db
    .update(profileLevelAccesses)
    .set({ groupMembershipStatus: m.groupMembershipStatus })
    .where(eq(profileLevelAccesses.id, profileLevelAccessId));
  if (m.requirements.length)
    await t.database.db.insert(memberRequirements).values(
      m.requirements.map((r) => ({
        organizationId: org.id,
        profileId,
        definitionId: r.definitionId,
        profileLevelAccessId,
        status: r.status,
        active: r.active,
        updatedAt: r.updatedAt,
      })),
    );
  // The overall status as given, with the requirement summary beside it, by the engine's own writer.
  await writeOverallStatuses(t.database.db, org.id, [{ profileId, status: m.overallStatus }], new Date());
  return { profileId, profileLevelAccessId };
}
