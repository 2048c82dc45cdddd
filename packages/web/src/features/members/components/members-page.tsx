import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorCode } from '@touchline/contracts/errors';
import { MemberAction, type DirectMember } from '@touchline/contracts/member-admin';
import { ActiveStatus } from '@touchline/contracts/members';
import { paginationDefaults } from '@touchline/contracts/pagination';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRowSelection } from '../../../lib/row-selection.ts';
import { useDirectMembers } from '../api/get-direct-members.ts';
import { useLabels } from '../api/get-labels.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useSetGroupMembershipStatus } from '../api/set-group-membership-status.ts';
import { ArchiveMemberDialog } from './archive-member-dialog.tsx';
import { ChangeRoleDialog } from './change-role-dialog.tsx';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { MembersTable } from './members-table.tsx';

const perPage = paginationDefaults.perPage;

/** Why the list cannot be shown, for the answers that are about this level rather than a fault. */
function unavailableMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === ErrorCode.NotFound)
    return 'This level does not exist, or it is not part of your organization.';
  if (error.code === ErrorCode.Forbidden) return 'You cannot manage the members of this level.';
  return null;
}

/**
 * /levels/:levelId/members: the members whose access is at this level, with invite, import, role change, archive,
 * resend and bulk Active/Inactive. What each row offers comes from the server's allowed actions.
 */
export function MembersPage() {
  const levelId = useParams().levelId ?? '';
  const [page, setPage] = useState(1);
  // "Include levels below" lives in the URL (?below=1), so a reload or a shared link keeps it.
  const [search, setSearch] = useSearchParams();
  // Held here too, so the box follows the click at once while the URL (a router transition) catches up.
  const [includeBelow, setIncludeBelow] = useState(search.get('below') === '1');
  const members = useDirectMembers(levelId, page, perPage, includeBelow);
  const labels = useLabels(levelId);
  const resend = useResendInvitation();
  const setStatus = useSetGroupMembershipStatus();
  const { selected, toggle, selectOnly, clear: clearSelection } = useRowSelection();
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<DirectMember | null>(null);
  const [archiving, setArchiving] = useState<DirectMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const levelName = members.data?.level.name ?? '';
  useDocumentTitle(levelName ? `Members of ${levelName}` : 'Members');

  if (members.isPending) return <Spinner label="Loading the members…" />;
  if (members.isError) {
    const message = unavailableMessage(members.error);
    // Anything else is a fault: the route's full-page error screen takes over.
    if (!message) throw members.error;
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight">Members</h1>
        <div className="mt-4">
          <Alert>{message}</Alert>
        </div>
        <Link to="/" className={`mt-4 inline-block ${textLinkClass}`}>
          Go to the home page
        </Link>
      </div>
    );
  }

  const { items, totalCount } = members.data;
  const pages = Math.max(1, Math.ceil(totalCount / perPage));
  const toggleAll = (on: boolean) => {
    if (!on) return clearSelection();
    selectOnly(
      items
        .filter((m) => m.allowedActions.includes(MemberAction.SetGroupMembershipStatus))
        .map((m) => m.profileLevelAccessId),
    );
  };
  const applyStatus = (status: ActiveStatus) => {
    setFailure(null);
    setStatus.mutate(
      { profileLevelAccessIds: [...selected], groupMembershipStatus: status },
      {
        onSuccess: () => {
          setNotice(
            `${selected.size} member${selected.size === 1 ? '' : 's'} set ${status === ActiveStatus.Active ? 'Active' : 'Inactive'}.`,
          );
          clearSelection();
        },
        onError: (error) => setFailure(error.message),
      },
    );
  };
  const resendTo = (member: DirectMember) => {
    setFailure(null);
    resend.mutate(member.profileLevelAccessId, {
      onSuccess: () =>
        setNotice(`Invitation sent to ${member.email ?? `${member.firstName} ${member.lastName}`}.`),
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <div className="mx-auto max-w-6xl">
      <p className="text-sm">
        <Link to={`/levels/${encodeURIComponent(levelId)}`} className={textLinkClass}>
          Back to {levelName}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Members of {levelName}</h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {totalCount} member{totalCount === 1 ? '' : 's'}{' '}
            {includeBelow ? 'in this level and the levels below it.' : 'directly at this level.'}
            {members.isPlaceholderData ? ' Updating…' : ''}
          </p>
          <label className="mt-2 flex items-center gap-2 text-sm max-md:min-h-11">
            <input
              type="checkbox"
              checked={includeBelow}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setIncludeBelow(on);
                setPage(1);
                clearSelection();
                setSearch(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (on) next.set('below', '1');
                    else next.delete('below');
                    return next;
                  },
                  { replace: true },
                );
              }}
              className="h-4 w-4 accent-emerald-700"
            />
            Include levels below
          </label>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            label="Import from CSV"
            href={`/levels/${encodeURIComponent(levelId)}/members/import`}
          />
          <Button label="Invite member" onClick={() => setInviting(true)} disabled={!labels.data} />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <Alert tone="success">{notice}</Alert>
        <Alert>{failure}</Alert>
      </div>
      {selected.size > 0 ? (
        <div
          role="group"
          aria-label="Selected members"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 dark:border-emerald-800 dark:bg-emerald-950"
        >
          <span className="text-sm font-medium">{selected.size} selected</span>
          <Button
            variant="secondary"
            label="Set Active"
            disabled={setStatus.isPending}
            onClick={() => applyStatus(ActiveStatus.Active)}
          />
          <Button
            variant="secondary"
            label="Set Inactive"
            disabled={setStatus.isPending}
            onClick={() => applyStatus(ActiveStatus.Inactive)}
          />
          <Button variant="transparent" label="Clear selection" onClick={() => clearSelection()} />
        </div>
      ) : null}
      <div className="mt-4">
        {items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            <p className="font-medium">
              {includeBelow
                ? 'No members in this level or the levels below it yet.'
                : 'No members at this level yet.'}
            </p>
            <p className="mt-1 text-sm">Invite someone, or import a CSV file of members.</p>
          </div>
        ) : (
          <MembersTable
            members={items}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onChangeRole={setChanging}
            onArchive={setArchiving}
            onResend={resendTo}
            resendingId={resend.isPending ? (resend.variables ?? null) : null}
            showLevel={includeBelow}
          />
        )}
      </div>
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <Button
            variant="secondary"
            label="Previous page"
            disabled={page <= 1}
            onClick={() => {
              setPage(page - 1);
              clearSelection();
            }}
          />
          <span aria-live="polite">
            Page {page} of {pages}
            {members.isPlaceholderData ? ' (loading…)' : ''}
          </span>
          <Button
            variant="secondary"
            label="Next page"
            disabled={page >= pages}
            onClick={() => {
              setPage(page + 1);
              clearSelection();
            }}
          />
        </nav>
      ) : null}
      <InviteMemberDialog
        levelId={levelId}
        levelName={levelName}
        labels={labels.data ?? []}
        isOpen={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) => {
          setInviting(false);
          setNotice(`Invitation sent to ${email}.`);
        }}
      />
      <ChangeRoleDialog member={changing} labels={labels.data ?? []} onClose={() => setChanging(null)} />
      <ArchiveMemberDialog member={archiving} onClose={() => setArchiving(null)} />
    </div>
  );
}
