import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.ts';
import type { TestLevel, TestOrganization } from '../../../test/factories.ts';
import {
  contentAssignments,
  memberRequirements,
  profileLevelAccesses,
  requirementDefinitions,
  requirementEvents,
} from '../../db/schema/index.ts';

/** Inserts a definition directly (the content routes are another module's); Document, mandatory by default. */
export async function addDefinition(
  t: TestApp,
  org: TestOrganization,
  values: Partial<typeof requirementDefinitions.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.database.db
    .insert(requirementDefinitions)
    .values({ organizationId: org.id, type: 0, name: 'Medical form', ...values })
    .returning({ id: requirementDefinitions.id });
  if (!row) throw new Error('definition was not created');
  return row.id;
}

/** Assigns a definition to a label at a level, directly. */
export async function assign(
  t: TestApp,
  org: TestOrganization,
  definitionId: string,
  level: TestLevel,
  labelId: string,
): Promise<string> {
  const [row] = await t.database.db
    .insert(contentAssignments)
    .values({ organizationId: org.id, definitionId, hierarchyLevelId: level.id, labelId })
    .returning({ id: contentAssignments.id });
  if (!row) throw new Error('assignment was not created');
  return row.id;
}

/** A profile's requirement rows (active or not) with what the tests look at. */
export function requirementsOf(t: TestApp, org: TestOrganization, profileId: string) {
  return t.database.db
    .select()
    .from(memberRequirements)
    .where(and(eq(memberRequirements.organizationId, org.id), eq(memberRequirements.profileId, profileId)));
}

/** The overall status stored on an access. */
export async function overallOf(t: TestApp, accessId: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ s: profileLevelAccesses.overallStatus })
    .from(profileLevelAccesses)
    .where(eq(profileLevelAccesses.id, accessId));
  return row?.s;
}

/** The event actions of one member requirement, oldest first. */
export async function eventsOf(t: TestApp, memberRequirementId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: requirementEvents.action, createdAt: requirementEvents.createdAt })
    .from(requirementEvents)
    .where(eq(requirementEvents.memberRequirementId, memberRequirementId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.action);
}
