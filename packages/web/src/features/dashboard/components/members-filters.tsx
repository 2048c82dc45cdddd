import { useEffect, useId, useState } from 'react';
import type { DashboardMembersQuery } from '@touchline/contracts/dashboard';
import type { MemberLabel } from '@touchline/contracts/member-admin';

const inputClass =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** How long typing pauses before the search applies. */
const searchDebounceMs = 300;

/**
 * The table's filters: search (applied as you type, debounced), role label, group membership and "under a
 * condition" (members not cleared while a restricting condition stands, ADR 040). The parent
 * remounts it (key) when the filters are cleared, so the search box empties too. `busy` (the list is loading for
 * the current filters) and the debounce's wait both show "Searching…", so a slow network never looks like no
 * results.
 */
export function MembersFilters({
  filter,
  labels,
  busy,
  onChange,
}: {
  filter: DashboardMembersQuery;
  labels: readonly MemberLabel[];
  busy: boolean;
  onChange: (change: Partial<DashboardMembersQuery>) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState(filter.search);
  useEffect(() => {
    if (search.trim() === filter.search) return;
    const timer = setTimeout(() => onChange({ search: search.trim() }), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [search, filter.search, onChange]);
  const searching = busy || search.trim() !== filter.search;
  return (
    <div role="search" aria-label="Filter members" className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col text-sm font-medium">
        <label htmlFor={`${id}-search`}>Search name or e-mail</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`mt-1 w-64 ${inputClass}`}
        />
      </div>
      <div className="flex flex-col text-sm font-medium">
        <label htmlFor={`${id}-role`}>Role</label>
        <select
          id={`${id}-role`}
          value={filter.labels[0] ?? ''}
          onChange={(e) => onChange({ labels: e.target.value ? [e.target.value] : [] })}
          className={`mt-1 ${inputClass}`}
        >
          <option value="">All roles</option>
          {labels.map((label) => (
            <option key={label.id} value={label.id}>
              {label.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col text-sm font-medium">
        <label htmlFor={`${id}-group`}>Group membership</label>
        <select
          id={`${id}-group`}
          value={String(filter.groupMembershipStatus)}
          onChange={(e) =>
            onChange({
              groupMembershipStatus: e.target.value === 'all' ? 'all' : (Number(e.target.value) as 0 | 1),
            })
          }
          className={`mt-1 ${inputClass}`}
        >
          <option value="all">All</option>
          <option value="0">Active</option>
          <option value="1">Inactive</option>
        </select>
      </div>
      <label className="flex min-h-9 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={filter.restricted}
          onChange={(e) => onChange({ restricted: e.target.checked })}
          className="h-5 w-5 accent-emerald-700"
        />
        Under a condition only
      </label>
      <p role="status" className="flex min-h-9 items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        {searching ? (
          <>
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-emerald-700 border-t-transparent"
            />
            Searching…
          </>
        ) : null}
      </p>
    </div>
  );
}
