import { MemberAction, InvitationState, type DirectMember } from '@touchline/contracts/member-admin';
import {
  activeStatusLabels,
  ActiveStatus,
  memberOverallStatusLabel,
  type MemberOverallStatus,
} from '@touchline/contracts/members';
import { MemberActionsMenu } from './member-actions-menu.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Where a member's invitation stands, in words: accepted, sent (how often, when last), or none. */
export function invitationText(invitation: DirectMember['invitation']): string {
  if (invitation.state === InvitationState.Accepted)
    return invitation.acceptedAt
      ? `Accepted ${dateFormat.format(new Date(invitation.acceptedAt))}`
      : 'Accepted';
  if (invitation.state === InvitationState.Sent) {
    const when = invitation.lastSentAt ? ` ${dateFormat.format(new Date(invitation.lastSentAt))}` : '';
    return invitation.sentCount > 1 ? `Sent ${invitation.sentCount} times, last${when}` : `Sent${when}`;
  }
  return 'Not sent';
}

export interface MembersTableProps {
  members: readonly DirectMember[];
  selected: ReadonlySet<string>;
  onToggle: (profileLevelAccessId: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onChangeRole: (member: DirectMember) => void;
  onArchive: (member: DirectMember) => void;
  onResend: (member: DirectMember) => void;
  /** The member whose invitation is being sent, whose button waits. */
  resendingId: string | null;
  /** Rows of the levels below are listed too: each says its level. */
  showLevel?: boolean;
}

const cell = 'px-3 py-2 align-top';

/**
 * The members at a level: selectable rows (for bulk Active/Inactive) and the actions the server allows on each.
 * Native checkboxes and buttons, so every control is reachable and named for keyboard and screen-reader users.
 */
export function MembersTable({
  members,
  selected,
  onToggle,
  onToggleAll,
  onChangeRole,
  onArchive,
  onResend,
  resendingId,
  showLevel = false,
}: MembersTableProps) {
  const selectable = members.filter((m) => m.allowedActions.includes(MemberAction.SetGroupMembershipStatus));
  const allSelected = selectable.length > 0 && selectable.every((m) => selected.has(m.profileLevelAccessId));
  return (
    // relative: the scroll box is the containing block of the sr-only labels inside it, which would otherwise widen
    // the page on a phone (they are absolutely positioned).
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-800">
        <caption className="sr-only">
          {showLevel ? 'Members of this level and the levels below it' : 'Members of this level'}
        </caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              <input
                type="checkbox"
                aria-label="Select all members on this page"
                checked={allSelected}
                disabled={selectable.length === 0}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
                className="h-4 w-4 accent-emerald-700"
              />
            </th>
            <th scope="col" className={cell}>
              Name
            </th>
            {showLevel ? (
              <th scope="col" className={cell}>
                Level
              </th>
            ) : null}
            <th scope="col" className={cell}>
              Role
            </th>
            <th scope="col" className={cell}>
              Membership
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
            <th scope="col" className={cell}>
              Invitation
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {members.map((member) => {
            const name = `${member.firstName} ${member.lastName}`;
            const can = (action: MemberAction) => member.allowedActions.includes(action);
            const active = member.groupMembershipStatus === ActiveStatus.Active;
            return (
              <tr key={member.profileLevelAccessId}>
                <td className={cell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    checked={selected.has(member.profileLevelAccessId)}
                    disabled={!can(MemberAction.SetGroupMembershipStatus)}
                    onChange={(event) => onToggle(member.profileLevelAccessId, event.currentTarget.checked)}
                    className="h-4 w-4 accent-emerald-700"
                  />
                </td>
                <th scope="row" className={`${cell} min-w-48 font-medium`}>
                  <span className="block">{name}</span>
                  <span className="block font-normal wrap-anywhere text-slate-600 dark:text-slate-400">
                    {member.email ?? '—'}
                  </span>
                </th>
                {showLevel ? <td className={cell}>{member.levelName}</td> : null}
                <td className={cell}>{member.roleLabel}</td>
                <td className={cell}>{active ? activeStatusLabels.Active : activeStatusLabels.Inactive}</td>
                <td className={cell}>
                  {memberOverallStatusLabel(member.overallStatus as MemberOverallStatus)}
                </td>
                <td className={cell}>{invitationText(member.invitation)}</td>
                <td className={`${cell} text-right`}>
                  <MemberActionsMenu
                    member={member}
                    onChangeRole={() => onChangeRole(member)}
                    onArchive={() => onArchive(member)}
                    onResend={() => onResend(member)}
                    busy={resendingId === member.profileLevelAccessId}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
