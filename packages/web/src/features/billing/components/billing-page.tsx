import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBillingInformation } from '../api/get-billing-information.ts';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { BillingInformationForm } from './billing-information-form.tsx';
import { BillingLayout } from './billing-layout.tsx';
import { SubscriptionOverview } from './subscription-overview.tsx';

/** /account/billing: the subscription and the billing information. */
export function BillingPage() {
  return (
    <BillingLayout title="Subscription">{(id) => <BillingOverview organizationId={id} />}</BillingLayout>
  );
}

function BillingOverview({ organizationId }: { organizationId: string }) {
  const summary = useBillingSummary(organizationId);
  const information = useBillingInformation(organizationId);
  if (summary.isPending || information.isPending) return <Spinner label="Loading billing…" />;
  if (summary.isError) return <Alert>{`Billing could not be loaded: ${summary.error.message}`}</Alert>;
  if (information.isError)
    return <Alert>{`Billing information could not be loaded: ${information.error.message}`}</Alert>;
  return (
    <div className="space-y-8">
      <SubscriptionOverview summary={summary.data} />
      <BillingInformationForm organizationId={organizationId} current={information.data} />
    </div>
  );
}
