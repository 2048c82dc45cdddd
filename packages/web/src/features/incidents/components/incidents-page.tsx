import { useState } from 'react';
import { Link } from 'react-router';
import { incidentStatusLabels, IncidentStatus } from '@touchline/contracts/incidents';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useIncidents } from '../api/get-incidents.ts';
import { useRestrictedMembers } from '../api/get-restricted-members.ts';
import { StatusBadge, cardClass, linkButtonClass, textLink, when } from './incident-form-parts.tsx';

const filters = ['Open', ...Object.values(IncidentStatus), 'All'] as const;
type Filter = (typeof filters)[number];

/**
 * /incidents: report an incident (the first thing on a phone), the incidents the caller may read — a director's
 * triage list, or a coach's own reports — the open count to managers without access (counts, not contents), and
 * links to the conditions of the caller and their children (ADR 040).
 */
export function IncidentsPage() {
  useDocumentTitle('Incidents');
  const list = useIncidents();
  const [filter, setFilter] = useState<Filter>('Open');
  const restricted = useRestrictedMembers(list.data?.openCount != null);
  if (list.isPending) return <Spinner label="Loading incidents…" />;
  if (list.isError) return <Alert>{`Incidents could not be loaded: ${list.error.message}`}</Alert>;
  const data = list.data;
  const shown = data.items.filter((i) =>
    filter === 'All' ? true : filter === 'Open' ? i.status !== 'Closed' : i.status === filter,
  );
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Incidents</h1>
        <div className="flex flex-wrap items-center gap-3">
          {data.canManage ? (
            <Link to="/incidents/settings" className={textLink}>
              Incident settings
            </Link>
          ) : null}
          <Link to="/incidents/new" className={linkButtonClass}>
            Report an incident
          </Link>
        </div>
      </div>
      {data.openCount !== null && !data.canManage ? (
        <p role="status">
          {data.openCount === 1 ? '1 open incident' : `${data.openCount} open incidents`} in your levels.
          Their details are for the league’s incident reviewers.
        </p>
      ) : null}
      {data.family.length > 0 ? (
        <section aria-labelledby="family-conditions" className="space-y-1">
          <h2 id="family-conditions" className="font-semibold">
            Conditions and return to play
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {data.family.map((p) => (
              <li key={p.profileId}>
                <Link className={textLink} to={`/incidents/members/${p.profileId}`}>
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {restricted.data && restricted.data.items.length > 0 ? (
        <section aria-labelledby="not-cleared" className="space-y-2">
          <h2 id="not-cleared" className="text-lg font-semibold">
            Not cleared by a condition ({restricted.data.totalCount})
          </h2>
          <ul className="space-y-2">
            {restricted.data.items.map((m) => (
              <li key={m.profileId} className={cardClass}>
                <Link className={textLink} to={`/incidents/members/${m.profileId}`}>
                  {m.name}
                </Link>{' '}
                <span className="text-sm">({m.levelName})</span>
                <span className="block text-sm">Not cleared: {m.reasons.join('; ')}</span>
                {m.clearanceWaiting ? (
                  <span className="block text-sm font-semibold">A clearance is waiting for review</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="incident-list" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="incident-list" className="text-lg font-semibold">
            {data.canManage ? 'Incidents to triage' : 'Your reports'}
          </h2>
          <label className="text-sm">
            Show{' '}
            <select
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value as Filter)}
              className="ml-1 rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
            >
              {filters.map((f) => (
                <option key={f} value={f}>
                  {f === 'Open' || f === 'All' ? f : incidentStatusLabels[f]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {shown.length === 0 ? <p>No incidents here.</p> : null}
        <ul className="space-y-3">
          {shown.map((i) => (
            <li key={i.id}>
              <Link to={`/incidents/${i.id}`} className={`${cardClass} hover:border-emerald-600`}>
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{i.typeName}</span>
                  <StatusBadge status={i.status} />
                </span>
                <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">
                  {i.levelName} · {when(i.occurredAt)} · reported by {i.reportedBy.name}
                </span>
                {i.mandatoryReport && !i.mandatoryReport.authoritiesReportedAt ? (
                  <span className="mt-1 block text-sm font-medium text-red-800 dark:text-red-300">
                    Mandatory report not yet recorded (due {when(i.mandatoryReport.dueBy)})
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
