import type { SubscriptionStatus } from '@touchline/contracts/billing';

/** A price in minor units as the user's locale writes it. */
export function formatAmount(amount: number, currency = 'usd'): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

/** A date (no time) as the user's locale writes it. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
}

/** How each subscription status reads on the page. */
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  none: 'Being set up',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  paused: 'Paused',
};

/** How each invoice status reads in the list. */
export const invoiceStatusLabels = {
  draft: 'Draft',
  open: 'Unpaid',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
} as const;
