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
