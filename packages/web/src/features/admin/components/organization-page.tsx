import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrganizationPerson } from '@touchline/contracts/admin';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useOrganization } from '../api/get-organization.ts';
import { useOrganizationAudit } from '../api/get-organization-audit.ts';
import { useOrganizationPeople } from '../api/get-organization-people.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { cellClass, formatShare, formatWhen, headCellClass, inputClass, tableClass } from './format.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { ViewAsDialog } from './view-as-dialog.tsx';

const statusNames = Object.fromEntries(Object.entries(MemberOverallStatus).map(([name, n]) => [n, name]));
const perPage = 10;

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** /admin/organizations/:id: one organization at a glance, its people to view as, and its audit log (issue 32). */
export function OrganizationPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  useDocumentTitle(`${organization.data?.name ?? 'Organization'} · Administration`);
  if (organization.isError) return <Alert>{organization.error.message}</Alert>;
  const o = organization.data;
  if (!o) return <Spinner label="Loading the organization" />;
  return (
    <div className="space-y-8">
      <div>
        <Link to="/admin/organizations" className="text-sm text-emerald-800 underline dark:text-emerald-300">
          All organizations
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">
          {o.name}
          {o.isDemo ? <span className="ml-2 align-middle text-sm font-normal">(demo)</span> : null}
        </h1>
      </div>
      <section aria-labelledby="org-glance">
        <h2 id="org-glance" className="text-lg font-semibold">
          At a glance
        </h2>
        <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
          <Fact term="Created">{formatWhen(o.createdAt)}</Fact>
          <Fact term="Last activity">{formatWhen(o.lastActivityAt)}</Fact>
          <Fact term="Where">
            {[o.location.cityName, o.location.stateCode, o.location.countryCode].filter(Boolean).join(', ') ||
              '—'}
          </Fact>
          <Fact term="Levels">
            {o.levels.count} in {o.levels.depth + 1} tiers; top:{' '}
            {o.levels.topLevel.map((l) => l.name).join(', ') || '—'}
          </Fact>
          <Fact term="People">{o.memberCount}</Fact>
          <Fact term="Cleared">{formatShare(o.clearedShare)}</Fact>
          <Fact term="Members by status">
            {o.memberStatusCounts.map((s) => `${statusNames[s.status] ?? s.status}: ${s.count}`).join(', ') ||
              '—'}
          </Fact>
          <Fact term="Plan and billing">
            {o.planProductName ?? 'No plan'} · {o.billing.subscriptionStatus}
            {o.billing.trialEndsAt ? ` · trial ends ${formatWhen(o.billing.trialEndsAt)}` : ''}
          </Fact>
          <Fact term="Vendors">
            {o.vendors.length ? o.vendors.join(', ') : 'None'}
            {o.yardstikStatus ? ` · Yardstik onboarding ${o.yardstikStatus}` : ''}
          </Fact>
          <Fact term="Background-check clients">
            {o.clientGrants.map((g) => `${g.agencyId}/${g.clientId}`).join(', ') || 'None granted'}
          </Fact>
          <Fact term="Webhooks">
            {o.webhooks.last30Days} in 30 days, {o.webhooks.unprocessed} unprocessed
          </Fact>
        </dl>
      </section>
      <OrganizationPeople organizationId={o.id} />
      <OrganizationAudit organizationId={o.id} />
    </div>
  );
}

function OrganizationPeople({ organizationId }: { organizationId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AdminOrganizationPerson | null>(null);
  const debounced = useDebouncedValue(search.trim());
  const people = useOrganizationPeople(organizationId, {
    page,
    perPage,
    ...(debounced ? { search: debounced } : {}),
  });
  return (
    <section aria-labelledby="org-people" className="space-y-3">
      <h2 id="org-people" className="text-lg font-semibold">
        People
      </h2>
      <label className="block max-w-sm text-sm font-medium">
        Find a person
        <input
          type="search"
          className={inputClass}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </label>
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={headCellClass}>Name</th>
              <th className={headCellClass}>E-mail</th>
              <th className={headCellClass}>Roles</th>
              <th className={headCellClass}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(people.data?.items ?? []).map((p) => (
              <tr key={p.profileId}>
                <td className={cellClass}>
                  {p.firstName} {p.lastName}
                </td>
                <td className={cellClass}>{p.email ?? '—'}</td>
                <td className={cellClass}>{p.roles.join(', ') || 'Member'}</td>
                <td className={cellClass}>
                  {p.userId ? (
                    <Button
                      variant="secondary"
                      label="View as"
                      aria-label={`View as ${p.firstName} ${p.lastName}`}
                      onClick={() => setViewing(p)}
                    />
                  ) : (
                    <span className="text-slate-600 dark:text-slate-400">No account yet</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        perPage={perPage}
        totalCount={people.data?.totalCount ?? 0}
        label="People pages"
        loading={people.isFetching}
        onPage={setPage}
      />
      <ViewAsDialog person={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}

function OrganizationAudit({ organizationId }: { organizationId: string }) {
  const [page, setPage] = useState(1);
  const [supportOnly, setSupportOnly] = useState(false);
  const audit = useOrganizationAudit(organizationId, {
    page,
    perPage,
    ...(supportOnly ? { entityType: 'support_session' } : {}),
  });
  return (
    <section aria-labelledby="org-audit" className="space-y-3">
      <h2 id="org-audit" className="text-lg font-semibold">
        Audit log
      </h2>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={supportOnly}
          onChange={(e) => {
            setSupportOnly(e.target.checked);
            setPage(1);
          }}
        />
        Support access only
      </label>
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={headCellClass}>When</th>
              <th className={headCellClass}>What</th>
              <th className={headCellClass}>Details</th>
            </tr>
          </thead>
          <tbody>
            {(audit.data?.items ?? []).map((e) => (
              <tr key={e.id}>
                <td className={cellClass}>{formatWhen(e.createdAt)}</td>
                <td className={`${cellClass} font-mono`}>{e.action}</td>
                <td className={`${cellClass} font-mono text-xs break-all`}>{auditDetails(e.data)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        perPage={perPage}
        totalCount={audit.data?.totalCount ?? 0}
        label="Audit log pages"
        loading={audit.isFetching}
        onPage={setPage}
      />
    </section>
  );
}

/** An audit event's data in one line: its reason, method and route where it has them, else its keys and values. */
function auditDetails(data: Record<string, unknown>): string {
  if (typeof data.reason === 'string') return `Reason: ${data.reason}`;
  if (typeof data.route === 'string')
    return `${String(data.method)} ${data.route} → ${String(data.status)} on behalf of ${String(data.onBehalfOfUserId)}`;
  return Object.entries(data)
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' ');
}
