import { updatedPoliciesTexts } from '@touchline/contracts/messages';
import { AcceptanceType } from '@touchline/contracts/roles';

/** Where each policy is published. */
export const policyPaths: Record<AcceptanceType, string> = {
  [AcceptanceType.Terms]: '/terms',
  [AcceptanceType.Privacy]: '/privacy',
};

const policyNames: Record<AcceptanceType, string> = {
  [AcceptanceType.Terms]: updatedPoliciesTexts.termsLink,
  [AcceptanceType.Privacy]: updatedPoliciesTexts.privacyLink,
};

const linkClass =
  'font-medium text-emerald-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300';

/**
 * A link to one policy, opening in a new tab so a form in progress (sign-up, the Updated Policies modal) is kept;
 * one component so both places name and link the policies alike.
 */
export function PolicyLink({ type }: { type: AcceptanceType }) {
  return (
    <a href={policyPaths[type]} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {policyNames[type]}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
