import type { ActorRequestContext, Deps } from '../../deps.ts';
import { and, eq, isNull, or } from 'drizzle-orm';
import {
  invitationMessages,
  type AcceptInvitationResponse,
  type InvitationNextStep,
} from '@touchline/contracts/invitations';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { SignupStep } from '@touchline/contracts/signup';
import { grantsOfProfile, organizationRoles } from '../../authz/actor-context.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { invitations, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';
import { hashInvitationToken } from './invitations.mail.ts';
import { findInvitationByTokenHash } from './invitations.queries.ts';

/**
 * GET /api/app/invitation/next-step-from-token (public): where the invitation link leads. A token that is unknown,
 * replaced or revoked → 'error'; accepted, or the address already has an account → 'login'; otherwise the full
 * signup form, filled with the invited address and names.
 */
export async function invitationNextStep(deps: Deps, token: string | undefined): Promise<InvitationNextStep> {
  const invitation = token ? await findInvitationByTokenHash(deps.db, hashInvitationToken(token)) : undefined;
  if (!invitation) return { step: SignupStep.Error, message: invitationMessages.invalidLink };
  const where = {
    organizationName: invitation.organizationName,
    levelName: invitation.levelName,
    roleName: invitation.roleName,
  };
  if (invitation.acceptedAt)
    return { step: SignupStep.Login, email: invitation.email, ...where, accepted: true };
  const account = await deps.identityDirectory.findUserByEmail(invitation.email);
  if (account) return { step: SignupStep.Login, email: invitation.email, ...where };
  return {
    step: SignupStep.FullSignupForm,
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    ...where,
  };
}

/**
 * POST /api/app/invitation/confirm-address (ADR 033): the invitee who registered from the link confirms the address
 * with it — the link was e-mailed there, so it proves the address. Only the account registered for the invited
 * address with the given password is confirmed (409 otherwise), so an account someone else made for that address
 * beforehand stays unconfirmed; 404 for a link that is not (or no longer) an open invitation.
 */
export async function confirmInvitedAddress(deps: Deps, token: string, password: string): Promise<void> {
  const invitation = await findInvitationByTokenHash(deps.db, hashInvitationToken(token));
  if (!invitation) throw notFound('Invitation');
  if (invitation.acceptedAt) throw conflict(invitationMessages.alreadyAccepted);
  const result = await deps.identityDirectory.confirmInvitedAddress(invitation.email, password);
  if (result === 'mismatch') throw conflict(invitationMessages.passwordMismatch);
}

/**
 * POST /api/app/invitation/accept: the signed-in account takes the invitation sent to its own address (403
 * otherwise). Links the profile, marks the invitation accepted (no more reminders), moves the access from Invite
 * Pending to No Requirements, then makes that profile the account's current one with the roles its labels carry, so
 * the next refreshed token names it (ADR 007). Accepting again with the same account answers the same.
 */
export async function acceptInvitation(
  deps: Deps,
  actor: ActorRequestContext,
  { token }: { token: string },
): Promise<AcceptInvitationResponse> {
  const { requestId } = actor;
  // Read before the transaction: the mounted identity shares the embedded database's one connection.
  const account = await deps.identityDirectory.findUser(actor.userId);
  const now = new Date();
  const accepted = await deps.db.transaction(async (tx) => {
    const invitation = await findInvitationByTokenHash(tx, hashInvitationToken(token));
    if (!invitation) throw notFound('Invitation');
    if (!account || account.email.toLowerCase() !== invitation.email.toLowerCase())
      throw forbidden(invitationMessages.otherAddress);
    const answer = {
      organizationId: invitation.organizationId,
      profileId: invitation.profileId,
      hierarchyLevelId: invitation.hierarchyLevelId,
    };
    if (invitation.acceptedAt) {
      if (invitation.acceptedByUserId === actor.userId) return answer;
      throw conflict(invitationMessages.acceptedByAnother);
    }
    const linked = await tx
      .update(profiles)
      .set({ appUserId: actor.userId, updatedAt: now })
      .where(
        and(
          eq(profiles.organizationId, invitation.organizationId),
          eq(profiles.id, invitation.profileId),
          or(isNull(profiles.appUserId), eq(profiles.appUserId, actor.userId)),
        ),
      )
      .returning({ id: profiles.id });
    if (linked.length === 0) throw conflict(invitationMessages.acceptedByAnother);
    const marked = await tx
      .update(invitations)
      .set({ acceptedAt: now, acceptedByUserId: actor.userId, nextReminderAt: null, updatedAt: now })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    // A parallel accept of the same link won the update; it was this same account (the address matched).
    if (marked.length === 0) return answer;
    await tx
      .update(profileLevelAccesses)
      .set({ overallStatus: MemberOverallStatus.NoRequirements, updatedAt: now })
      .where(
        and(
          eq(profileLevelAccesses.organizationId, invitation.organizationId),
          eq(profileLevelAccesses.id, invitation.profileLevelAccessId),
          eq(profileLevelAccesses.overallStatus, MemberOverallStatus.NotActivated),
        ),
      );
    await recordAuditEvent(
      tx,
      { userId: actor.userId, profileId: invitation.profileId, requestId },
      {
        organizationId: invitation.organizationId,
        action: 'invitation.accepted',
        entityType: 'invitation',
        entityId: invitation.id,
        data: { profileLevelAccessId: invitation.profileLevelAccessId },
      },
    );
    await refreshMemberRequirements(tx, invitation.organizationId, {
      profileIds: [invitation.profileId],
      now,
    });
    return answer;
  });
  const grants = await grantsOfProfile(deps.db, accepted.organizationId, accepted.profileId);
  await deps.identityDirectory.setUserContext(actor.userId, {
    currentProfileId: accepted.profileId,
    roles: organizationRoles(grants),
  });
  return accepted;
}
