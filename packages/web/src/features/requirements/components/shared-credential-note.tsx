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
