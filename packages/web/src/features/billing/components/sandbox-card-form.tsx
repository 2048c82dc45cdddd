import { useState, type FormEvent } from 'react';
import type { CardSetupResponse } from '@touchline/contracts/billing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formValues } from '../../../lib/forms.ts';

type SandboxAnswer = {
  id?: string;
  status?: string;
  next_action?: { redirect_to_url?: { url?: string } } | null;
  error?: { message?: string };
};

/** A form-encoded call to the Stripe sandbox with the publishable key, as Stripe.js makes it from a browser. */
async function sandboxPost(setup: CardSetupResponse, path: string, fields: Record<string, string>) {
  const response = await fetch(`${setup.sandboxApiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: setup.publishableKey, ...fields }).toString(),
  });
  const body = (await response.json()) as SandboxAnswer;
  if (!response.ok) throw new Error(body.error?.message ?? `The sandbox answered ${response.status}`);
  return body;
}

/**
 * The card form of the Stripe sandbox, shown in place of Stripe Elements when billing runs against our sandbox:
 * it says so, takes only Stripe's published test card numbers, and sends the card straight to the sandbox (never
 * to our server), then confirms the setup there, as Stripe.js does with Stripe. A card that needs authentication
 * shows the sandbox's stand-in for the bank's challenge.
 */
export function SandboxCardForm({
  start,
  onConfirmed,
}: {
  start: () => Promise<CardSetupResponse>;
  onConfirmed: (setupId: string) => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ setupId: string; url: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const [month = '', year = ''] = (values.expiry ?? '').split('/').map((part) => part.trim());
    setProblem(null);
    setBusy(true);
    try {
      const setup = await start();
      const pm = await sandboxPost(setup, '/v1/payment_methods', {
        type: 'card',
        'card[number]': (values.number ?? '').replace(/\s/g, ''),
        'card[exp_month]': month,
        'card[exp_year]': year.length === 2 ? `20${year}` : year,
        'card[cvc]': values.cvc ?? '',
      });
      const confirmed = await sandboxPost(setup, `/v1/setup_intents/${setup.setupId}/confirm`, {
        payment_method: pm.id ?? '',
        client_secret: setup.clientSecret,
      });
      const url = confirmed.next_action?.redirect_to_url?.url;
      if (confirmed.status === 'requires_action' && url) setChallenge({ setupId: setup.setupId, url });
      else await onConfirmed(setup.setupId);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The card could not be saved');
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (result: 'pass' | 'fail') => {
    if (!challenge) return;
    setBusy(true);
    setProblem(null);
    try {
      await fetch(challenge.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `result=${result}`,
      });
      const setupId = challenge.setupId;
      setChallenge(null);
      await onConfirmed(setupId);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The card could not be saved');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4 rounded-xl border-2 border-dashed border-amber-500 p-4">
      <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">
        Stripe sandbox: this is not Stripe and no money moves. Use a Stripe test card, such as 4242 4242 4242
        4242 (Visa), 4000 0000 0000 0002 (declined) or 4000 0025 0000 3155 (asks for authentication).
      </p>
      {challenge ? (
        <div className="space-y-3">
          <p>Your bank asks you to confirm this card (sandbox stand-in for 3-D Secure).</p>
          <div className="flex flex-wrap gap-3">
            <Button
              label="Complete authentication"
              onClick={() => void authenticate('pass')}
              disabled={busy}
            />
            <Button
              label="Fail authentication"
              variant="secondary"
              onClick={() => void authenticate('fail')}
              disabled={busy}
            />
          </div>
        </div>
      ) : (
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
            <Button type="submit" label={busy ? 'Saving…' : 'Save card'} disabled={busy} />
          </div>
        </form>
      )}
      <Alert>{problem}</Alert>
    </div>
  );
}
