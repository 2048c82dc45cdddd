import { useState, type FormEvent } from 'react';
import type { AwaitingPayment } from '@touchline/contracts/member-payments';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formValues } from '../../../lib/forms.ts';

type SandboxAnswer = { id?: string; error?: { message?: string } };

/**
 * The card a member pays with, in the Stripe sandbox: it says so, takes Stripe's published test card numbers, and
 * sends the card straight to the sandbox with the publishable key (never to our server), as Stripe.js does; our
 * server only receives the PaymentMethod id and charges it.
 */
export function MemberSandboxCardForm({
  card,
  submitLabel,
  busy,
  onCard,
}: {
  card: NonNullable<AwaitingPayment['card']>;
  submitLabel: string;
  busy: boolean;
  onCard: (paymentMethodId: string) => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const [month = '', year = ''] = (values.expiry ?? '').split('/').map((part) => part.trim());
    setProblem(null);
    setCreating(true);
    try {
      const response = await fetch(`${card.sandboxApiUrl}/v1/payment_methods`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: card.publishableKey,
          type: 'card',
          'card[number]': (values.number ?? '').replace(/\s/g, ''),
          'card[exp_month]': month,
          'card[exp_year]': year.length === 2 ? `20${year}` : year,
          'card[cvc]': values.cvc ?? '',
        }).toString(),
      });
      const body = (await response.json()) as SandboxAnswer;
      if (!response.ok || !body.id) throw new Error(body.error?.message ?? 'The card could not be read');
      setCreating(false);
      await onCard(body.id);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The card could not be read');
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="space-y-4 rounded-xl border-2 border-dashed border-amber-500 p-4">
      <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">
        Stripe sandbox: this is not Stripe and no money moves. Use a Stripe test card, such as 4242 4242 4242
        4242 (Visa) or 4000 0000 0000 0002 (declined).
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid grid-cols-1 gap-4 sm:grid-cols-3"
      >
        <div className="sm:col-span-3">
          <TextField label="Card number" name="number" required autoComplete="cc-number" maxLength={23} />
        </div>
        <TextField label="Expiry (MM / YY)" name="expiry" required autoComplete="cc-exp" maxLength={7} />
        <TextField label="CVC" name="cvc" required autoComplete="cc-csc" maxLength={4} />
        <div className="sm:col-span-3">
          <Button
            type="submit"
            label={creating || busy ? 'Paying…' : submitLabel}
            disabled={creating || busy}
          />
        </div>
      </form>
      <Alert>{problem}</Alert>
    </div>
  );
}
