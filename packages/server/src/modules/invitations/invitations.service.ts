import type { Deps, RequestContext } from '../../deps.ts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  invitationMessages,
  type InviteMemberBody,
  type InviteMemberResponse,
} from '@touchline/contracts/invitations';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import { findLiveLevel } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { invitations } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';
import { afterStep } from './invitation-schedule.ts';
import { queueMail } from '../../mail/outbox.ts';
import { invitationMail, newInvitationToken, type InvitationMailInput } from './invitations.mail.ts';
import { invitationPolicy } from './invitations.policy.ts';
import {
  findAccessForInvitation,
  findLabel,
  insertInvitationBatch,
  latestInvitationOfAccess,
  liveAccessLevels,
  liveProfilesByEmail,
  organizationName,
  revokeInvitationsOf,
  type InvitationBatch,
} from './invitations.queries.ts';

/** One member to create (or find by e-mail) and invite: names, address, level and label, as already checked. */
export type NewMember = {
  email: string;
  firstName: string;
  lastName: string;
  hierarchyLevelId: string;
  levelName: string;
  labelId: string;
  roleLabel: string;
  externalId?: string | null | undefined;
  dateOfBirth?: string | null | undefined;
};

/** What creating one invited member made: the profile (new or the organization's existing one) and its access. */
export type InvitedMember = { profileId: string; profileLevelAccessId: string; newProfile: boolean };

/**
 * Creates invited members in the caller's transaction with one INSERT per table: a profile unless the organization
 * has a live one with the address, an access (overall status Invite Pending) and an invitation whose day-0 e-mail
 * counts as sent. The caller checks duplicates and rights, and queues the mails with queueInvitationMails.
 */
export async function createInvitedMembers(
  tx: Transaction,
  organizationId: string,
  invitedByUserId: string | null,
  members: readonly NewMember[],
  now: Date,
): Promise<{ members: InvitedMember[]; mails: InvitationMailInput[] }> {
  const organization = { id: organizationId, name: await organizationName(tx, organizationId) };
  const existing = await liveProfilesByEmail(
    tx,
    organization.id,
    members.map((m) => m.email),
  );
  const profileByEmail = new Map<string, string>();
  for (const p of existing) {
    const key = p.email?.toLowerCase();
    if (key && !profileByEmail.has(key)) profileByEmail.set(key, p.id);
  }
  const batch: InvitationBatch = { profiles: [], accesses: [], invitations: [] };
  const created: InvitedMember[] = [];
  const mails: InvitationMailInput[] = [];
  const schedule = afterStep(now, 0, now);
  for (const member of members) {
    const key = member.email.toLowerCase();
    const known = profileByEmail.get(key);
    const profileId = known ?? randomUUID();
    if (!known) {
      profileByEmail.set(key, profileId);
      batch.profiles.push({
        id: profileId,
        organizationId: organization.id,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        dateOfBirth: member.dateOfBirth ?? null,
      });
    }
    const accessId = randomUUID();
    batch.accesses.push({
      id: accessId,
      organizationId: organization.id,
      profileId,
      hierarchyLevelId: member.hierarchyLevelId,
      labelId: member.labelId,
      groupMembershipStatus: ActiveStatus.Active,
      overallStatus: MemberOverallStatus.NotActivated,
      externalId: member.externalId ?? null,
    });
    const invitationId = randomUUID();
    const { token, tokenHash } = newInvitationToken();
    batch.invitations.push({
      id: invitationId,
      organizationId: organization.id,
      profileId,
      profileLevelAccessId: accessId,
      email: member.email,
      tokenHash,
      invitedByUserId,
      sentCount: 1,
      lastSentAt: now,
      ...schedule,
      createdAt: now,
    });
    created.push({ profileId, profileLevelAccessId: accessId, newProfile: !known });
    mails.push({
      invitationId,
      email: member.email,
      firstName: member.firstName,
      organizationName: organization.name,
      levelName: member.levelName,
      roleLabel: member.roleLabel,
      token,
      step: 0,
    });
  }
  await insertInvitationBatch(tx, batch);
  await refreshMemberRequirements(tx, organizationId, { profileIds: created.map((m) => m.profileId), now });
  return { members: created, mails };
}

/** Queues invitation e-mails in the transaction that creates their invitations: durable mail (ADR 022). */
export async function queueInvitationMails(
  deps: Pick<Deps, 'jobs' | 'appUrl'>,
  tx: Transaction,
  mails: readonly InvitationMailInput[],
): Promise<void> {
  await queueMail(
    deps.jobs,
    tx,
    mails.map((m) => invitationMail(deps.appUrl, m)),
  );
}

/** Revokes the open invitations of accesses being archived, in the caller's transaction. */
export function revokeInvitations(
  tx: Executor,
  organizationId: string,
  accessIds: readonly string[],
  now: Date,
) {
  return revokeInvitationsOf(tx, organizationId, accessIds, now);
}

/**
 * POST /api/app/invitation: invites one person to a level with a label. Level and label must be the organization's
 * (404); the actor needs manager level there, and admin level for a label carrying a role (403); a profile with a
 * live access at the level already is refused (409). The e-mail leaves after commit.
 */
