import type {
  ChangeRoleQuery,
  DirectMembersResponse,
  MemberAction,
  MemberLabel,
  SetGroupMembershipStatusBulkBody,
} from '@touchline/contracts/member-admin';
import { invitationMessages } from '@touchline/contracts/invitations';
import { Role } from '@touchline/contracts/roles';
import type { ActorContext } from '../../authz/actor-context.ts';
import { findLiveLevel, lockRootAdminAccesses } from '../../authz/live-queries.ts';
import { authorize, holdsAnywhere } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { revokeInvitations } from '../invitations/invitations.service.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';
import { allowedMemberActions, memberPolicy } from './members.policy.ts';
import { invitationStateOf, presentDirectMember } from './members.presenter.ts';
import {
  archiveAccessRow,
  directMembersPage,
  findAccesses,
  findLabel,
  invitationsOfAccesses,
  organizationLabels,
  setAccessLabel,
  setAccessesStatus,
} from './members.queries.ts';

/** Said when a change would leave the organization without an Admin at its top level. */
export const lastAdminMessage =
  'The organization needs an Admin at its top level: make someone else Admin there first';

/**
 * GET /api/app/hierarchy-level/{id}/direct-members: the management list of the members at exactly this level, or
 * with `includeBelow` at it and every level below (issue 18 item 12); each row's actions follow its own level.
 */
export async function listDirectMembers(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { levelId, ...page }: { levelId: string; page: number; perPage: number; includeBelow?: boolean },
): Promise<DirectMembersResponse> {
  const db = deps.db;
  const level = await findLiveLevel(db, ctx.organizationId, levelId);
  if (!level) throw notFound('Level');
  authorize(memberPolicy.manage(ctx, level));
  const { rows, totalCount } = await directMembersPage(db, ctx.organizationId, level, page);
  const invitations = await invitationsOfAccesses(db, ctx.organizationId, rows);
  const newest = new Map<string, (typeof invitations)[number]>();
  for (const invitation of invitations)
    if (!newest.has(invitation.profileLevelAccessId)) newest.set(invitation.profileLevelAccessId, invitation);
  return {
    level: { id: level.id, name: level.name },
    items: rows.map(({ levelPath, ...row }) =>
      presentDirectMember(ctx, levelPath, row, newest.get(row.profileLevelAccessId)),
    ),
    totalCount,
  };
}

/** A member row another module lists (the dashboard), with what the action rules read. */
export type ListedMember = {
  profileLevelAccessId: string;
  profileId: string;
  levelPath: string;
  role: string | null;
  email: string | null;
  profileUserId: string | null;
};

/** The actions the actor may take on each listed member (by access id), so the dashboard offers what the rules allow. */
export async function memberActionsOf(
  db: Database,
  ctx: ActorContext,
  rows: readonly ListedMember[],
): Promise<Map<string, MemberAction[]>> {
  const invitations = await invitationsOfAccesses(db, ctx.organizationId, rows);
  const newest = new Map<string, (typeof invitations)[number]>();
  for (const invitation of invitations)
    if (!newest.has(invitation.profileLevelAccessId)) newest.set(invitation.profileLevelAccessId, invitation);
  return new Map(
    rows.map((row) => {
      const invitationState = invitationStateOf(newest.get(row.profileLevelAccessId));
      return [row.profileLevelAccessId, allowedMemberActions(ctx, { ...row, invitationState })];
    }),
  );
}

/**
 * GET /api/app/labels: the organization's role labels. With a level, `assignable` says whether the actor may give
 * the label there; without one, whether they may give it anywhere.
 */
export async function listLabels(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { levelId }: { levelId?: string },
): Promise<{ items: MemberLabel[] }> {
  const db = deps.db;
  const level = levelId ? await findLiveLevel(db, ctx.organizationId, levelId) : undefined;
  if (levelId && !level) throw notFound('Level');
  const rows = await organizationLabels(db, ctx.organizationId);
  const assignable = (label: { role: string | null }) =>
    level
      ? memberPolicy.manage(ctx, level) && memberPolicy.handleLabel(ctx, level, label)
      : holdsAnywhere(ctx, label.role === null ? 'managerLevelOrHigher' : 'adminLevel');
  return { items: rows.map((label) => ({ ...label, assignable: assignable(label) })) };
}

type Access = Awaited<ReturnType<typeof findAccesses>>[number];

