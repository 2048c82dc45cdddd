import { z } from 'zod';
import { RequirementType } from './requirement-types.ts';

// Member pays (spec §7 Requirements payment calls, issue 21, ADR 031): what a member owes for their own requirements,
// and paying several at once.

/** Why the member (not the organization) pays for a requirement. */
export const memberPaymentReasons = ['definition', 'role'] as const;

/** One requirement the member owes for. */
export const owedRequirementSchema = z.object({
  definitionId: z.uuid(),
  memberRequirementId: z.uuid(),
  name: z.string(),
  type: z.enum(RequirementType),
  /** Minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  /** `definition`: the definition says the member pays; `role`: the member's role lists it as paid. */
  reason: z.enum(memberPaymentReasons),
});
/** One owed requirement. */
export type OwedRequirement = z.infer<typeof owedRequirementSchema>;

/** Response of GET awaiting-payment-by-individual/{plaId}: what the member owes, and what they paid but not used. */
export const awaitingPaymentSchema = z.object({
  plaId: z.uuid(),
  items: z.array(owedRequirementSchema),
  /** Sum of `items` (one currency: the organization's). */
  total: z.number().int(),
  currency: z.string(),
  /** Requirements paid for whose work has not started yet (a background check waiting for the member's consent). */
  paid: z.array(z.object({ definitionId: z.uuid(), name: z.string(), amount: z.number().int() })),
  /** Requirements whose payment is still being confirmed by the payment provider. */
  processing: z.array(z.object({ definitionId: z.uuid(), name: z.string() })),
  /** True when payments go to our Stripe sandbox (the page says so and shows the sandbox card form). */
  sandbox: z.boolean(),
  /** What the browser needs to turn a card into a PaymentMethod; null when payments are not set up. */
  card: z.object({ publishableKey: z.string(), sandboxApiUrl: z.string().nullable() }).nullable(),
});
/** What a member owes. */
export type AwaitingPayment = z.infer<typeof awaitingPaymentSchema>;

/** A card the browser turned into a PaymentMethod (Stripe.js, or the sandbox card form); never a card number. */
export const paymentMethodIdSchema = z
  .string('Enter your card')
  .regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'Enter your card again: the card reference is not valid');

/** Where a member's own payment for one requirement stands: owed, being confirmed by the provider, or paid. */
export const memberPaymentInfoStates = ['awaiting', 'processing', 'paid'] as const;

/**
 * One requirement of a type the member pays for (session `backgroundCheckPaymentInfo` / `aptPaymentInfo`, spec §3):
 * its price and where the member's payment stands (`paid` also once the paid work has started).
 */
export const memberPaymentInfoSchema = z.object({
  definitionId: z.string(),
  memberRequirementId: z.string(),
  name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(memberPaymentInfoStates),
});
export type MemberPaymentInfo = z.infer<typeof memberPaymentInfoSchema>;

/** Body of POST bulk-payment: the member, the requirements (definition ids) and the card. */
export const bulkPaymentBodySchema = z.object({
  plaId: z.uuid('Choose a member'),
  definitionIds: z
    .array(z.uuid('Not a requirement id'), 'Choose the requirements to pay for')
    .min(1, 'Choose at least one requirement to pay for')
    .max(25, 'Pay for at most 25 requirements at once')
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each requirement once'),
  paymentMethodId: paymentMethodIdSchema,
});
/** A bulk payment request. */
export type BulkPaymentBody = z.infer<typeof bulkPaymentBodySchema>;

/** Optional body of run-and-pay-background-check-user: the card, unless an earlier payment already covers the check. */
export const runAndPayBodySchema = z
  .object({ paymentMethodId: paymentMethodIdSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});

/** The states of a member payment. */
export const memberPaymentStatuses = ['pending', 'succeeded', 'failed', 'refunded'] as const;

/** Response of POST bulk-payment: the payment, what it paid for, and what started. */
export const memberPaymentSchema = z.object({
  id: z.uuid(),
  status: z.enum(memberPaymentStatuses),
  amount: z.number().int(),
  currency: z.string(),
  refundedAmount: z.number().int(),
  items: z.array(
    z.object({
      definitionId: z.uuid(),
      name: z.string(),
      amount: z.number().int(),
      /** pending, paid (waiting to start), used (started), released (payment failed), refunding, refunded. */
      state: z.enum(['pending', 'paid', 'used', 'released', 'refunding', 'refunded']),
    }),
  ),
  /** Where the receipt was e-mailed, once the payment succeeded. */
  receiptEmail: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
/** A member payment. */
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

/** Formats minor units as money (`$25.00`). */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

/**
 * GET /api/app/organization/{id}/role-paid-requirements (ours, ADR 031): each role (a member label of the
 * organization) with the requirements its members pay for themselves, and the organization's requirements that
 * could be chosen (a requirement with no member price asks nobody to pay, whatever the list says).
 */
export const rolePaidRequirementsSchema = z.object({
  roles: z.array(z.object({ roleLabel: z.string(), paidRoleRequirementsIds: z.array(z.string()) })),
  requirements: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.number().int(),
      memberPrice: z.number().int().nullable(),
      currency: z.string(),
    }),
  ),
});
export type RolePaidRequirements = z.infer<typeof rolePaidRequirementsSchema>;

/** Body of PUT …/role-paid-requirements: one role's paid requirements, replaced whole (an empty list: none). */
export const rolePaidRequirementsBodySchema = z.object({
  roleLabel: z
    .string({ message: 'Choose a role' })
    .trim()
    .min(1, 'Choose a role')
    .max(60, 'A role name is 60 characters at most'),
  paidRoleRequirementsIds: z
    .array(z.uuid({ message: 'Requirement ids are uuids' }), { message: 'Choose the requirements' })
    .max(200, 'A role can ask for 200 requirements at most')
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each requirement once'),
});
export type RolePaidRequirementsBody = z.infer<typeof rolePaidRequirementsBodySchema>;
