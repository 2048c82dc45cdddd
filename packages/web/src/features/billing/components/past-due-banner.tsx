import { Link } from 'react-router';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { useBillingOrganization } from '../hooks/use-billing-organization.ts';
import { formatDay } from './billing-format.ts';

/**
 * The banner an organization's administrators see on every page while its subscription is past due, with the end
 * of the grace period and the way to fix it. Members never see it, and nothing is locked for them.
 */
export function PastDueBanner() {
  const organization = useBillingOrganization();
  const summary = useBillingSummary(organization.organizationId ?? '', organization.isAdmin);
  if (!organization.isAdmin || summary.data?.status !== 'past_due') return null;
  return (
    <div
      role="alert"
      className="border-b border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {`Your organization’s last payment did not go through${summary.data.graceEndsAt ? `; update the card by ${formatDay(summary.data.graceEndsAt)}` : ''}. `}
      <Link to="/account/billing/payment" className="font-semibold underline">
        Update the payment method
      </Link>
    </div>
  );
}
