import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { ActiveStatus } from '@touchline/contracts/members';
import { liveAccessIn, liveAccessJoins } from '../../authz/live-queries.ts';
import type { Executor } from '../../db/client.ts';
import {
  hierarchyLevels,
  invitations,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';

/** A live role label of the organization. */
export async function findLabel(db: Executor, organizationId: string, labelId: string) {
  const [label] = await db
    .select({ id: labels.id, name: labels.name, role: labels.role })
    .from(labels)
    .where(and(eq(labels.organizationId, organizationId), eq(labels.id, labelId), isNull(labels.deletedAt)));
  return label;
}

/** The organization's name, for invitation e-mails. */
export async function organizationName(db: Executor, organizationId: string): Promise<string> {
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.name ?? '';
}

/** Live profiles of the organization with one of these e-mails (compared case-insensitively: citext). */
export function liveProfilesByEmail(db: Executor, organizationId: string, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, organizationId),
        inArray(profiles.email, [...emails]),
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(asc(profiles.createdAt));
}

/** The levels at which these profiles hold a live access: a second access at the same level is refused. */
export function liveAccessLevels(db: Executor, organizationId: string, profileIds: readonly string[]) {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      profileId: profileLevelAccesses.profileId,
      hierarchyLevelId: profileLevelAccesses.hierarchyLevelId,
    })
    .from(profileLevelAccesses)
    .where(
      and(
        eq(profileLevelAccesses.organizationId, organizationId),
        inArray(profileLevelAccesses.profileId, [...profileIds]),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
}

/**
 * The joins of an invitation that can still lead somewhere: its organization, access, profile and level all live,
 * in the invitation's organization. The link lookup and the reminder sweep both read invitations through these.
 */
const liveInvitation = {
  organization: and(eq(organizations.id, invitations.organizationId), isNull(organizations.deletedAt)),
  access: and(
    eq(profileLevelAccesses.id, invitations.profileLevelAccessId),
    eq(profileLevelAccesses.organizationId, invitations.organizationId),
    isNull(profileLevelAccesses.deletedAt),
  ),
  profile: and(
    eq(profiles.id, invitations.profileId),
    eq(profiles.organizationId, invitations.organizationId),
    isNull(profiles.deletedAt),
  ),
  level: and(
    eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId),
    eq(hierarchyLevels.organizationId, invitations.organizationId),
    isNull(hierarchyLevels.deletedAt),
  ),
};

/**
 * The invitation a link's token names, only while it can still be used: not revoked, its access not archived, its
 * organization not deleted. Public lookup by an unguessable token, so it is the one query not scoped by tenant.
 */
export async function findInvitationByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      organizationName: organizations.name,
      email: invitations.email,
      acceptedAt: invitations.acceptedAt,
      acceptedByUserId: invitations.acceptedByUserId,
      profileId: profiles.id,
      profileUserId: profiles.appUserId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      profileLevelAccessId: profileLevelAccesses.id,
      overallStatus: profileLevelAccesses.overallStatus,
      hierarchyLevelId: hierarchyLevels.id,
      levelName: hierarchyLevels.name,
      roleName: labels.name,
    })
    .from(invitations)
    .innerJoin(organizations, liveInvitation.organization)
    .innerJoin(profileLevelAccesses, liveInvitation.access)
    .innerJoin(profiles, liveInvitation.profile)
    .innerJoin(hierarchyLevels, liveInvitation.level)
    .innerJoin(
      labels,
      and(eq(labels.id, profileLevelAccesses.labelId), eq(labels.organizationId, invitations.organizationId)),
    )
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.revokedAt)));
  return row;
}

/** A live access of the organization with what inviting its holder needs: level, label and profile. */
export async function findAccessForInvitation(db: Executor, organizationId: string, accessId: string) {
  const on = liveAccessJoins(organizationId);
  const [row] = await db
    .select({
      profileLevelAccessId: profileLevelAccesses.id,
      profileId: profiles.id,
      email: profiles.email,
      firstName: profiles.firstName,
      profileUserId: profiles.appUserId,
      hierarchyLevelId: hierarchyLevels.id,
      levelName: hierarchyLevels.name,
      levelPath: hierarchyLevels.path,
      roleLabel: labels.name,
    })
    .from(profileLevelAccesses)
    .innerJoin(profiles, on.profile)
    .innerJoin(hierarchyLevels, on.level)
    .innerJoin(labels, on.label)
    .where(and(liveAccessIn(organizationId), eq(profileLevelAccesses.id, accessId)));
  return row;
}

/**
 * The newest unrevoked invitation of an access, locked for the resend that rotates its token. The profile id lets
 * the (organization_id, profile_id) index find it.
 */
export async function latestInvitationOfAccess(
  db: Executor,
  organizationId: string,
  access: { profileId: string; profileLevelAccessId: string },
) {
  const [row] = await db
    .select({
      id: invitations.id,
      acceptedAt: invitations.acceptedAt,
      sentCount: invitations.sentCount,
      remindersSent: invitations.remindersSent,
      createdAt: invitations.createdAt,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.profileId, access.profileId),
        eq(invitations.profileLevelAccessId, access.profileLevelAccessId),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** The rows one invitation batch writes: new profiles, their accesses and the invitations. */
export type InvitationBatch = {
  profiles: (typeof profiles.$inferInsert)[];
  accesses: (typeof profileLevelAccesses.$inferInsert)[];
  invitations: (typeof invitations.$inferInsert)[];
};

/** Writes an invitation batch with one INSERT per table, whatever its size (an import is up to 1,000 rows). */
export async function insertInvitationBatch(tx: Executor, batch: InvitationBatch): Promise<void> {
  if (batch.profiles.length > 0) await tx.insert(profiles).values(batch.profiles);
  if (batch.accesses.length > 0) await tx.insert(profileLevelAccesses).values(batch.accesses);
  if (batch.invitations.length > 0) await tx.insert(invitations).values(batch.invitations);
}

/** Revokes the open invitations of archived accesses: their links stop working and no reminder goes out. */
export async function revokeInvitationsOf(
  tx: Executor,
  organizationId: string,
  accessIds: readonly string[],
  now: Date,
) {
  if (accessIds.length === 0) return;
  await tx
    .update(invitations)
    .set({ revokedAt: now, nextReminderAt: null, updatedAt: now })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        inArray(invitations.profileLevelAccessId, [...accessIds]),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

/**
 * Up to `limit` invitations whose next e-mail is due at `now`, locked for the sweep that sends them: not accepted
 * or revoked, the member's access live and Active. SKIP LOCKED lets several sweeps run at once on different rows.
 */
export function dueInvitationsForUpdate(tx: Executor, now: Date, limit: number) {
  return tx
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      email: invitations.email,
      remindersSent: invitations.remindersSent,
      createdAt: invitations.createdAt,
      firstName: profiles.firstName,
      organizationName: organizations.name,
      levelName: hierarchyLevels.name,
      roleLabel: labels.name,
    })
    .from(invitations)
    .innerJoin(organizations, liveInvitation.organization)
    .innerJoin(
      profileLevelAccesses,
      and(liveInvitation.access, eq(profileLevelAccesses.groupMembershipStatus, ActiveStatus.Active)),
    )
    .innerJoin(profiles, liveInvitation.profile)
    .innerJoin(hierarchyLevels, liveInvitation.level)
    .innerJoin(labels, eq(labels.id, profileLevelAccesses.labelId))
    .where(
      and(
        lte(invitations.nextReminderAt, now),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(asc(invitations.nextReminderAt))
    .limit(limit)
    .for('update', { of: invitations, skipLocked: true });
}
