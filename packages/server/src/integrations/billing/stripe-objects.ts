import type Stripe from 'stripe';
import { VendorHttpError } from '../http/vendor-errors.ts';
import type {
  BillingCard,
  BillingPayment,
  BillingSubscription,
  CardSetupState,
  SubscriptionState,
} from './port.ts';

// Stripe's objects in the billing port's words: pure mappings the Stripe adapter applies to what the SDK answers.

/** Stripe's subscription statuses in our words (unpaid reads as past due; incomplete_expired as canceled). */
export function subscriptionStateOf(status: string): SubscriptionState {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
    case 'incomplete':
    case 'paused':
      return status;
    case 'unpaid':
      return 'past_due';
    case 'incomplete_expired':
      return 'canceled';
    default:
      throw new Error(`unknown Stripe subscription status ${status}`);
  }
}

/** Stripe's answer to paying an invoice that is paid already. */
export const isAlreadyPaid = (error: unknown) =>
  error instanceof VendorHttpError &&
  error.status === 400 &&
  (error.body as { code?: string } | undefined)?.code === 'invoice_already_paid';

export const invoiceStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export const subscriptionOf = (sub: Stripe.Subscription): BillingSubscription => {
  const item = sub.items.data[0];
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    organizationId: sub.metadata.organization_id ?? null,
    status: subscriptionStateOf(sub.status),
    vendorStatus: sub.status,
    priceId: item?.price.id ?? null,
    trialEnd: date(sub.trial_end),
    currentPeriodEnd: date(item?.current_period_end),
    cancelAt: date(sub.cancel_at),
    defaultPaymentMethodId: idOf(sub.default_payment_method),
  };
};

export const cardOf = (pm: Stripe.PaymentMethod): BillingCard | null =>
  pm.card
    ? {
        paymentMethodId: pm.id,
        brand: pm.card.brand,
        last4: pm.card.last4,
        expMonth: pm.card.exp_month,
        expYear: pm.card.exp_year,
      }
    : null;

export const paymentOf = (pi: Stripe.PaymentIntent): BillingPayment => ({
  id: pi.id,
  status:
    pi.status === 'succeeded'
      ? 'succeeded'
      : pi.status === 'requires_payment_method'
        ? 'declined'
        : 'pending',
  amount: pi.amount,
  currency: pi.currency,
  declineReason: pi.last_payment_error?.message ?? null,
  metadata: pi.metadata,
});

export const setupStatus = (status: Stripe.SetupIntent.Status): CardSetupState['status'] =>
  status === 'succeeded'
    ? 'succeeded'
    : status === 'requires_action'
      ? 'needs_authentication'
      : status === 'processing'
        ? 'processing'
        : status === 'canceled'
          ? 'canceled'
          : 'needs_card';