export async function inviteMember(
  deps: Deps,
  ctx: RequestContext,
  body: InviteMemberBody,
): Promise<InviteMemberResponse> {
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const level = await findLiveLevel(tx, ctx.organizationId, body.hierarchyLevelId);
    if (!level) throw notFound('Level');
    const label = await findLabel(tx, ctx.organizationId, body.labelId);
    if (!label) throw notFound('Label');
    authorize(invitationPolicy.invite(ctx, level));
    authorize(invitationPolicy.grantLabel(ctx, level, label), invitationMessages.roleNeedsAdmin);
    const [profile] = await liveProfilesByEmail(tx, ctx.organizationId, [body.email]);
    const held = profile ? await liveAccessLevels(tx, ctx.organizationId, [profile.id]) : [];
    if (held.some((a) => a.hierarchyLevelId === level.id)) throw conflict(invitationMessages.alreadyMember);
    const member = { ...body, levelName: level.name, hierarchyLevelId: level.id, roleLabel: label.name };
    const made = await createInvitedMembers(tx, ctx.organizationId, ctx.userId, [member], now);
    const [invited] = made.members;
    if (!invited) throw new Error('the invited member was not created');
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'member.invited',
      entityType: 'profile_level_access',
      entityId: invited.profileLevelAccessId,
      data: { profileId: invited.profileId, hierarchyLevelId: level.id, labelId: label.id },
    });
    await queueInvitationMails(deps, tx, made.mails);
    return invited;
  });
  return { profileId: result.profileId, profileLevelAccessId: result.profileLevelAccessId };
}

type InvitableAccess = NonNullable<Awaited<ReturnType<typeof findAccessForInvitation>>>;

/**
 * Sends an access's invitation again, or for the first time when it has none (members from before invitations, an
 * organization's first admin): a new token, so earlier links stop working. Refused once accepted.
 */
async function reinvite(
  tx: Transaction,
  organizationId: string,
  access: InvitableAccess,
  invitedByUserId: string | null,
  now: Date,
): Promise<InvitationMailInput> {
  if (!access.email) throw conflict(invitationMessages.noEmail);
  const current = await latestInvitationOfAccess(tx, organizationId, access);
  if (current?.acceptedAt || (!current && access.profileUserId))
    throw conflict(invitationMessages.alreadyAccepted);
  const { token, tokenHash } = newInvitationToken();
  const invitationId = current?.id ?? randomUUID();
  if (current) {
    // An invitation whose first e-mail failed waits for the job to retry it (step 0): this send is that step.
    const schedule = current.remindersSent === 0 ? afterStep(current.createdAt, 0, now) : {};
    await tx
      .update(invitations)
      .set({ tokenHash, sentCount: current.sentCount + 1, lastSentAt: now, updatedAt: now, ...schedule })
      .where(eq(invitations.id, current.id));
  } else {
    await tx.insert(invitations).values({
      id: invitationId,
      organizationId,
      profileId: access.profileId,
      profileLevelAccessId: access.profileLevelAccessId,
      email: access.email,
      tokenHash,
      invitedByUserId,
      sentCount: 1,
      lastSentAt: now,
      ...afterStep(now, 0, now),
      createdAt: now,
    });
  }
  const organization = await organizationName(tx, organizationId);
  return {
    invitationId,
    email: access.email,
    firstName: access.firstName,
    organizationName: organization,
    levelName: access.levelName,
    roleLabel: access.roleLabel,
    token,
    step: 0,
  };
}

/** POST /api/app/invitation/{profileLevelAccessId}/resend: a new link for a member who has not accepted yet. */
export async function resendInvitation(
  deps: Deps,
  ctx: RequestContext,
  { profileLevelAccessId }: { profileLevelAccessId: string },
): Promise<void> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const access = await findAccessForInvitation(tx, ctx.organizationId, profileLevelAccessId);
    if (!access) throw notFound('Member');
    authorize(invitationPolicy.resend(ctx, { path: access.levelPath }));
    const sent = await reinvite(tx, ctx.organizationId, access, ctx.userId, now);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'invitation.resent',
      entityType: 'invitation',
      entityId: sent.invitationId,
      data: { profileLevelAccessId },
    });
    await queueInvitationMails(deps, tx, [sent]);
  });
}

/**
 * Invites the holder of an existing access without an actor's rights check: for a caller that has authorized the
 * whole operation itself (creating an organization invites its first admin). 404 for an unknown access, 409 once
 * accepted or without an e-mail address.
 */
export async function inviteAccess(
  deps: Deps,
  input: { organizationId: string; profileLevelAccessId: string; invitedByUserId: string },
): Promise<void> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const access = await findAccessForInvitation(tx, input.organizationId, input.profileLevelAccessId);
    if (!access) throw notFound('Member');
    const sent = await reinvite(tx, input.organizationId, access, input.invitedByUserId, now);
    await recordAuditEvent(
      tx,
      { userId: input.invitedByUserId },
      {
        organizationId: input.organizationId,
        action: 'invitation.sent',
        entityType: 'invitation',
        entityId: sent.invitationId,
        data: { profileLevelAccessId: input.profileLevelAccessId },
      },
    );
    await queueInvitationMails(deps, tx, [sent]);
  });
}
