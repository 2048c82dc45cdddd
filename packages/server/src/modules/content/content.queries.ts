import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  contentAssignments,
  formVersions,
  hierarchyLevels,
  labels,
  memberRequirements,
  requirementDefinitions,
  storedFiles,
} from '../../db/schema/index.ts';

// Every query filters on the organization first (ADR 007): another organization's definition is never found.

/** A definition as stored. */
export type DefinitionRow = typeof requirementDefinitions.$inferSelect;
/** A definition's values as written. */
export type DefinitionValues = Omit<typeof requirementDefinitions.$inferInsert, 'organizationId'>;

const live = (organizationId: string) =>
  and(eq(requirementDefinitions.organizationId, organizationId), isNull(requirementDefinitions.deletedAt));
const liveAssignment = (organizationId: string) =>
  and(eq(contentAssignments.organizationId, organizationId), isNull(contentAssignments.deletedAt));

/** One live definition, locked for the change that follows. */
export async function findDefinition(tx: Executor, organizationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(requirementDefinitions)
    .where(and(live(organizationId), eq(requirementDefinitions.id, id)))
    .for('update');
  return row;
}

/** The live definitions in library order, with how many live assignments each has. */
export function listDefinitions(tx: Executor, organizationId: string) {
  return tx
    .select({
      id: requirementDefinitions.id,
      type: requirementDefinitions.type,
      name: requirementDefinitions.name,
      isOptional: requirementDefinitions.isOptional,
      sortOrder: requirementDefinitions.sortOrder,
      assignmentCount: count(contentAssignments.id),
    })
    .from(requirementDefinitions)
    .leftJoin(
      contentAssignments,
      and(liveAssignment(organizationId), eq(contentAssignments.definitionId, requirementDefinitions.id)),
    )
    .where(live(organizationId))
    .groupBy(requirementDefinitions.id)
    .orderBy(asc(requirementDefinitions.sortOrder), asc(requirementDefinitions.createdAt));
}

/** Inserts a definition after the library's last one. */
export async function insertDefinition(tx: Executor, organizationId: string, values: DefinitionValues) {
  const [last] = await tx
    .select({ sortOrder: max(requirementDefinitions.sortOrder) })
    .from(requirementDefinitions)
    .where(live(organizationId));
  const [row] = await tx
    .insert(requirementDefinitions)
    .values({ ...values, organizationId, sortOrder: (last?.sortOrder ?? -1) + 1 })
    .returning();
  if (!row) throw new Error('the definition was not inserted');
  return row;
}

/** Changes a live definition's columns. */
export async function updateDefinition(
  tx: Executor,
  organizationId: string,
  id: string,
  changes: Partial<DefinitionValues>,
) {
  const [row] = await tx
    .update(requirementDefinitions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(live(organizationId), eq(requirementDefinitions.id, id)))
    .returning();
  if (!row) throw new Error('the definition was not updated');
  return row;
}

/** Gives each definition its position in the list as its sort order, with one UPDATE. */
export async function setDefinitionOrder(tx: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const position = sql.join(
    ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
    sql` `,
  );
  await tx
    .update(requirementDefinitions)
    .set({ sortOrder: sql`case ${requirementDefinitions.id} ${position} end`, updatedAt: new Date() })
    .where(and(live(organizationId), inArray(requirementDefinitions.id, [...ids])));
}

/**
 * Soft-deletes a definition with its live assignments, and deactivates its member requirements (their rows,
 * submissions and events stay for history).
 */
export async function softDeleteDefinition(tx: Executor, organizationId: string, id: string) {
  const now = new Date();
  await tx
    .update(requirementDefinitions)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(live(organizationId), eq(requirementDefinitions.id, id)));
  await tx
    .update(contentAssignments)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(liveAssignment(organizationId), eq(contentAssignments.definitionId, id)));
  await tx
    .update(memberRequirements)
    .set({ active: false, updatedAt: now })
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.definitionId, id),
        eq(memberRequirements.active, true),
      ),
    );
}

