import { eligibilityFlagLabels, type EligibilityFlag } from '@touchline/contracts/eligibility';

/**
 * A verified member outside their level's age group or grade bounds (ADR 039 "Eligibility"): "Plays up",
 * "Over age", "Over grade" in words, never only a colour.
 */
export function EligibilityFlags({ flags }: { flags: readonly EligibilityFlag[] | undefined }) {
  if (!flags?.length) return null;
  return (
    <ul aria-label="Eligibility" className="mt-1 flex flex-wrap gap-1">
      {flags.map((flag) => (
        <li
          key={flag}
          className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
        >
          {eligibilityFlagLabels[flag]}
        </li>
      ))}
    </ul>
  );
}
