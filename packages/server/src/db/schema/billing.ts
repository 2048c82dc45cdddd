import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * An organization's account with the payment provider (one row per organization): its customer and subscription
 * ids, the subscription's state as last re-read from the provider (webhooks and the daily reconciliation), and the
 * saved card as shown (brand, last four, expiry; never the number).
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id),
    /** The price the creation wizard asked for (paySubscriptionOrganization.priceIdStripe), if any. */
    requestedPriceId: text('requested_price_id'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    priceId: text('price_id'),
    /** none (not started yet), trialing, active, past_due, canceled, incomplete, paused. */
    subscriptionStatus: text('subscription_status').notNull().default('none'),
    vendorStatus: text('vendor_status'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEndsAt: timestamp('current_period_ends_at', { withTimezone: true }),
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    /** When the subscription last went past due (cleared when it recovers): the grace period counts from here. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** When the reminder that the grace period is ending was queued (once per past-due spell). */
    dunningRemindedAt: timestamp('dunning_reminded_at', { withTimezone: true }),
    cardPaymentMethodId: text('card_payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('billing_accounts_customer_idx').on(t.customerId),
    uniqueIndex('billing_accounts_subscription_idx').on(t.subscriptionId),
    index('billing_accounts_status_idx').on(t.subscriptionStatus),
  ],
);

/** An organization's billing information (spec §7 {id}/billing-information), mirrored onto its customer. */
export const billingInformation = pgTable('billing_information', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  companyName: text('company_name').notNull(),
  companyType: text('company_type').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2'),
  city: text('city').notNull(),
  state: text('state'),
  postalCode: text('postal_code').notNull(),
  countryCode: text('country_code').notNull(),
  taxId: text('tax_id'),
  billingEmail: text('billing_email').notNull(),
  ...timestamps(),
});