/** Loads one live access of the organization, or 404. */
async function loadAccess(tx: Executor, ctx: ActorContext, accessId: string): Promise<Access> {
  const [access] = await findAccesses(tx, ctx.organizationId, [accessId]);
  if (!access) throw notFound('Member');
  return access;
}

/** 403 unless the actor may manage the access: manager level at its level, admin level if its label has a role. */
function authorizeManage(ctx: ActorContext, access: Access) {
  const level = { path: access.levelPath };
  authorize(memberPolicy.manage(ctx, level));
  authorize(
    memberPolicy.handleLabel(ctx, level, { role: access.labelRole }),
    invitationMessages.roleNeedsAdmin,
  );
}

/** Refuses (409) to take the Admin role from the last Admin at the organization's top level. */
async function keepARootAdmin(tx: Executor, organizationId: string, access: Access) {
  if (access.levelParentId !== null || access.labelRole !== Role.Admin) return;
  const admins = await lockRootAdminAccesses(tx, organizationId);
  const others = admins.filter((admin) => admin.id !== access.id);
  if (others.length === 0) throw conflict(lastAdminMessage);
}

/**
 * POST /api/app/profile/change-role (§6: "changing a member's role uses a label id"). Manager level at the member's
 * level; admin level when the old or the new label carries a role; never the last Admin at the top level.
 */
export async function changeRole(deps: Pick<Deps, 'db'>, ctx: RequestContext, query: ChangeRoleQuery) {
  await deps.db.transaction(async (tx) => {
    const access = await loadAccess(tx, ctx, query.profileLevelAccessId);
    const label = await findLabel(tx, ctx.organizationId, query.newLabelId);
    if (!label) throw notFound('Label');
    authorizeManage(ctx, access);
    authorize(
      memberPolicy.handleLabel(ctx, { path: access.levelPath }, label),
      invitationMessages.roleNeedsAdmin,
    );
    if (access.labelId === label.id) return;
    if (label.role !== Role.Admin) await keepARootAdmin(tx, ctx.organizationId, access);
    await setAccessLabel(tx, ctx.organizationId, access.id, label.id);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'member.role_changed',
      entityType: 'profile_level_access',
      entityId: access.id,
      data: { fromLabelId: access.labelId, toLabelId: label.id },
    });
    await refreshMemberRequirements(tx, ctx.organizationId, { profileIds: [access.profileId] });
  });
}

/**
 * DELETE /api/app/profile/profile-level-access/{id}: archives the access (history kept, who archived it recorded)
 * and revokes its pending invitation; the same rights and last-Admin rule as a role change.
 */
export async function archiveAccess(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { id: accessId }: { id: string },
) {
  await deps.db.transaction(async (tx) => {
    const access = await loadAccess(tx, ctx, accessId);
    authorizeManage(ctx, access);
    await keepARootAdmin(tx, ctx.organizationId, access);
    const now = new Date();
    await archiveAccessRow(tx, ctx.organizationId, access.id, ctx.userId, now);
    await revokeInvitations(tx, ctx.organizationId, [access.id], now);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'member.archived',
      entityType: 'profile_level_access',
      entityId: access.id,
      data: { profileId: access.profileId },
    });
    await refreshMemberRequirements(tx, ctx.organizationId, { profileIds: [access.profileId] });
  });
}

/**
 * POST /api/app/profile/set-group-membership-status-bulk (§4: "group membership status can be set in bulk"): all
 * the accesses change with one UPDATE, or none does — one unknown (404) or not manageable (403) leaves all as they were.
 */
export async function setGroupMembershipStatusBulk(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  body: SetGroupMembershipStatusBulkBody,
) {
  const db = deps.db;
  const ids = [...new Set(body.profileLevelAccessIds)];
  await db.transaction(async (tx) => {
    const found = await findAccesses(tx, ctx.organizationId, ids);
    if (found.length !== ids.length) throw notFound('One or more of the members');
    if (!found.every((access) => memberPolicy.manage(ctx, { path: access.levelPath })))
      throw forbidden('You may not change one or more of these members, so nothing was changed');
    await setAccessesStatus(tx, ctx.organizationId, ids, body.groupMembershipStatus);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'members.group_membership_status_set',
      entityType: 'profile_level_access',
      data: { profileLevelAccessIds: ids, groupMembershipStatus: body.groupMembershipStatus },
    });
  });
}
