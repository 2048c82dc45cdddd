import type { Key } from 'react-aria-components';
import { Button as MenuButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { InvitationState, MemberAction, type DirectMember } from '@touchline/contracts/member-admin';

const itemClass =
  'flex cursor-pointer items-center rounded-md px-3 py-2 text-sm text-slate-900 outline-none data-[focused]:bg-emerald-50 data-[focused]:text-emerald-900 dark:text-slate-100 dark:data-[focused]:bg-slate-800';

/** The per-member actions of the management list, as a menu offering only what the server allows. */
export function MemberActionsMenu({
  member,
  onChangeRole,
  onArchive,
  onResend,
  busy,
}: {
  member: DirectMember;
  onChangeRole: () => void;
  onArchive: () => void;
  onResend: () => void;
  busy: boolean;
}) {
  const can = (action: MemberAction) => member.allowedActions.includes(action);
  const items = [
    can(MemberAction.ChangeRole) ? { id: MemberAction.ChangeRole, label: 'Change role' } : null,
    can(MemberAction.ResendInvitation)
      ? {
          id: MemberAction.ResendInvitation,
          label: member.invitation.state === InvitationState.None ? 'Send invitation' : 'Resend invitation',
        }
      : null,
    can(MemberAction.Archive) ? { id: MemberAction.Archive, label: 'Archive' } : null,
  ].filter((item) => item !== null);
  if (items.length === 0) return null;
  const handleAction = (key: Key) => {
    if (key === MemberAction.ChangeRole) onChangeRole();
    if (key === MemberAction.ResendInvitation) onResend();
    if (key === MemberAction.Archive) onArchive();
  };
  return (
    <MenuTrigger>
      <MenuButton
        aria-label={`Actions for ${member.firstName} ${member.lastName}`}
        isDisabled={busy}
        className="whitespace-nowrap rounded-md bg-slate-100 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:opacity-60 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        Actions
        <span aria-hidden="true"> ▾</span>
      </MenuButton>
      <Popover
        placement="bottom end"
        className="min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <Menu onAction={handleAction} className="outline-none">
          {items.map((item) => (
            <MenuItem key={item.id} id={item.id} className={itemClass}>
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
