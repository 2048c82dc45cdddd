import { InvitationState, MemberAction } from '@touchline/contracts/member-admin';
import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAt } from '../../authz/rules.ts';

/**
 * Managing members (ADR 007): manager level or higher at the member's level. A label that carries an organization
 * role is an administrator's to give or take, so a Manager can neither make nor unmake an Admin or a Director.
 */
export const memberPolicy = {
  manage: (ctx: ActorContext, level: { path: string }) => holdsAt(ctx, 'managerLevelOrHigher', level.path),
  handleLabel: (ctx: ActorContext, level: { path: string }, label: { role: string | null }) =>
    label.role === null || holdsAt(ctx, 'adminLevel', level.path),
} as const;

/** What the management list needs to know of a member to say what the actor may do to them. */
export type MemberFacts = {
  levelPath: string;
  role: string | null;
  email: string | null;
  profileUserId: string | null;
  invitationState: InvitationState;
};

/**
 * The actions the actor may take on one member, sent with the list so the web never re-derives the rules. An
 * invitation can be sent while it is pending, or first sent to a member who never had one and has no account.
 */
export function allowedMemberActions(ctx: ActorContext, member: MemberFacts): MemberAction[] {
  const level = { path: member.levelPath };
  if (!memberPolicy.manage(ctx, level)) return [];
  const actions: MemberAction[] = [MemberAction.SetGroupMembershipStatus];
  if (memberPolicy.handleLabel(ctx, level, member))
    actions.push(MemberAction.ChangeRole, MemberAction.Archive);
  const invitable =
    member.invitationState === InvitationState.Sent ||
    (member.invitationState === InvitationState.None && member.profileUserId === null);
  if (invitable && member.email) actions.push(MemberAction.ResendInvitation);
  return actions;
}
