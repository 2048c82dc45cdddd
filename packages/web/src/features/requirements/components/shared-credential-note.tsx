import type { MemberRequirement } from '@touchline/contracts/member-requirements';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { formatDueDate } from './urgency.ts';

/** The shareable types in a sentence (ADR 049). */
const inWords: Partial<Record<number, string>> = {
  [RequirementType.BackgroundCheck]: 'background check',
  [RequirementType.AbusePreventionTraining]: 'abuse-prevention training',
  [RequirementType.AgeVerification]: 'age verification',
  [RequirementType.IdentityVerification]: 'identity verification',
  [RequirementType.USSoccer]: 'US Soccer license',
};

/** "Met by your age verification shared from Riverside FC, completed Nov 19, 2026." */
export function sharedCredentialText(
  item: Pick<MemberRequirement, 'type' | 'sharedCredential'>,
): string | null {
  const shared = item.sharedCredential;
  if (!shared) return null;
  const what = inWords[item.type] ?? 'credential';
  return `Met by your ${what} shared from ${shared.sourceOrganizationName}, completed ${formatDueDate(shared.completedOn)}.`;
}

/**
 * Says that a requirement is met by a credential the member shared from another organization (not by anything they
 * did here), so they are not surprised that it shows Completed; nothing otherwise.
 */
export function SharedCredentialNote({
  item,
  className = '',
}: {
  item: Pick<MemberRequirement, 'type' | 'sharedCredential'>;
  className?: string;
}) {
  const text = sharedCredentialText(item);
  if (!text) return null;
  return (
    <p
      className={`rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200 ${className}`}
    >
      {text}
    </p>
  );
}

/**
 * What the requirement page shows instead of the way to complete it when a shared credential meets it (ADR 049):
 * nothing to redo here, how it is renewed (at the source, and the renewal carries over while shared) and how it
 * stops counting (the member stops sharing it there).
 */
export function MetByShareSection({
  item,
}: {
  item: Pick<MemberRequirement, 'type' | 'name' | 'sharedCredential'>;
}) {
  const shared = item.sharedCredential;
  if (!shared) return null;
  const what = inWords[item.type] ?? 'credential';
  const source = shared.sourceOrganizationName;
  return (
    <section
      aria-label={`${item.name}: met by a shared credential`}
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:p-6 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">Nothing to do here</h2>
      <p>
        Your {what} from {source} counts for this requirement, so there is nothing to complete or order here.
      </p>
      <p>
        To renew it, renew it at {source}: while you share it, the renewal counts here too. To stop it
        counting here, stop sharing it from your credential sharing page at {source}.
      </p>
    </section>
  );
}
