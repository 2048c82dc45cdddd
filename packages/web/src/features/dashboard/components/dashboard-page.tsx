import { useState } from 'react';
import { Link } from 'react-router';
import type { DashboardMember, DashboardSortColumn } from '@touchline/contracts/dashboard';
import { ErrorCode } from '@touchline/contracts/errors';
import { MemberAction } from '@touchline/contracts/member-admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRowSelection } from '../../../lib/row-selection.ts';
import { useDashboardInfo } from '../api/get-dashboard-info.ts';
import { useDashboardMembers } from '../api/get-dashboard-members.ts';
import { useBulkMemberAction, useDashboardLabels } from '../api/member-actions.ts';
import type { ReminderTarget } from '../api/send-reminders.ts';
import { useDashboardFilter } from '../hooks/use-dashboard-filter.ts';
import { BulkActionsBar, type BulkRequest } from './bulk-actions-bar.tsx';
import { DashboardPagination } from './dashboard-pagination.tsx';
import { DashboardSkeleton, TableSkeleton } from './dashboard-skeleton.tsx';
import { DashboardTable } from './dashboard-table.tsx';
import { MemberDrawer } from './member-drawer.tsx';
import { MembersFilters } from './members-filters.tsx';
import { SendRemindersDialog } from './send-reminders-dialog.tsx';
import { StatusDownload } from './status-download.tsx';
import { StatusTiles } from './status-tiles.tsx';

/** Why the dashboard cannot be shown, for answers about this level rather than a fault. */
function unavailableMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === ErrorCode.NotFound)
    return 'This level does not exist, or it is not part of your organization.';
  if (error.code === ErrorCode.Forbidden) return 'You cannot see the dashboard of this level.';
  return null;
}

