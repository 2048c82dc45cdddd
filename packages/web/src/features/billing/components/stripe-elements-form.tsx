import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import type { CardSetupResponse } from '@touchline/contracts/billing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The production card form: Stripe Elements (Stripe.js from js.stripe.com), so card numbers go to Stripe and
 * never to us; the setup is confirmed in the browser (3-D Secure included), then our server re-reads it.
 */
export function StripeElementsForm({
  setup,
  onConfirmed,
}: {
  setup: CardSetupResponse;
  onConfirmed: (setupId: string) => Promise<void>;
}) {
  const stripe = useMemo(() => loadStripe(setup.publishableKey), [setup.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: setup.clientSecret }}>
      <ConfirmForm setupId={setup.setupId} onConfirmed={onConfirmed} />
    </Elements>
  );
}

function ConfirmForm({
  setupId,
  onConfirmed,
}: {
  setupId: string;
  onConfirmed: (setupId: string) => Promise<void>;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setProblem(null);
    const result = await stripe.confirmSetup({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/account/billing/payment` },
    });
    if (result.error) setProblem(result.error.message ?? 'The card could not be saved');
    else
      await onConfirmed(setupId).catch((error: unknown) =>
        setProblem(error instanceof Error ? error.message : 'The card could not be saved'),
      );
    setBusy(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <PaymentElement />
      <Button type="submit" label={busy ? 'Saving…' : 'Save card'} disabled={busy || !stripe} />
      <Alert>{problem}</Alert>
    </form>
  );
}
