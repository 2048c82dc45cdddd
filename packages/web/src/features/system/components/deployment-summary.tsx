import type { SystemInfo } from '@touchline/contracts/system';

/** Which build runs and on what: shown to platform admins only (ADR 024). */
export function DeploymentSummary({ info }: { info: SystemInfo }) {
  return (
    <section
      aria-labelledby="deployment-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
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
  );
}
