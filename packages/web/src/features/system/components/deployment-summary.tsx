import type { SystemInfo } from '@touchline/contracts/system';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** What the landing page says about this deployment: the demo league, if any, and how it runs. */
export function DeploymentSummary({ info }: { info: SystemInfo }) {
  return (
    <div className="space-y-8">
      {info.demo ? (
        <section aria-labelledby="demo-heading">
          <h2 id="demo-heading" className="text-lg font-semibold">
            Demo organization
          </h2>
          <p className="mt-1 text-2xl font-bold text-emerald-800 dark:text-emerald-300">
            {info.demo.organizationName}
          </p>
          <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Stat label="Members" value={info.demo.memberCount} />
            <Stat label="Levels" value={info.demo.levelCount} />
          </dl>
        </section>
      ) : (
        <section
          aria-labelledby="demo-heading"
          className="rounded-lg border border-dashed border-slate-300 p-6 dark:border-slate-700"
        >
          <h2 id="demo-heading" className="text-lg font-semibold">
            No organization yet
          </h2>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            This deployment has no demo league. Organizations appear here once they are created.
          </p>
        </section>
      )}
      <section aria-labelledby="deployment-heading">
        <h2 id="deployment-heading" className="text-lg font-semibold">
          This deployment
        </h2>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Version</dt>
          <dd>{info.version}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Environment</dt>
          <dd>{info.environment}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Database</dt>
          <dd>{info.database === 'embedded' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL server'}</dd>
        </dl>
      </section>
    </div>
  );
}
