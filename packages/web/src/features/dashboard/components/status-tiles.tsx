import type { DashboardInfo } from '@touchline/contracts/dashboard';
import { memberOverallStatusLabel, type MemberOverallStatus } from '@touchline/contracts/members';
import { requirementStatusLabel, type RequirementStatus } from '@touchline/contracts/requirement-status';

const tileClass =
  'flex min-w-28 flex-col items-start rounded-lg border px-3 py-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';
const on =
  'border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50';
const off =
  'border-slate-200 bg-white text-slate-900 hover:border-emerald-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function Tile(props: { label: string; count: number; pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      onClick={props.onToggle}
      className={`${tileClass} ${props.pressed ? on : off}`}
    >
      <span className="text-xl font-bold tabular-nums">{props.count.toLocaleString()}</span>
      <span>{props.label}</span>
    </button>
  );
}

/**
 * The dashboard's tiles (from dashboard-info): members by overall status, by requirement status, and under a
 * restricting condition (ADR 040). A tile is a toggle: pressing it filters the table, pressing it again removes the
 * filter. Open incidents are a count only.
 */
export function StatusTiles({
  info,
  overallStatuses,
  requirementStatuses,
  onToggleOverall,
  onToggleRequirement,
  restricted = false,
  onToggleRestricted,
}: {
  info: DashboardInfo;
  overallStatuses: readonly number[];
  requirementStatuses: readonly number[];
  onToggleOverall: (status: MemberOverallStatus) => void;
  onToggleRequirement: (status: RequirementStatus) => void;
  restricted?: boolean;
  onToggleRestricted?: () => void;
}) {
  return (
    <div className="space-y-3">
      <section aria-labelledby="overall-tiles">
        <h2 id="overall-tiles" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          Members by status
        </h2>
        <div className="mt-1 flex flex-wrap gap-2">
          {info.overallStatusCounts.map(({ status, count }) => (
            <Tile
              key={status}
              label={memberOverallStatusLabel(status)}
              count={count}
              pressed={overallStatuses.includes(status)}
              onToggle={() => onToggleOverall(status)}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="requirement-tiles">
        <h2 id="requirement-tiles" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          Members with a requirement that is
        </h2>
        <div className="mt-1 flex flex-wrap gap-2">
          {info.requirementStatusCounts.map(({ status, count }) => (
            <Tile
              key={status}
              label={requirementStatusLabel(status)}
              count={count}
              pressed={requirementStatuses.includes(status)}
              onToggle={() => onToggleRequirement(status)}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="safety-tiles">
        <h2 id="safety-tiles" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          Safety
        </h2>
        <div className="mt-1 flex flex-wrap items-stretch gap-2">
          <Tile
            label="Under a condition"
            count={info.restrictedCount}
            pressed={restricted}
            onToggle={() => onToggleRestricted?.()}
          />
          {/* A count, never contents (ADR 040): who may read incidents opens them from the Incidents page. */}
          <p
            className={`${tileClass} ${off} hover:border-slate-200 dark:hover:border-slate-700`}
            aria-label={`Open incidents: ${info.openIncidentCount.toLocaleString()}`}
          >
            <span className="text-xl font-bold tabular-nums">{info.openIncidentCount.toLocaleString()}</span>
            <span>Open incidents</span>
          </p>
        </div>
      </section>
    </div>
  );
}
