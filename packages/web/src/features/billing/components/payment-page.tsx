import { lazy, Suspense, useState } from 'react';
import type { BillingSummary, CardSetupResponse } from '@touchline/contracts/billing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fieldErrorsFromApi } from '../../../lib/forms.ts';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { useSavePaymentMethod } from '../api/save-payment-method.ts';
import { startCardSetup } from '../api/start-card-setup.ts';
import { BillingLayout } from './billing-layout.tsx';
import { SandboxCardForm } from './sandbox-card-form.tsx';

// Stripe.js loads only when a card is entered in production, never on the first load.
const StripeElementsForm = lazy(() =>
  import('./stripe-elements-form.tsx').then((m) => ({ default: m.StripeElementsForm })),
);

/** /account/billing/payment: the organization's card, and adding or replacing it. */
export function PaymentPage() {
  return (
    <BillingLayout title="Payment method">{(id) => <PaymentMethod organizationId={id} />}</BillingLayout>
  );
}

function PaymentMethod({ organizationId }: { organizationId: string }) {
  const summary = useBillingSummary(organizationId);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (summary.isPending) return <Spinner label="Loading the payment method…" />;
  if (summary.isError)
    return <Alert>{`The payment method could not be loaded: ${summary.error.message}`}</Alert>;
  const card = summary.data.card;
  return (
    <div className="space-y-4">
      {card ? (
        <p data-testid="saved-card" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <span className="font-semibold">{`${card.brandName} ending ${card.last4}`}</span>
          <span className="ml-2 text-slate-600 dark:text-slate-400">{`expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`}</span>
        </p>
      ) : (
        <p>No card is saved yet. Add one to keep your subscription after the trial.</p>
      )}
      <Alert tone="success">{notice}</Alert>
      {adding ? (
        <CardCollector
          organizationId={organizationId}
          summary={summary.data}
          onSaved={() => {
            setAdding(false);
            setNotice('The card is saved.');
          }}
        />
      ) : (
        <Button
          label={card ? 'Replace card' : 'Add a card'}
          onClick={() => (setNotice(null), setAdding(true))}
        />
      )}
    </div>
  );
}

function CardCollector({
  organizationId,
  summary,
  onSaved,
}: {
  organizationId: string;
  summary: BillingSummary;
  onSaved: () => void;
}) {
  const save = useSavePaymentMethod();
  const [setup, setSetup] = useState<CardSetupResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmed = async (setupId: string) => {
    try {
      await save.mutateAsync({ organizationId, setupId });
      onSaved();
    } catch (error) {
      throw new Error(
        fieldErrorsFromApi(error).setupId ??
          (error instanceof Error ? error.message : 'The card could not be saved'),
      );
    }
  };
  if (summary.provider.sandbox)
    return <SandboxCardForm start={() => startCardSetup(organizationId)} onConfirmed={confirmed} />;
  if (!setup)
    return (
      <div className="space-y-3">
        <Button
          label="Enter card details"
          onClick={() =>
            void startCardSetup(organizationId)
              .then(setSetup)
              .catch((error: unknown) => setProblem(error instanceof Error ? error.message : 'Try again'))
          }
        />
        <Alert>{problem}</Alert>
      </div>
    );
  return (
    <Suspense fallback={<Spinner label="Loading Stripe…" />}>
      <StripeElementsForm setup={setup} onConfirmed={confirmed} />
    </Suspense>
  );
}
