import type { SharedCredentialSummary } from '@touchline/contracts/credential-sharing';

/** A calendar day as the reader's locale writes it (the day itself, never shifted by a time zone). */
export const dayText = (day: string) =>
  new Date(`${day.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the package line is called for each type. */
const packageLabel: Record<number, string> = {
  3: 'Package',
  5: 'Course',
  7: 'Proves',
  9: 'Proves',
  11: 'License',
};

/**
 * Exactly what crosses to the other organization (ADR 049): result, completion day, validity, issuer, package and
 * (for a background check) its searches.
 * The page shows it before the member consents and wherever a share is listed, so what was agreed is what is seen.
 */
export function CredentialSummary({ summary }: { summary: SharedCredentialSummary }) {
  const rows: [string, string][] = [
    ['Result', summary.result],
    ['Completed on', dayText(summary.completedOn)],
    ['Valid until', summary.validUntil ? dayText(summary.validUntil) : 'No end date'],
    ['Issued by', summary.vendor ?? 'Marked complete by the organization'],
  ];
  if (summary.packageName)
    rows.push([packageLabel[summary.requirementType] ?? 'Package', summary.packageName]);
  if (summary.searches) rows.push(['Searches', summary.searches.join(', ')]);
  return (
    <div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="min-w-0 break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {summary.sandbox ? (
        <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">
          Issued through a vendor&apos;s sandbox (a stand-in for testing, not the vendor).
        </p>
      ) : null}
    </div>
  );
}
