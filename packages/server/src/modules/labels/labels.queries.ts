import { and, asc, count, desc, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { labels, profileLevelAccesses } from '../../db/schema/index.ts';
import { isDefaultCheckerLabel } from '@touchline/contracts/game-day';

// Every query here filters on the organization first (ADR 007): another organization's label is never found.

/** A live label as the labels service reads it. */
export type LabelRow = {
  id: string;
  name: string;
  role: string | null;
  isDefault: boolean;
  sortOrder: number;
};

const labelColumns = {
  id: labels.id,
  name: labels.name,
  role: labels.role,
  isDefault: labels.isDefault,
  sortOrder: labels.sortOrder,
};

const live = (organizationId: string) =>
  and(eq(labels.organizationId, organizationId), isNull(labels.deletedAt));

/**
 * One live label of the organization, locked FOR UPDATE: a membership being given this label right now (which
 * holds a key-share lock on it) finishes first, so a delete counts it.
 */
export async function findLabelForUpdate(
  tx: Executor,
  organizationId: string,
  id: string,
): Promise<LabelRow | undefined> {
  const [row] = await tx
    .select(labelColumns)
    .from(labels)
    .where(and(live(organizationId), eq(labels.id, id)))
    .for('update');
  return row;
}

/** Whether another live label of the organization has this name, compared trimmed and case-insensitively. */
export async function labelNameTaken(
  tx: Executor,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        live(organizationId),
        sql`lower(btrim(${labels.name})) = lower(${name.trim()})`,
        exceptId ? ne(labels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a label after the organization's last one; a new label is never the default. */
export async function insertLabel(
  tx: Executor,
  organizationId: string,
  values: { name: string; role: string | null },
): Promise<LabelRow> {
  const [last] = await tx
    .select({ sortOrder: max(labels.sortOrder) })
    .from(labels)
    .where(live(organizationId));
  const [row] = await tx
    .insert(labels)
    .values({
      organizationId,
      ...values,
      sortOrder: (last?.sortOrder ?? -1) + 1,
      // A plain coach, referee or field-marshal label checks members in at game day until an admin says otherwise.
      checksMembersIn: values.role === null && isDefaultCheckerLabel(values.name),
    })
    .returning(labelColumns);
  if (!row) throw new Error('the label was not inserted');
  return row;
}

/** Changes a label's name, default flag or role; the caller has cleared any other default first. */
export async function updateLabelRow(
  tx: Executor,
  organizationId: string,
  id: string,
  changes: { name?: string; isDefault?: boolean; role?: string | null },
): Promise<void> {
  await tx
    .update(labels)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(live(organizationId), eq(labels.id, id)));
}

/** Makes every live label but one stop being the default; returns the ids that were. */
export async function clearOtherDefaults(
  tx: Executor,
  organizationId: string,
  exceptId: string,
): Promise<string[]> {
  const rows = await tx
    .update(labels)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(live(organizationId), eq(labels.isDefault, true), ne(labels.id, exceptId)))
    .returning({ id: labels.id });
  return rows.map((r) => r.id);
}

/** How many live memberships (profile-level accesses not archived) hold the label. */
export async function countLiveAccesses(tx: Executor, organizationId: string, labelId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(profileLevelAccesses)
    .where(
      and(
        eq(profileLevelAccesses.organizationId, organizationId),
        eq(profileLevelAccesses.labelId, labelId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

/** Soft-deletes a label: memberships archived with it keep pointing at it for history. */
export async function softDeleteLabel(tx: Executor, organizationId: string, id: string): Promise<void> {
  const now = new Date();
  await tx
    .update(labels)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(live(organizationId), eq(labels.id, id)));
}

/** The ids of the organization's live labels. */
export async function liveLabelIds(tx: Executor, organizationId: string): Promise<string[]> {
  const rows = await tx.select({ id: labels.id }).from(labels).where(live(organizationId));
  return rows.map((r) => r.id);
}

/** Gives each label its position in the list as its sort order, with one UPDATE. */
export async function setLabelOrder(tx: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const position = sql.join(
    ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
    sql` `,
  );
  await tx
    .update(labels)
    .set({ sortOrder: sql`case ${labels.id} ${position} end`, updatedAt: new Date() })
    .where(and(live(organizationId), inArray(labels.id, [...ids])));
}

/** The live labels with how many live memberships hold each: default first, then in their order, then by name. */
export function labelsWithMemberCounts(tx: Executor, organizationId: string) {
  return tx
    .select({ ...labelColumns, memberCount: count(profileLevelAccesses.id) })
    .from(labels)
    .leftJoin(
      profileLevelAccesses,
      and(
        eq(profileLevelAccesses.organizationId, organizationId),
        eq(profileLevelAccesses.labelId, labels.id),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .where(live(organizationId))
    .groupBy(labels.id)
    .orderBy(desc(labels.isDefault), asc(labels.sortOrder), asc(labels.name));
}
