import { InvitationState, type DirectMember } from '@touchline/contracts/member-admin';
import type { ActorContext } from '../../authz/actor-context.ts';
import { allowedMemberActions } from './members.policy.ts';

type MemberRow = Omit<DirectMember, 'invitation' | 'allowedActions'> & { profileUserId: string | null };
type InvitationRow = { sentCount: number; lastSentAt: Date | null; acceptedAt: Date | null };

/** Where an invitation stands, from its newest unrevoked row (none, sent, accepted). */
export function invitationStateOf(invitation: InvitationRow | undefined): InvitationState {
  if (!invitation) return InvitationState.None;
  return invitation.acceptedAt ? InvitationState.Accepted : InvitationState.Sent;
}

/** One member of the management list: the row, where its invitation stands, and what the actor may do. */
export function presentDirectMember(
  ctx: ActorContext,
  levelPath: string,
  row: MemberRow,
  invitation: InvitationRow | undefined,
): DirectMember {
  const state = invitationStateOf(invitation);
  const { profileUserId, ...member } = row;
  return {
    ...member,
    invitation: {
      state,
      sentCount: invitation?.sentCount ?? 0,
      lastSentAt: invitation?.lastSentAt?.toISOString() ?? null,
      acceptedAt: invitation?.acceptedAt?.toISOString() ?? null,
    },
    allowedActions: allowedMemberActions(ctx, {
      levelPath,
      role: row.role,
      email: row.email,
      profileUserId,
      invitationState: state,
    }),
  };
}
