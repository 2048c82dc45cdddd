import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useOrganizations, type OrganizationParams } from '../api/get-organizations.ts';
import { cellClass, formatWhen, headCellClass, inputClass, tableClass } from './format.ts';
import { Pager } from '../../../components/ui/pager.tsx';

const perPage = 25;

/** /admin/organizations: every organization, searched, filtered and paged on the server (issue 32). */
export function OrganizationsPage() {
  useDocumentTitle('Organizations · Administration');
  const [search, setSearch] = useState('');
  const [demo, setDemo] = useState<'' | 'true' | 'false'>('');
  const [sort, setSort] = useState<NonNullable<OrganizationParams['sort']>>('name');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const params: OrganizationParams = {
    page,
    perPage,
    sort,
    ...(debounced ? { search: debounced } : {}),
    ...(demo ? { demo } : {}),
  };
  const list = useOrganizations(params);
  const reset = () => setPage(1);

  return (
    <section aria-labelledby="admin-organizations" className="space-y-4">
      <h1 id="admin-organizations" className="text-2xl font-bold tracking-tight">
        Organizations
      </h1>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="text-sm font-medium">
          Search by name
          <input
            type="search"
            className={inputClass}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              reset();
            }}
          />
        </label>
        <label className="text-sm font-medium">
          Demo
          <select
            className={inputClass}
            value={demo}
            onChange={(e) => {
              setDemo(e.target.value as typeof demo);
              reset();
            }}
          >
            <option value="">All</option>
            <option value="false">Not demo</option>
            <option value="true">Demo only</option>
          </select>
        </label>
        <label className="text-sm font-medium">
          Order
          <select
            className={inputClass}
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as typeof sort);
              reset();
            }}
          >
            <option value="name">Name</option>
            <option value="created">Newest first</option>
            <option value="activity">Last activity</option>
          </select>
        </label>
      </div>
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
        {list.data ? `${list.data.totalCount} organizations` : 'Loading organizations…'}
      </p>
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={headCellClass}>Name</th>
              <th className={headCellClass}>Members</th>
              <th className={headCellClass}>Plan and billing</th>
              <th className={headCellClass}>Vendors</th>
              <th className={headCellClass}>Created</th>
              <th className={headCellClass}>Last activity</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.items ?? []).map((o) => (
              <tr key={o.id}>
                <td className={cellClass}>
                  <Link
                    className="font-medium text-emerald-800 underline dark:text-emerald-300"
                    to={`/admin/organizations/${o.id}`}
                  >
                    {o.name}
                  </Link>
                  {o.isDemo ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">Demo</span>
                  ) : null}
                </td>
                <td className={cellClass}>{o.memberCount}</td>
                <td className={cellClass}>
                  {o.planProductName ?? 'No plan'} · {o.subscriptionStatus}
                </td>
                <td className={cellClass}>{o.vendors.length ? o.vendors.join(', ') : 'None'}</td>
                <td className={cellClass}>{formatWhen(o.createdAt)}</td>
                <td className={cellClass}>{formatWhen(o.lastActivityAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        perPage={perPage}
        totalCount={list.data?.totalCount ?? 0}
        loading={list.isFetching}
        onPage={setPage}
      />
    </section>
  );
}
