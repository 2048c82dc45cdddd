import { lazy, Suspense, useState } from 'react';
import { formatMoney, type MemberPayment } from '@touchline/contracts/member-payments';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useAwaitingPayment, usePayForRequirements } from '../api/member-payments.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { MemberSandboxCardForm } from './member-card-form.tsx';

// Stripe.js loads only when a member pays against Stripe itself, never on the first load.
const MemberElementsForm = lazy(() =>
  import('./member-elements-form.tsx').then((m) => ({ default: m.MemberElementsForm })),
);

/**
 * What the member owes for their own requirements (their role's paid requirements, or a definition the member
 * pays), and paying for several at once (ADR 031). `onlyDefinitionId` narrows it to one requirement's page.
 * Renders nothing when nothing is owed, paid or being confirmed.
 */
export function MemberPaymentPanel({
  plaId,
  onlyDefinitionId,
}: {
  plaId: string;
  onlyDefinitionId?: string;
}) {
  const awaiting = useAwaitingPayment(plaId);
  const pay = usePayForRequirements();
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<MemberPayment | null>(null);

  if (!awaiting.data) return null;
  const data = awaiting.data;
  const mine = <T extends { definitionId: string }>(list: T[]) =>
    onlyDefinitionId ? list.filter((i) => i.definitionId === onlyDefinitionId) : list;
  const items = mine(data.items);
  const credits = mine(data.paid);
  const processing = mine(data.processing);
  if (items.length === 0 && credits.length === 0 && processing.length === 0 && !paid) return null;
  const chosen = items.filter((i) => !unchecked.has(i.definitionId));
  const total = chosen.reduce((sum, i) => sum + i.amount, 0);
  const money = (n: number) => formatMoney(n, data.currency);
  const payWith = async (paymentMethodId: string) => {
    const payment = await pay.mutateAsync({
      plaId,
      definitionIds: chosen.map((i) => i.definitionId),
      paymentMethodId,
    });
    setPaid(payment);
    setPaying(false);
    setUnchecked(new Set());
  };

  return (
    <section
      aria-labelledby="member-payment-title"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="member-payment-title" className="text-lg font-semibold">
        What you owe
      </h2>
      {paid ? (
        <Alert tone="success">
          {`Paid ${formatMoney(paid.amount, paid.currency)} for ${paid.items.map((i) => i.name).join(' and ')}.${paid.receiptEmail ? ` A receipt was sent to ${paid.receiptEmail}.` : ''}`}
        </Alert>
      ) : null}
      {items.length > 0 ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Your organization asks you to pay for these yourself. Choose what to pay for now.
          </p>
          <ul className="space-y-2">
            {items.map((item) => (
              <li key={item.definitionId} className="flex flex-wrap items-center justify-between gap-2">
                <CheckboxField
                  label={item.name}
                  checked={!unchecked.has(item.definitionId)}
                  onChange={(checked) =>
                    setUnchecked((current) => {
                      const next = new Set(current);
                      if (checked) next.delete(item.definitionId);
                      else next.add(item.definitionId);
                      return next;
                    })
                  }
                />
                <span className="font-medium tabular-nums">{money(item.amount)}</span>
              </li>
            ))}
          </ul>
          <p className="font-semibold" data-testid="payment-total">
            Total: {money(total)}
          </p>
          {paying && data.card ? (
            data.card.sandboxApiUrl ? (
              <MemberSandboxCardForm
                card={data.card}
                busy={pay.isPending}
                submitLabel={`Pay ${money(total)}`}
                onCard={payWith}
              />
            ) : (
              <Suspense fallback={<Spinner label="Loading Stripe…" />}>
                <MemberElementsForm
                  publishableKey={data.card.publishableKey}
                  busy={pay.isPending}
                  submitLabel={`Pay ${money(total)}`}
                  onCard={payWith}
                />
              </Suspense>
            )
          ) : (
            <Button
              label={`Pay ${money(total)}`}
              disabled={chosen.length === 0 || !data.card}
              onClick={() => (pay.reset(), setPaid(null), setPaying(true))}
            />
          )}
          {!data.card ? <Alert tone="info">Payments are not set up in this deployment.</Alert> : null}
        </>
      ) : null}
      {credits.length > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {`Already paid: ${credits.map((c) => c.name).join(', ')}.`}
        </p>
      ) : null}
      {processing.length > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {`Payment being confirmed: ${processing.map((c) => c.name).join(', ')}.`}
        </p>
      ) : null}
    </section>
  );
}
