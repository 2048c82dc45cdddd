import {
  DashboardSortColumn,
  type DashboardMember,
  type DashboardMembersQuery,
  type DashboardRequirement,
} from '@touchline/contracts/dashboard';
import { MemberAction } from '@touchline/contracts/member-admin';
import { ActiveStatus } from '@touchline/contracts/members';
import { OverallStatusBadge, RequirementStatusBadge } from './status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const cell = 'px-3 py-2 align-top';

const columns: { col: DashboardSortColumn; label: string }[] = [
  { col: DashboardSortColumn.FullName, label: 'Name' },
  { col: DashboardSortColumn.Email, label: 'E-mail' },
  { col: DashboardSortColumn.Level, label: 'Level' },
  { col: DashboardSortColumn.Role, label: 'Role' },
  { col: DashboardSortColumn.Status, label: 'Status' },
  { col: DashboardSortColumn.LastActivity, label: 'Last activity' },
];

/**
 * The dashboard's members table: sortable column headers (aria-sort), selectable rows for the bulk actions, each
 * member's requirement statuses, and the name opening the member drawer.
 */
export function DashboardTable({
  members,
  requirements,
  filter,
  selected,
  onSort,
  onToggle,
  onToggleAll,
  onOpen,
}: {
  members: readonly DashboardMember[];
  requirements: readonly DashboardRequirement[];
  filter: DashboardMembersQuery;
  selected: ReadonlySet<string>;
  onSort: (col: DashboardSortColumn) => void;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onOpen: (member: DashboardMember) => void;
}) {
  const names = new Map(requirements.map((r) => [r.id, r.name]));
  const selectable = members.filter((m) => m.allowedActions.includes(MemberAction.SetGroupMembershipStatus));
  const allOn = selectable.length > 0 && selectable.every((m) => selected.has(m.profileLevelAccessId));
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">Members and their requirement statuses</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-800">
          <tr>
            <th scope="col" className={cell}>
              <input
                type="checkbox"
                aria-label="Select all members on this page"
                checked={allOn}
                disabled={selectable.length === 0}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
            {columns.map(({ col, label }) => {
              const active = filter.sortCol === col;
              const sort = active ? (filter.sortDir === 'ASC' ? 'ascending' : 'descending') : 'none';
              return (
                <th key={col} scope="col" aria-sort={sort} className={`${cell} font-semibold`}>
                  <button
                    type="button"
                    onClick={() => onSort(col)}
                    className="inline-flex items-center gap-1 hover:underline"
                  >
                    {label}
                    <span aria-hidden="true">{active ? (filter.sortDir === 'ASC' ? '▲' : '▼') : '↕'}</span>
                  </button>
                </th>
              );
            })}
            <th scope="col" className={`${cell} font-semibold`}>
              Requirements
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`;
            const canSelect = m.allowedActions.includes(MemberAction.SetGroupMembershipStatus);
            return (
              <tr key={m.profileLevelAccessId}>
                <td className={cell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    disabled={!canSelect}
                    checked={selected.has(m.profileLevelAccessId)}
                    onChange={(e) => onToggle(m.profileLevelAccessId, e.target.checked)}
                  />
                </td>
                <td className={cell}>
                  <button
                    type="button"
                    onClick={() => onOpen(m)}
                    className="text-left font-medium text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300"
                  >
                    {name}
                  </button>
                  {m.groupMembershipStatus === ActiveStatus.Inactive ? (
                    <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">Inactive</span>
                  ) : null}
                </td>
                <td className={cell}>{m.email ?? '—'}</td>
                <td className={cell}>{m.levelName}</td>
                <td className={cell}>{m.roleLabel}</td>
                <td className={cell}>
                  <OverallStatusBadge status={m.overallStatus} />
                </td>
                <td className={cell}>
                  {m.lastActivityAt ? dateFormat.format(new Date(m.lastActivityAt)) : '—'}
                </td>
                <td className={cell}>
                  <div className="flex flex-wrap gap-1">
                    {m.requirements.map((r) => (
                      <RequirementStatusBadge
                        key={r.memberRequirementId}
                        status={r.status}
                        name={names.get(r.definitionId)}
                      />
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
