import type { BillingSummary } from '@touchline/contracts/billing';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatAmount, formatDay, subscriptionStatusLabels } from './billing-format.ts';

/** The subscription in a few lines: plan, state, the trial's or period's end, and a past-due warning. */
export function SubscriptionOverview({ summary }: { summary: BillingSummary }) {
  return (
    <section
      aria-labelledby="subscription-heading"
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id="subscription-heading" className="text-lg font-semibold">
        {summary.planName ?? 'No plan'}
        {summary.monthUnitAmount !== null ? ` · ${formatAmount(summary.monthUnitAmount)} a month` : ''}
      </h3>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Status</dt>
          <dd className="font-semibold" data-testid="subscription-status">
            {subscriptionStatusLabels[summary.status]}
          </dd>
        </div>
        {summary.status === 'trialing' && summary.trialEndsAt ? (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Trial ends</dt>
            <dd>{formatDay(summary.trialEndsAt)}</dd>
          </div>
        ) : null}
        {summary.status === 'active' && summary.currentPeriodEndsAt ? (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Next payment</dt>
            <dd>{formatDay(summary.currentPeriodEndsAt)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Card</dt>
          <dd>{summary.card ? `${summary.card.brandName} ending ${summary.card.last4}` : 'None yet'}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Payments by</dt>
          <dd>{summary.provider.name}</dd>
        </div>
      </dl>
      {summary.status === 'past_due' && summary.graceEndsAt ? (
        <Alert>
          {`Your last payment did not go through. Update your card by ${formatDay(summary.graceEndsAt)} to keep your subscription. Your members can keep completing their requirements meanwhile.`}
        </Alert>
      ) : null}
      {summary.status === 'trialing' && !summary.card ? (
        <Alert tone="info">Add a card before the trial ends to keep your subscription.</Alert>
      ) : null}
    </section>
  );
}
