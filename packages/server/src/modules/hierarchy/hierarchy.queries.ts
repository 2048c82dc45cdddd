import { and, asc, count, eq, inArray, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hierarchyLevels, profileLevelAccesses } from '../../db/schema/index.ts';

// Every query here filters on the organization first (ADR 007): another organization's level is never found.

/** A live level as the hierarchy service reads it, path included (it never leaves the server). */
export type LevelRow = {
  id: string;
  name: string;
  parentId: string | null;
  depth: number;
  path: string;
  sortOrder: number;
};

const levelColumns = {
  id: hierarchyLevels.id,
  name: hierarchyLevels.name,
  parentId: hierarchyLevels.parentId,
  depth: hierarchyLevels.depth,
  path: hierarchyLevels.path,
  sortOrder: hierarchyLevels.sortOrder,
};

const live = (organizationId: string) =>
  and(eq(hierarchyLevels.organizationId, organizationId), isNull(hierarchyLevels.deletedAt));

/** "The level and everything under it" (ADR 002): a prefix match served by the (organization_id, path) index. */
const inSubtree = (path: string) => like(hierarchyLevels.path, `${path}%`);

/**
 * Locks the organization's top level for the rest of the transaction. Every change of the tree takes this lock
 * first, so changes of one organization's tree run one after another: a move never interleaves with a create
 * below it, and the sibling-name check cannot race.
 */
export async function lockTree(tx: Executor, organizationId: string): Promise<void> {
  await tx
    .select({ id: hierarchyLevels.id })
    .from(hierarchyLevels)
    .where(and(live(organizationId), isNull(hierarchyLevels.parentId)))
    .for('update');
}

/** One live level of the organization, or undefined (missing, deleted, or another organization's). */
export async function findLevel(
  tx: Executor,
  organizationId: string,
  id: string,
): Promise<LevelRow | undefined> {
  const [row] = await tx
    .select(levelColumns)
    .from(hierarchyLevels)
    .where(and(live(organizationId), eq(hierarchyLevels.id, id)));
  return row;
}

/** Live levels by id, top first: a level's ancestors are the ids in its path. */
export function findLevels(tx: Executor, organizationId: string, ids: string[]): Promise<LevelRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select(levelColumns)
    .from(hierarchyLevels)
    .where(and(live(organizationId), inArray(hierarchyLevels.id, ids)))
    .orderBy(asc(hierarchyLevels.depth));
}

/** The live children of a level in their order (sort order, then name), each with its own child count. */
export function listChildren(
  tx: Executor,
  organizationId: string,
  parentId: string,
): Promise<(LevelRow & { childCount: number })[]> {
  return tx
    .select({
      ...levelColumns,
      // Written out: drizzle leaves a single table's columns unqualified, which a correlated subquery cannot use.
      childCount: sql<number>`(
        select count(*) from hierarchy_levels as grandchild
        where grandchild.organization_id = ${organizationId} and grandchild.parent_id = hierarchy_levels.id
          and grandchild.deleted_at is null)`.mapWith(Number),
    })
    .from(hierarchyLevels)
    .where(and(live(organizationId), eq(hierarchyLevels.parentId, parentId)))
    .orderBy(asc(hierarchyLevels.sortOrder), asc(hierarchyLevels.name), asc(hierarchyLevels.id));
}

/**
 * Live memberships (profile-level accesses) in a level's whole subtree, grouped by the child they lie under, in
 * one pass over the subtree's path range. The key '' holds those at the level itself.
 */
export async function memberCountsBelow(
  tx: Executor,
  organizationId: string,
  path: string,
): Promise<Map<string, number>> {
  // The segment of each level's path right after the parent's: the id of the child it lies under.
  const childSegment = sql<string>`split_part(substr(${hierarchyLevels.path}, ${path.length + 1}), '/', 1)`;
  const rows = await tx
    .select({ childId: childSegment, members: count() })
    .from(profileLevelAccesses)
    .innerJoin(
      hierarchyLevels,
      and(
        eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId),
        live(organizationId),
        inSubtree(path),
      ),
    )
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profileLevelAccesses.deletedAt)),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.childId, r.members]));
}

/** How many live memberships lie in a level's subtree: a level is deleted only when none does. */
export async function countMembersInSubtree(
  tx: Executor,
  organizationId: string,
  path: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(profileLevelAccesses)
    .innerJoin(
      hierarchyLevels,
      and(
        eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId),
        live(organizationId),
        inSubtree(path),
      ),
    )
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profileLevelAccesses.deletedAt)),
    );
  return row?.n ?? 0;
}

