import { useEffect } from 'react';
import type { PaymentPlan } from '@touchline/contracts/plans';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { FieldErrors } from '../../../lib/forms.ts';
import { usePaymentPlans } from '../api/get-payment-plans.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatMoney } from './format-money.ts';
import type { WizardDraft } from './wizard-draft.ts';

/** Step 1: the plan, as cards from the catalog (Basic preselected), and where invoices will go. */
export function PlanStep({
  draft,
  errors,
  onPlan,
  onBillingEmail,
}: {
  draft: WizardDraft;
  errors: FieldErrors;
  onPlan: (plan: WizardDraft['plan']) => void;
  onBillingEmail: (value: string) => void;
}) {
  const plans = usePaymentPlans();
  const chosen = draft.plan.productName;
  useEffect(() => {
    // A saved draft may name a plan no longer offered: fall back to the catalog's default.
    const catalog = plans.data ?? [];
    const fallback = catalog.find((plan) => plan.isDefault) ?? catalog[0];
    if (fallback && !catalog.some((plan) => plan.productName === chosen)) onPlan(toDraftPlan(fallback));
  }, [chosen, plans.data, onPlan]);

  if (plans.isPending) return <Spinner label="Loading plans…" />;
  if (plans.isError)
    return (
      <div className="space-y-3">
        <Alert>{`The plans could not be loaded: ${plans.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void plans.refetch()} />
      </div>
    );
  const offered = plans.data;
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Choose a plan</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          {offered.map((plan) => (
            <label
              key={plan.id}
              className={`flex cursor-pointer flex-col gap-1 rounded-lg border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600 ${
                plan.productName === chosen
                  ? 'border-emerald-700 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950'
                  : 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900'
              }`}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="plan.productName"
                  value={plan.productName}
                  checked={plan.productName === chosen}
                  onChange={() => onPlan(toDraftPlan(plan))}
                  className="h-4 w-4 accent-emerald-700"
                />
                <span className="text-lg font-semibold">{plan.productName}</span>
              </span>
              <span className="text-2xl font-bold">
                {formatMoney(plan.monthUnitAmount, plan.currency)}
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400"> / month</span>
              </span>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                {`or ${formatMoney(plan.yearUnitAmount, plan.currency)} / year`}
              </span>
            </label>
          ))}
        </div>
        {errors['plan.productName'] ? (
          <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
            {errors['plan.productName']}
          </p>
        ) : null}
      </fieldset>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Nothing is charged now: the plan is recorded, and billing starts once you add a payment method.
      </p>
      <TextField
        label="Billing e-mail"
        name="billingEmail"
        type="email"
        autoComplete="email"
        description="Optional. Where invoices will go."
        value={draft.billingEmail}
        onValueChange={onBillingEmail}
        error={errors.billingEmail}
      />
    </div>
  );
}

function toDraftPlan(plan: PaymentPlan): WizardDraft['plan'] {
  return {
    productName: plan.productName,
    monthUnitAmount: plan.monthUnitAmount,
    yearUnitAmount: plan.yearUnitAmount,
  };
}