/** The latest saved version of a form definition. */
export async function latestFormVersion(tx: Executor, organizationId: string, definitionId: string) {
  const [row] = await tx
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.organizationId, organizationId), eq(formVersions.definitionId, definitionId)))
    .orderBy(desc(formVersions.version))
    .limit(1);
  return row;
}

/** Saves a form's fields as its next version. */
export async function insertFormVersion(
  tx: Executor,
  organizationId: string,
  definitionId: string,
  fields: unknown[],
) {
  const latest = await latestFormVersion(tx, organizationId, definitionId);
  const [row] = await tx
    .insert(formVersions)
    .values({ organizationId, definitionId, fields, version: (latest?.version ?? 0) + 1 })
    .returning();
  if (!row) throw new Error('the form version was not inserted');
  return row;
}

/** A definition's live assignments with the names of their levels and labels. */
export function assignmentsOf(tx: Executor, organizationId: string, definitionId: string) {
  return tx
    .select({
      id: contentAssignments.id,
      hierarchyLevelId: contentAssignments.hierarchyLevelId,
      hierarchyLevelName: hierarchyLevels.name,
      levelPath: hierarchyLevels.path,
      labelId: contentAssignments.labelId,
      labelName: labels.name,
    })
    .from(contentAssignments)
    .innerJoin(
      hierarchyLevels,
      and(
        eq(hierarchyLevels.id, contentAssignments.hierarchyLevelId),
        eq(hierarchyLevels.organizationId, organizationId),
      ),
    )
    .innerJoin(
      labels,
      and(eq(labels.id, contentAssignments.labelId), eq(labels.organizationId, organizationId)),
    )
    .where(and(liveAssignment(organizationId), eq(contentAssignments.definitionId, definitionId)))
    .orderBy(asc(hierarchyLevels.depth), asc(hierarchyLevels.name), asc(labels.sortOrder));
}

/** The live levels of the organization among the ids, with their paths. */
export function levelsByIds(tx: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: hierarchyLevels.id, path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(
      and(
        eq(hierarchyLevels.organizationId, organizationId),
        isNull(hierarchyLevels.deletedAt),
        inArray(hierarchyLevels.id, ids),
      ),
    );
}

/** The live labels of the organization among the ids. */
export async function labelIdsAmong(tx: Executor, organizationId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.organizationId, organizationId), isNull(labels.deletedAt), inArray(labels.id, ids)));
  return rows.map((r) => r.id);
}

/** Adds assignments of a definition. */
export async function insertAssignments(
  tx: Executor,
  organizationId: string,
  definitionId: string,
  createdByUserId: string,
  pairs: { hierarchyLevelId: string; labelId: string }[],
) {
  if (pairs.length === 0) return;
  await tx
    .insert(contentAssignments)
    .values(pairs.map((p) => ({ ...p, organizationId, definitionId, createdByUserId })));
}

/** Soft-deletes assignments by id: history keeps what applied when. */
export async function softDeleteAssignments(tx: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  const now = new Date();
  await tx
    .update(contentAssignments)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(liveAssignment(organizationId), inArray(contentAssignments.id, ids)));
}

/** A live stored file of the organization with one of the purposes. */
export async function findStoredFile(tx: Executor, organizationId: string, id: string, purposes: string[]) {
  const [row] = await tx
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.organizationId, organizationId),
        eq(storedFiles.id, id),
        isNull(storedFiles.deletedAt),
        inArray(storedFiles.purpose, purposes),
      ),
    );
  return row;
}

/** Inserts a stored file row for bytes already in storage. */
export async function insertStoredFile(tx: Executor, values: typeof storedFiles.$inferInsert) {
  const [row] = await tx.insert(storedFiles).values(values).returning();
  if (!row) throw new Error('the stored file row was not written');
  return row;
}
