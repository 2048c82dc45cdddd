import { useMemo, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The card a member pays with in production: Stripe Elements' CardElement (Stripe.js from js.stripe.com), so the
 * card number goes to Stripe and never to us. Stripe.js turns it into a PaymentMethod; our server receives only its
 * id and creates and confirms the PaymentIntent (ADR 031). Loaded on demand: never part of the first load.
 */
export function MemberElementsForm({
  publishableKey,
  submitLabel,
  busy,
  onCard,
}: {
  publishableKey: string;
  submitLabel: string;
  busy: boolean;
  onCard: (paymentMethodId: string) => Promise<void>;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardForm submitLabel={submitLabel} busy={busy} onCard={onCard} />
    </Elements>
  );
}

function CardForm({
  submitLabel,
  busy,
  onCard,
}: {
  submitLabel: string;
  busy: boolean;
  onCard: (paymentMethodId: string) => Promise<void>;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement('card');
    if (!stripe || !card) return;
    setProblem(null);
    setCreating(true);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error) throw new Error(result.error.message ?? 'The card could not be read');
      setCreating(false);
      await onCard(result.paymentMethod.id);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The card could not be read');
    } finally {
      setCreating(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <div
        data-testid="stripe-card-element"
        className="rounded-lg border border-slate-300 bg-white p-3 dark:border-slate-700"
      >
        <CardElement />
      </div>
      <Button
        type="submit"
        label={creating || busy ? 'Paying…' : submitLabel}
        disabled={creating || busy || !stripe}
      />
      <Alert>{problem}</Alert>
    </form>
  );
}