const toggled = <T,>(list: readonly T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/**
 * /levels/:levelId/dashboard (ADR 016): the members of the level and every level below it with their statuses —
 * tiles that filter, a sortable paged table whose filter lives in the URL, a member drawer, bulk actions and the
 * status download. The page shows its skeleton until the counts arrive, then the table's until the members do.
 */
export function DashboardPage({ levelId }: { levelId: string }) {
  const { filter, update } = useDashboardFilter();
  const { search, labels: labelIds, groupMembershipStatus } = filter;
  const members = useDashboardMembers(levelId, filter);
  const info = useDashboardInfo(levelId, { search, labels: labelIds, groupMembershipStatus });
  const labels = useDashboardLabels(levelId);
  const bulk = useBulkMemberAction();
  const { selected, toggle, selectOnly, clear: clearSelection } = useRowSelection();
  const [open, setOpen] = useState<DashboardMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [filtersKey, setFiltersKey] = useState(0);
  const [reminding, setReminding] = useState<ReminderTarget | null>(null);
  const levelName = info.data?.level.name ?? '';
  useDocumentTitle(levelName ? `Dashboard of ${levelName}` : 'Dashboard');

  const error = members.error ?? info.error;
  if (error) {
    // A page link whose cursor the server no longer takes (edited by hand, or of another order): start the list over.
    const staleCursor =
      error instanceof ApiError &&
      error.validationErrors.some((e) => e.field === 'after' || e.field === 'before');
    const message = staleCursor
      ? 'This page link is out of date: the list could not continue from it.'
      : unavailableMessage(error);
    if (!message) throw error;
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <Alert className="mt-4">{message}</Alert>
        {staleCursor ? (
          <Button
            className="mt-4"
            variant="secondary"
            label="Go to the first page"
            onClick={() => update({})}
          />
        ) : (
          <Link to="/" className={`mt-4 inline-block ${textLinkClass}`}>
            Go to the home page
          </Link>
        )}
      </div>
    );
  }
  // The heading and the tiles come with the counts, the table with its page: the counts answer first (a small
  // answer, kept per level), so the page's largest text paints without waiting for the members (ADR 029).
  if (!info.data) return <DashboardSkeleton />;
  const list = members.data;
  const items = list?.items ?? [];
  const requirements = list?.requirements ?? [];
  // Until the members arrive, the counts' total stands in for whether there is anyone to remind.
  const totalCount = list?.totalCount ?? info.data.totalCount;
  // The drawer shows the member as the page was last fetched: after a staff move or a bulk change refetches the page,
  // the same member's fresh row (statuses, allowed moves), or what was opened if the change moved them off this page.
  const drawerMember =
    open === null ? null : (items.find((m) => m.profileLevelAccessId === open.profileLevelAccessId) ?? open);
  const run = (
    request: Exclude<BulkRequest, { kind: 'remind' }>,
    ids: string[],
    done: (n: number) => string,
  ) => {
    setFailure(null);
    bulk.mutate(
      request.kind === 'status'
        ? { kind: 'status', ids, status: request.status }
        : request.kind === 'resend'
          ? { kind: 'resend', ids }
          : { kind: 'role', ids, labelId: request.labelId },
      {
        onSuccess: (result) => {
          setNotice(done(result.done));
          if (result.failed) setFailure(`${result.failed} could not be changed.`);
          clearSelection();
          setOpen(null);
        },
        onError: (e) => setFailure(e.message),
      },
    );
  };
  const bulkDone = (request: Exclude<BulkRequest, { kind: 'remind' }>) => (n: number) => {
    const who = `${n} member${n === 1 ? '' : 's'}`;
    if (request.kind === 'status') return `${who} set ${request.status === 0 ? 'Active' : 'Inactive'}.`;
    return request.kind === 'resend' ? `Invitation sent to ${who}.` : `Role changed for ${who}.`;
  };
  const changeFilter = (change: Parameters<typeof update>[0]) => {
    clearSelection();
    update(change);
  };
  const sortBy = (col: DashboardSortColumn) =>
    changeFilter({
      sortCol: col,
      sortDir: filter.sortCol === col && filter.sortDir === 'ASC' ? 'DESC' : 'ASC',
    });
  const filtered =
    filter.search !== '' ||
    filter.labels.length > 0 ||
    filter.groupMembershipStatus !== 'all' ||
    filter.requirementStatuses.length > 0 ||
    filter.overallStatuses.length > 0 ||
    filter.restricted;

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link to={`/levels/${encodeURIComponent(levelId)}`} className={textLinkClass}>
              {levelName}
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight">Dashboard of {levelName}</h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {list ? (
              <>
                {list.totalCountIsEstimate ? 'About ' : ''}
                {totalCount.toLocaleString()} member{totalCount === 1 ? '' : 's'}
                {list.totalCountIsEstimate ? ' (estimated)' : ''} in this level and the levels below it
                {filtered ? ' match the filters' : ''}.
              </>
            ) : (
              'Counting the members…'
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {totalCount > 0 ? (
            <Button
              variant="secondary"
              label={filtered ? 'Remind this list…' : 'Remind everyone…'}
              disabled={!list}
              onClick={() => {
                setNotice(null);
                setReminding({ kind: 'list', filter });
              }}
            />
          ) : null}
          <StatusDownload levelId={levelId} filter={filter} totalCount={totalCount} />
        </div>
      </div>
      <StatusTiles
        info={info.data}
        overallStatuses={filter.overallStatuses}
        requirementStatuses={filter.requirementStatuses}
        onToggleOverall={(s) => changeFilter({ overallStatuses: toggled(filter.overallStatuses, s) })}
        onToggleRequirement={(s) =>
          changeFilter({ requirementStatuses: toggled(filter.requirementStatuses, s) })
        }
        restricted={filter.restricted}
        onToggleRestricted={() => changeFilter({ restricted: !filter.restricted })}
      />
      <MembersFilters
        key={filtersKey}
        filter={filter}
        labels={labels.data ?? []}
        busy={members.isPlaceholderData}
        onChange={changeFilter}
      />
      <Alert tone="success">{notice}</Alert>
      <Alert>{failure}</Alert>
      {selected.size > 0 ? (
        <BulkActionsBar
          count={selected.size}
          labels={labels.data ?? []}
          busy={bulk.isPending}
          onAction={(request) => {
            if (request.kind !== 'remind') return run(request, [...selected], bulkDone(request));
            setNotice(null);
            setReminding({ kind: 'selected', profileLevelAccessIds: [...selected] });
          }}
          onClear={clearSelection}
        />
      ) : null}
      {!list ? (
        <TableSkeleton />
      ) : items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          <p className="font-medium">
            {filtered ? 'No members match these filters.' : 'No members in this level yet.'}
          </p>
          {filtered ? (
            <Button
              className="mt-3"
              variant="secondary"
              label="Clear filters"
              onClick={() => {
                setFiltersKey((k) => k + 1);
                changeFilter({
                  search: '',
                  labels: [],
                  groupMembershipStatus: 'all',
                  requirementStatuses: [],
                  overallStatuses: [],
                  restricted: false,
                });
              }}
            />
          ) : null}
        </div>
      ) : (
        <DashboardTable
          members={items}
          requirements={requirements}
          filter={filter}
          selected={selected}
          onSort={sortBy}
          onToggle={toggle}
          onToggleAll={(on) => {
            if (!on) return clearSelection();
            selectOnly(
              items
                .filter((m) => m.allowedActions.includes(MemberAction.SetGroupMembershipStatus))
                .map((m) => m.profileLevelAccessId),
            );
          }}
          onOpen={setOpen}
        />
      )}
      {list ? (
        <DashboardPagination
          page={filter.page}
          perPage={filter.perPage}
          totalCount={list.totalCount}
          totalCountIsEstimate={list.totalCountIsEstimate}
          positionIsEstimate={list.positionIsEstimate}
          nextCursor={list.nextCursor}
          previousCursor={list.previousCursor}
          loading={members.isPlaceholderData}
          onPage={(target) => {
            clearSelection();
            update(target);
          }}
        />
      ) : null}
      <SendRemindersDialog
        levelId={levelId}
        target={reminding}
        onClose={() => setReminding(null)}
        onSent={(result) => {
          setNotice(
            `Reminder sent to ${result.sent.toLocaleString()} member${result.sent === 1 ? '' : 's'}.`,
          );
          if (reminding?.kind === 'selected') clearSelection();
        }}
      />
      <MemberDrawer
        member={drawerMember}
        requirements={requirements}
        busy={bulk.isPending}
        onClose={() => setOpen(null)}
        onSetStatus={(m, status) =>
          run({ kind: 'status', status }, [m.profileLevelAccessId], bulkDone({ kind: 'status', status }))
        }
        onResend={(m) => run({ kind: 'resend' }, [m.profileLevelAccessId], bulkDone({ kind: 'resend' }))}
      />
    </div>
  );
}
