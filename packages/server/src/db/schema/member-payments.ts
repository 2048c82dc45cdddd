import { sql } from 'drizzle-orm';
import { char, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { profileLevelAccesses, profiles } from './members.ts';
import { organizations } from './organizations.ts';
import { memberRequirements, requirementDefinitions } from './requirements.ts';

/**
 * A member (or their guardian) paying for one or more of the member's requirements (ADR 031, spec §7
 * bulk-payment, run-and-pay-background-check-user): one PaymentIntent at the provider, keyed by this row's id.
 * `pending` until the provider answers (the answer, a webhook or the settle job decide), then `succeeded` or
 * `failed`; `refunded` once every item was refunded.
 */
export const memberPayments = pgTable(
  'member_payments',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileLevelAccessId: uuid('profile_level_access_id')
      .notNull()
      .references(() => profileLevelAccesses.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    payerUserId: uuid('payer_user_id'),
    /** pending, succeeded, failed, refunded. */
    status: text('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The card the browser collected (a PaymentMethod id; never a card number). */
    paymentMethodId: text('payment_method_id').notNull(),
    vendorPaymentId: text('vendor_payment_id'),
    failureMessage: text('failure_message'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    receiptEmail: text('receipt_email'),
    receiptQueuedAt: timestamp('receipt_queued_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_payments_vendor_payment_idx').on(t.vendorPaymentId),
    index('member_payments_pla_idx').on(t.organizationId, t.profileLevelAccessId, t.createdAt),
    index('member_payments_pending_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * One requirement a member payment pays for, with its price at the time. `pending` while the payment is,
 * `paid` once it succeeded and the paid work has not started yet (a credit: a background check waits for the
 * member's consent), `used` once the work started, `released` when the payment failed, `refunded` when the work
 * could not be started. At most one pending or paid item per requirement: a double submit charges once.
 */
export const memberPaymentItems = pgTable(
  'member_payment_items',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => memberPayments.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => requirementDefinitions.id),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    /** pending, paid, used, released, refunding (queued), refunded. */
    state: text('state').notNull().default('pending'),
    refundId: text('refund_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_payment_items_live_idx')
      .on(t.memberRequirementId)
      .where(sql`${t.state} in ('pending', 'paid')`),
    index('member_payment_items_payment_idx').on(t.paymentId),
  ],
);
