import { and, asc, count, desc, eq, inArray, isNull, like } from 'drizzle-orm';
import { liveAccessJoins } from '../../authz/live-queries.ts';
import type { Executor } from '../../db/client.ts';
import {
  hierarchyLevels,
  invitations,
  labels,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';

/** Live accesses of the organization by id, with the level path and label role the rules read. */
export function findAccesses(db: Executor, organizationId: string, accessIds: readonly string[]) {
  const on = liveAccessJoins(organizationId);
  return db
    .select({
      id: profileLevelAccesses.id,
      profileId: profileLevelAccesses.profileId,
      labelId: profileLevelAccesses.labelId,
      labelRole: labels.role,
      levelPath: hierarchyLevels.path,
      levelParentId: hierarchyLevels.parentId,
    })
    .from(profileLevelAccesses)
    .innerJoin(profiles, on.profile)
    .innerJoin(hierarchyLevels, on.level)
    .innerJoin(labels, on.label)
    .where(
      and(
        eq(profileLevelAccesses.organizationId, organizationId),
        inArray(profileLevelAccesses.id, [...accessIds]),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
}

/** The live labels of the organization, default first, then in their order. */
export function organizationLabels(db: Executor, organizationId: string) {
  return db
    .select({ id: labels.id, name: labels.name, role: labels.role, isDefault: labels.isDefault })
    .from(labels)
    .where(and(eq(labels.organizationId, organizationId), isNull(labels.deletedAt)))
    .orderBy(desc(labels.isDefault), asc(labels.sortOrder), asc(labels.name));
}

/** A live label of the organization. */
export async function findLabel(db: Executor, organizationId: string, labelId: string) {
  const [label] = await db
    .select({ id: labels.id, name: labels.name, role: labels.role })
    .from(labels)
    .where(and(eq(labels.organizationId, organizationId), eq(labels.id, labelId), isNull(labels.deletedAt)));
  return label;
}

/**
 * One page of the live accesses at exactly this level — or, with `includeBelow`, at it and every level below it (by
 * the access's copy of its level's path) — by last then first name, and their total.
 */
export async function directMembersPage(
  db: Executor,
  organizationId: string,
  level: { id: string; path: string },
  page: { page: number; perPage: number; includeBelow?: boolean },
) {
  const on = liveAccessJoins(organizationId);
  const where = and(
    eq(profileLevelAccesses.organizationId, organizationId),
    page.includeBelow
      ? like(profileLevelAccesses.levelPath, `${level.path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : eq(profileLevelAccesses.hierarchyLevelId, level.id),
    isNull(profileLevelAccesses.deletedAt),
  );
  const rows = await db
    .select({
      profileLevelAccessId: profileLevelAccesses.id,
      profileId: profiles.id,
      profileUserId: profiles.appUserId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      labelId: labels.id,
      roleLabel: labels.name,
      role: labels.role,
      groupMembershipStatus: profileLevelAccesses.groupMembershipStatus,
      overallStatus: profileLevelAccesses.overallStatus,
      externalId: profileLevelAccesses.externalId,
      hierarchyLevelId: hierarchyLevels.id,
      levelName: hierarchyLevels.name,
      levelPath: hierarchyLevels.path,
    })
    .from(profileLevelAccesses)
    .innerJoin(profiles, on.profile)
    .innerJoin(labels, on.label)
    .innerJoin(hierarchyLevels, on.level)
    .where(where)
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(profileLevelAccesses.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(profileLevelAccesses)
    .innerJoin(profiles, on.profile)
    .where(where);
  return { rows, totalCount: total?.n ?? 0 };
}

/** The unrevoked invitations of these accesses, newest first (found through the organization/profile index). */
export function invitationsOfAccesses(
  db: Executor,
  organizationId: string,
  accesses: readonly { profileId: string; profileLevelAccessId: string }[],
) {
  if (accesses.length === 0) return Promise.resolve([]);
  return db
    .select({
      profileLevelAccessId: invitations.profileLevelAccessId,
      sentCount: invitations.sentCount,
      lastSentAt: invitations.lastSentAt,
      acceptedAt: invitations.acceptedAt,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        inArray(
          invitations.profileId,
          accesses.map((a) => a.profileId),
        ),
        inArray(
          invitations.profileLevelAccessId,
          accesses.map((a) => a.profileLevelAccessId),
        ),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}

/** Gives an access another label. */
export async function setAccessLabel(
  db: Executor,
  organizationId: string,
  accessId: string,
  labelId: string,
) {
  await db
    .update(profileLevelAccesses)
    .set({ labelId, updatedAt: new Date() })
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), eq(profileLevelAccesses.id, accessId)),
    );
}

/** Archives an access: it stays for history with who archived it, and stops granting anything. */
export async function archiveAccessRow(
  db: Executor,
  organizationId: string,
  accessId: string,
  userId: string,
  now: Date,
) {
  await db
    .update(profileLevelAccesses)
    .set({ deletedAt: now, archivedByUserId: userId, updatedAt: now })
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), eq(profileLevelAccesses.id, accessId)),
    );
}

/** Sets the group membership status of many accesses with one UPDATE. */
export async function setAccessesStatus(
  db: Executor,
  organizationId: string,
  accessIds: readonly string[],
  status: number,
) {
  await db
    .update(profileLevelAccesses)
    .set({ groupMembershipStatus: status, updatedAt: new Date() })
    .where(
      and(
        eq(profileLevelAccesses.organizationId, organizationId),
        inArray(profileLevelAccesses.id, [...accessIds]),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
}

/** The live levels at and below a level (ADR 002: one range scan on the path index), with their parents. */
export function subtreeLevels(db: Executor, organizationId: string, path: string) {
  return db
    .select({
      id: hierarchyLevels.id,
      name: hierarchyLevels.name,
      parentId: hierarchyLevels.parentId,
      path: hierarchyLevels.path,
    })
    .from(hierarchyLevels)
    .where(
      and(
        eq(hierarchyLevels.organizationId, organizationId),
        like(hierarchyLevels.path, `${path}%`),
        isNull(hierarchyLevels.deletedAt),
      ),
    );
}

/** Where people with these e-mails already hold a live access: an import refuses a second one at the same level. */
export function accessLevelsByEmail(db: Executor, organizationId: string, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ email: profiles.email, hierarchyLevelId: profileLevelAccesses.hierarchyLevelId })
    .from(profiles)
    .innerJoin(
      profileLevelAccesses,
      and(
        eq(profileLevelAccesses.profileId, profiles.id),
        eq(profileLevelAccesses.organizationId, organizationId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .where(
      and(
        eq(profiles.organizationId, organizationId),
        inArray(profiles.email, [...emails]),
        isNull(profiles.deletedAt),
      ),
    );
}
