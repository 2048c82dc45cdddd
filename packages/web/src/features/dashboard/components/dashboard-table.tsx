import { EligibilityFlags } from './eligibility-flags.tsx';
import {
  DashboardSortColumn,
  type DashboardMember,
  type DashboardMembersQuery,
  type DashboardRequirement,
} from '@touchline/contracts/dashboard';
import { MemberAction } from '@touchline/contracts/member-admin';
import { ActiveStatus } from '@touchline/contracts/members';
import { OverallStatusBadge, RequirementStatusBadge } from './status-badge.tsx';

type RequirementCell = DashboardMember['requirements'][number];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const cell = 'px-3 py-2 align-top';
/**
 * Below md each row is a card (ADR 024): the cells stack as "label: value" lines, so the Status stays on screen at
 * phone width instead of a 1,400-pixel table scrolled sideways.
 */
const cardCell =
  'max-md:flex max-md:items-start max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-28 max-md:before:shrink-0 max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] max-md:dark:before:text-slate-400';
/** Long names and e-mails end in an ellipsis so the table fits its page; the full text stays in the DOM and title. */
const truncated = 'block max-w-40 truncate';
/** Requirement columns are tinted apart from the member's own columns. */
const requirementCell = `${cell} bg-slate-50/60 dark:bg-slate-800/40`;
/** The tick box and the name stay in view while the requirement columns scroll sideways (opaque backgrounds). */
const stickyTick = 'sticky left-0 z-10 w-10';
// A shadow, not a border: collapsed table borders do not travel with a sticky cell.
const stickyName =
  'sticky left-10 z-10 shadow-[inset_-1px_0_0_var(--color-slate-300)] dark:shadow-[inset_-1px_0_0_var(--color-slate-700)]';
const headBg = 'bg-slate-50 dark:bg-slate-800';
const bodyBg = 'bg-slate-50 dark:bg-slate-950';

const columns: { col: DashboardSortColumn; label: string }[] = [
  { col: DashboardSortColumn.FullName, label: 'Name' },
  { col: DashboardSortColumn.Email, label: 'E-mail' },
  { col: DashboardSortColumn.Level, label: 'Level' },
  { col: DashboardSortColumn.Role, label: 'Role' },
  { col: DashboardSortColumn.Status, label: 'Status' },
  { col: DashboardSortColumn.LastActivity, label: 'Last activity' },
];

/** A member's requirement cells by requirement (a member may hold one requirement more than once, from two levels). */
function byDefinition(cells: readonly RequirementCell[]): Map<string, RequirementCell[]> {
  const out = new Map<string, RequirementCell[]>();
  for (const c of cells) out.set(c.definitionId, [...(out.get(c.definitionId) ?? []), c]);
  return out;
}