/** Whether a live child of `parentId` (other than `exceptId`) already has the name, trimmed and ignoring case. */
export async function siblingNameTaken(
  tx: Executor,
  organizationId: string,
  parentId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: hierarchyLevels.id })
    .from(hierarchyLevels)
    .where(
      and(
        live(organizationId),
        eq(hierarchyLevels.parentId, parentId),
        sql`lower(btrim(${hierarchyLevels.name})) = lower(${name.trim()})`,
        exceptId ? ne(hierarchyLevels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The sort order that puts a new or moved level after its live siblings. */
export async function nextSortOrder(tx: Executor, organizationId: string, parentId: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${hierarchyLevels.sortOrder})` })
    .from(hierarchyLevels)
    .where(and(live(organizationId), eq(hierarchyLevels.parentId, parentId)));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Inserts a level under its parent, keeping path = parent.path + id + '/' and depth = parent.depth + 1. */
export async function insertLevel(
  tx: Executor,
  organizationId: string,
  parent: LevelRow,
  name: string,
  sortOrder: number,
): Promise<LevelRow> {
  const id = crypto.randomUUID();
  const [row] = await tx
    .insert(hierarchyLevels)
    .values({
      id,
      organizationId,
      parentId: parent.id,
      name,
      depth: parent.depth + 1,
      path: `${parent.path}${id}/`,
      sortOrder,
    })
    .returning(levelColumns);
  if (!row) throw new Error('the level was not inserted');
  return row;
}

/** Renames one level. */
export async function updateLevelName(
  tx: Executor,
  organizationId: string,
  id: string,
  name: string,
): Promise<void> {
  await tx
    .update(hierarchyLevels)
    .set({ name, updatedAt: sql`now()` })
    .where(and(live(organizationId), eq(hierarchyLevels.id, id)));
}

/**
 * Moves a level and its whole subtree (deleted rows too, so every row keeps the path invariant) under a new
 * parent in one UPDATE (ADR 002): paths get the new prefix, depths shift by the same amount.
 */
export async function moveSubtree(
  tx: Executor,
  organizationId: string,
  level: LevelRow,
  newParent: LevelRow,
  sortOrder: number,
): Promise<number> {
  const newPath = `${newParent.path}${level.id}/`;
  const shift = newParent.depth + 1 - level.depth;
  const isMoved = sql`${hierarchyLevels.id} = ${level.id}`;
  const rows = await tx
    .update(hierarchyLevels)
    .set({
      path: sql`${newPath} || substr(${hierarchyLevels.path}, ${level.path.length + 1})`,
      depth: sql`${hierarchyLevels.depth} + ${shift}`,
      parentId: sql`case when ${isMoved} then ${newParent.id}::uuid else ${hierarchyLevels.parentId} end`,
      sortOrder: sql`case when ${isMoved} then ${sortOrder}::int else ${hierarchyLevels.sortOrder} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(hierarchyLevels.organizationId, organizationId), inSubtree(level.path)))
    .returning({ id: hierarchyLevels.id });
  return rows.length;
}

/** Soft-deletes a level and every live level below it; returns how many were deleted. */
export async function softDeleteSubtree(tx: Executor, organizationId: string, path: string): Promise<number> {
  const rows = await tx
    .update(hierarchyLevels)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(live(organizationId), inSubtree(path)))
    .returning({ id: hierarchyLevels.id });
  return rows.length;
}

/** Gives the children of a level their new order in one UPDATE: each id's position in the list. */
export async function setChildOrder(
  tx: Executor,
  organizationId: string,
  parentId: string,
  childIds: string[],
): Promise<void> {
  if (childIds.length === 0) return;
  const position = sql.join(
    childIds.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
    sql` `,
  );
  await tx
    .update(hierarchyLevels)
    .set({ sortOrder: sql`case ${hierarchyLevels.id} ${position} end`, updatedAt: sql`now()` })
    .where(
      and(
        live(organizationId),
        eq(hierarchyLevels.parentId, parentId),
        inArray(hierarchyLevels.id, childIds),
      ),
    );
}

/** The live levels under one of the given paths ('/' reaches the whole tree), for the move-target picker. */
export function listLevelsUnder(tx: Executor, organizationId: string, paths: string[]): Promise<LevelRow[]> {
  if (paths.length === 0) return Promise.resolve([]);
  return tx
    .select(levelColumns)
    .from(hierarchyLevels)
    .where(and(live(organizationId), or(...paths.map(inSubtree))))
    .orderBy(asc(hierarchyLevels.depth), asc(hierarchyLevels.sortOrder), asc(hierarchyLevels.name));
}
