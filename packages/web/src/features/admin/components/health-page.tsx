import type { AdminHealth } from '@touchline/contracts/admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useHealth } from '../api/get-health.ts';
import { cellClass, formatShare, formatWhen, headCellClass, tableClass } from './format.ts';

/** /admin/health: the numbers an operator looks at first during an incident (issue 32), read every 15 s. */
export function HealthPage() {
  useDocumentTitle('Health · Administration');
  const health = useHealth();
  if (health.isError) return <Alert>{health.error.message}</Alert>;
  const h = health.data;
  if (!h) return <Spinner label="Loading the health numbers" />;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">Health</h1>
      <section aria-labelledby="health-queues">
        <h2 id="health-queues" className="text-lg font-semibold">
          Job queues
        </h2>
        {h.queues.length === 0 ? (
          <p className="text-sm">Every queue is empty.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <thead>
                <tr>
                  {['Queue', 'Queued', 'Retrying', 'Running', 'Failed', 'Dead letters'].map((h) => (
                    <th key={h} className={headCellClass}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {h.queues.map((q) => (
                  <tr key={q.queue}>
                    <td className={`${cellClass} font-mono`}>{q.queue}</td>
                    <td className={cellClass}>{q.queued}</td>
                    <td className={cellClass}>{q.retrying}</td>
                    <td className={cellClass}>{q.running}</td>
                    <td className={cellClass}>{q.failed}</td>
                    <td className={cellClass}>{q.deadLetters}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="health-vendors">
        <h2 id="health-vendors" className="text-lg font-semibold">
          Vendors
        </h2>
        {h.vendors.length === 0 ? (
          <p className="text-sm">No vendor has been called since this server started.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <thead>
                <tr>
                  {['Vendor', 'Circuit', 'Recent calls', 'Recent failures', 'Error rate'].map((h) => (
                    <th key={h} className={headCellClass}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {h.vendors.map((v) => (
                  <tr key={v.vendor}>
                    <td className={cellClass}>{v.vendor}</td>
                    <td className={cellClass}>{v.circuit}</td>
                    <td className={cellClass}>{v.recentCalls}</td>
                    <td className={cellClass}>{v.recentFailures}</td>
                    <td className={cellClass}>{formatShare(v.errorRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="health-backlog">
        <h2 id="health-backlog" className="text-lg font-semibold">
          Webhooks and mail
        </h2>
        <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
          <dt>Webhooks waiting</dt>
          <dd>
            {h.webhooks.unprocessed}
            {h.webhooks.lagSeconds !== null ? ` (oldest ${h.webhooks.lagSeconds} s ago)` : ''}
          </dd>
          <dt>Mail waiting</dt>
          <dd>
            {h.mailOutbox.pending} ({h.mailOutbox.failing} failing), oldest{' '}
            {formatWhen(h.mailOutbox.oldestPendingAt)}
          </dd>
        </dl>
      </section>
      <RecentErrors errors={h.recentErrors} />
      <Tracing tracing={h.tracing} />
    </div>
  );
}

/** The server's 5xx faults of the last day, grouped alike and scrubbed (this server process's own record). */
function RecentErrors({ errors }: { errors: AdminHealth['recentErrors'] }) {
  return (
    <section aria-labelledby="health-errors">
      <h2 id="health-errors" className="text-lg font-semibold">
        Recent errors
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {errors.total === 0
          ? 'No server errors in the last 24 hours on this server.'
          : `${errors.total} server ${errors.total === 1 ? 'error' : 'errors'} in the last 24 hours on this server, in ${errors.groups.length} ${errors.groups.length === 1 ? 'group' : 'groups'}.`}
      </p>
      {errors.groups.length === 0 ? null : (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <thead>
              <tr>
                {['Count', 'Route', 'Error', 'Last seen', 'First seen', 'Last request'].map((h) => (
                  <th key={h} className={headCellClass}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {errors.groups.map((g) => (
                <tr key={`${g.method} ${g.route} ${g.name} ${g.message}`}>
                  <td className={cellClass}>{g.count}</td>
                  <td className={`${cellClass} font-mono`}>
                    {g.method} {g.route}
                  </td>
                  <td className={`${cellClass} break-words`}>
                    <span className="font-semibold">{g.name}</span>: {g.message}
                  </td>
                  <td className={cellClass}>{formatWhen(g.lastSeenAt)}</td>
                  <td className={cellClass}>{formatWhen(g.firstSeenAt)}</td>
                  <td className={`${cellClass} font-mono`}>{g.lastRequestId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Whether this server exports traces; in development, a link to our OTLP receiver sandbox's recent traces. */
function Tracing({ tracing }: { tracing: AdminHealth['tracing'] }) {
  return (
    <section aria-labelledby="health-tracing">
      <h2 id="health-tracing" className="text-lg font-semibold">
        Traces
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {tracing.exporting
          ? `This server exports OpenTelemetry traces to ${tracing.endpoint ?? 'its OTLP endpoint'}.`
          : 'This server exports no traces (no OTLP endpoint is configured).'}
      </p>
      {tracing.recentTracesUrl ? (
        <p className="text-sm">
          <a
            className="font-medium text-emerald-800 underline dark:text-emerald-300"
            href={tracing.recentTracesUrl}
            target="_blank"
            rel="noreferrer"
          >
            Recent traces (OTLP receiver sandbox, development only)
          </a>
        </p>
      ) : null}
    </section>
  );
}