/**
 * The dashboard's members table: sortable column headers (aria-sort), selectable rows for the bulk actions, the
 * name opening the member drawer, and one column per requirement of the page, headed by its name, so a status is
 * readable without hovering. The table scrolls sideways inside its own focusable region, never the page.
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
  const selectable = members.filter((m) => m.allowedActions.includes(MemberAction.SetGroupMembershipStatus));
  const allOn = selectable.length > 0 && selectable.every((m) => selected.has(m.profileLevelAccessId));
  return (
    // contain:inline-size keeps the table's width out of the page's layout, so the page never scrolls sideways;
    // relative keeps the sr-only texts of off-screen cells inside the scroll region too.
    <div
      role="region"
      aria-label="Members table"
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-200 [contain:inline-size] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 max-md:border-0 dark:border-slate-700"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm max-md:block max-md:divide-y-0 dark:divide-slate-700">
        <caption className="sr-only">Members and their requirement statuses</caption>
        {/* On a phone the head is a row of sort buttons above the cards; the requirement names label each card. */}
        <thead className="bg-slate-50 text-left max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 dark:bg-slate-800 max-md:dark:border-slate-700">
          <tr className="max-md:flex max-md:flex-wrap max-md:items-center">
            <th scope="col" className={`${cell} ${stickyTick} ${headBg} max-md:static max-md:block`}>
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
                <th
                  key={col}
                  scope="col"
                  aria-sort={sort}
                  className={`${cell} font-semibold max-md:static max-md:block max-md:px-2 max-md:shadow-none ${col === DashboardSortColumn.FullName ? `${stickyName} ${headBg}` : ''}`}
                >
                  <button
                    type="button"
                    onClick={() => onSort(col)}
                    className="inline-flex items-center gap-1 whitespace-nowrap hover:underline"
                  >
                    {label}
                    <span aria-hidden="true">{active ? (filter.sortDir === 'ASC' ? '▲' : '▼') : '↕'}</span>
                  </button>
                </th>
              );
            })}
            {requirements.map((r) => (
              <th
                key={r.id}
                scope="col"
                className={`${requirementCell} min-w-24 font-semibold max-md:hidden`}
              >
                {r.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:mt-3 max-md:block max-md:space-y-3 max-md:divide-y-0 dark:divide-slate-800">
          {members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`;
            const statuses = byDefinition(m.requirements);
            const canSelect = m.allowedActions.includes(MemberAction.SetGroupMembershipStatus);
            return (
              <tr
                key={m.profileLevelAccessId}
                className="max-md:relative max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-3 max-md:pl-10 max-md:dark:border-slate-700 max-md:dark:bg-slate-900"
              >
                <td
                  className={`${cell} ${stickyTick} ${bodyBg} max-md:absolute max-md:top-3 max-md:left-0 max-md:bg-transparent max-md:dark:bg-transparent`}
                >
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    disabled={!canSelect}
                    checked={selected.has(m.profileLevelAccessId)}
                    onChange={(e) => onToggle(m.profileLevelAccessId, e.target.checked)}
                  />
                </td>
                <td
                  className={`${cell} ${stickyName} ${bodyBg} max-md:static max-md:block max-md:bg-transparent max-md:px-0 max-md:pt-0 max-md:pb-1 max-md:text-base max-md:shadow-none max-md:dark:bg-transparent`}
                >
                  <button
                    type="button"
                    title={name}
                    onClick={() => onOpen(m)}
                    className={`${truncated} text-left font-medium text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300`}
                  >
                    {name}
                  </button>
                  {m.groupMembershipStatus === ActiveStatus.Inactive ? (
                    <span className="text-xs text-slate-600 dark:text-slate-400">Inactive</span>
                  ) : null}
                  <EligibilityFlags flags={m.eligibilityFlags} />
                </td>
                <td className={`${cell} ${cardCell}`} data-label="E-mail">
                  {m.email ? (
                    <span className={truncated} title={m.email}>
                      {m.email}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={`${cell} ${cardCell}`} data-label="Level">
                  {m.levelName}
                </td>
                <td className={`${cell} ${cardCell}`} data-label="Role">
                  {m.roleLabel}
                </td>
                <td className={`${cell} ${cardCell}`} data-label="Status">
                  <OverallStatusBadge status={m.overallStatus} />
                  {m.notClearedReasons.map((reason) => (
                    <p key={reason} className="mt-1 text-xs font-medium text-red-800 dark:text-red-300">
                      Not cleared: {reason}
                    </p>
                  ))}
                </td>
                <td className={`${cell} ${cardCell} whitespace-nowrap`} data-label="Last activity">
                  {m.lastActivityAt ? dateFormat.format(new Date(m.lastActivityAt)) : '—'}
                </td>
                {requirements.map((column) => {
                  const cells = statuses.get(column.id) ?? [];
                  return (
                    <td
                      key={column.id}
                      data-label={column.name}
                      className={`${requirementCell} ${cardCell} max-md:bg-transparent max-md:dark:bg-transparent`}
                    >
                      {cells.length === 0 ? (
                        <>
                          <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
                            —
                          </span>
                          <span className="sr-only">Not assigned</span>
                        </>
                      ) : (
                        <div className="flex flex-wrap gap-1">
                          {cells.map((r) => (
                            <RequirementStatusBadge key={r.memberRequirementId} status={r.status} />
                          ))}
                        </div>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
