import { z } from 'zod';

/** Card brands the spec names (§3), as the payment provider spells them. */
export const CardBrand = {
  Amex: 'amex',
  CartesBancaires: 'cartes_bancaires',
  Diners: 'diners',
  Discover: 'discover',
  Jcb: 'jcb',
  Mastercard: 'mastercard',
  Visa: 'visa',
  UnionPay: 'unionpay',
} as const;
/** One card brand. */
export type CardBrand = (typeof CardBrand)[keyof typeof CardBrand];

/** Display names of card brands (the spec says they exist; these are the brands' usual names). */
export const cardBrandLabels = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  visa: 'Visa',
  unionpay: 'UnionPay',
} as const satisfies Record<CardBrand, string>;

/** Display name of a brand, falling back to the raw value for brands the spec does not list. */
export function cardBrandLabel(brand: string): string {
  return Object.hasOwn(cardBrandLabels, brand) ? cardBrandLabels[brand as CardBrand] : brand;
}

/** Company types of an organization's billing information (§3), as the spec spells them. */
export const CompanyType = {
  BCorporation: 'b-corporation',
  Corporation: 'corporation',
  CCorporation: 'c-corporation',
  LimitedLiabilityPartnership: 'limited-liability-partnership',
  LimitedLiabilityCorporation: 'limited-liability-corporation',
  LimitedPartnership: 'limited-partnership',
  NonProfit: 'non-profit',
} as const;
/** One company type. */
export type CompanyType = (typeof CompanyType)[keyof typeof CompanyType];

/** Display labels of company types; the spec gives only the slugs, the wording is ours. */
export const companyTypeLabels = {
  'b-corporation': 'B Corporation',
  corporation: 'Corporation',
  'c-corporation': 'C Corporation',
  'limited-liability-partnership': 'Limited Liability Partnership',
  'limited-liability-corporation': 'Limited Liability Corporation',
  'limited-partnership': 'Limited Partnership',
  'non-profit': 'Non-Profit',
} as const satisfies Record<CompanyType, string>;

/** Validates a company type arriving in a billing-information request. */
export const companyTypeSchema = z.enum(CompanyType);

/** Invoices per page (§3: limit 20); defined once with the other page sizes, re-exported for billing code. */
export { invoicePageLimit } from './pagination.ts';

const text = (max: number, required: string) =>
  z.string({ message: required }).trim().min(1, required).max(max, `At most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Body of POST and PUT /api/app/organization/{id}/billing-information: who is billed, and where. */
export const billingInformationBodySchema = z.object({
  companyName: text(200, 'Enter the company name'),
  companyType: z.enum(CompanyType, { message: 'Choose a company type' }),
  addressLine1: text(200, 'Enter the street address'),
  addressLine2: optionalText(200),
  city: text(100, 'Enter the city'),
  state: optionalText(100),
  postalCode: text(20, 'Enter the postal code'),
  countryCode: z
    .string({ message: 'Choose a country' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose a country')
    .transform((code) => code.toUpperCase()),
  taxId: optionalText(50),
  billingEmail: z
    .string()
    .trim()
    .max(254, 'That e-mail address is too long')
    .pipe(z.email({ message: 'Enter a valid billing e-mail address' })),
});
/** The billing information as sent. */
export type BillingInformationInput = z.input<typeof billingInformationBodySchema>;
/** The billing information as stored and answered. */
export type BillingInformation = z.infer<typeof billingInformationBodySchema>;
/** Answer of GET/POST/PUT billing-information (GET answers 204 when there is none). */
export const billingInformationSchema = z.object({
  companyName: z.string(),
  companyType: z.enum(CompanyType),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postalCode: z.string(),
  countryCode: z.string(),
  taxId: z.string().nullable(),
  billingEmail: z.string(),
});

/** Where an organization's subscription stands, in our words (`none` until the provider has it). */
export const subscriptionStatusSchema = z.enum([
  'none',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'paused',
]);
/** One subscription status. */
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Days an organization may stay past due before its administrators are told the subscription will end. */
export const pastDueGraceDays = 14;

/** The saved card as shown (never the number). */
export const savedCardSchema = z.object({
  brand: z.string(),
  brandName: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

/** Answer of GET /api/app/organization/{id}/billing: the subscription, the card and the provider. */
export const billingSummarySchema = z.object({
  status: subscriptionStatusSchema,
  planName: z.string().nullable(),
  monthUnitAmount: z.number().int().nullable(),
  trialEndsAt: z.iso.datetime().nullable(),
  currentPeriodEndsAt: z.iso.datetime().nullable(),
  pastDueSince: z.iso.datetime().nullable(),
  graceEndsAt: z.iso.datetime().nullable(),
  card: savedCardSchema.nullable(),
  provider: z.object({
    name: z.string(),
    sandbox: z.boolean(),
    publishableKey: z.string(),
    sandboxApiUrl: z.string().nullable(),
  }),
});
/** The parsed billing summary. */
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** Answer of POST {id}/payment-method/setup: what the browser confirms the card with. */
export const cardSetupResponseSchema = z.object({
  setupId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string(),
  sandboxApiUrl: z.string().nullable(),
});
/** The parsed card setup. */
export type CardSetupResponse = z.infer<typeof cardSetupResponseSchema>;

/** Body of POST {id}/payment-method: the confirmed setup whose card becomes the organization's. */
export const savePaymentMethodBodySchema = z.object({
  setupId: z
    .string({ message: 'setupId is required' })
    .regex(/^seti_[A-Za-z0-9]+$/, 'setupId must be a card setup id'),
});

/** One invoice as listed. */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  currency: z.string(),
  createdAt: z.iso.datetime(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
/** One listed invoice. */
export type Invoice = z.infer<typeof invoiceSchema>;

/** Answer of GET {id}/invoices/{startingAfterId}: up to 20 invoices, newest first, and whether more follow. */
export const invoicesPageSchema = z.object({ items: z.array(invoiceSchema), hasMore: z.boolean() });
/** The parsed invoice page. */
export type InvoicesPage = z.infer<typeof invoicesPageSchema>;
