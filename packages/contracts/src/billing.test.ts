import { describe, expect, it } from 'vitest';

import {
  CardBrand,
  CompanyType,
  cardBrandLabel,
  cardBrandLabels,
  companyTypeLabels,
  companyTypeSchema,
  invoicePageLimit,
} from './billing.ts';

describe('billing', () => {
  it('card brands are the spec brands with their display names', () => {
    const spec = [
      ['amex', 'American Express'],
      ['cartes_bancaires', 'Cartes Bancaires'],
      ['diners', 'Diners Club'],
      ['discover', 'Discover'],
      ['jcb', 'JCB'],
      ['mastercard', 'Mastercard'],
      ['visa', 'Visa'],
      ['unionpay', 'UnionPay'],
    ];
    expect(Object.values(CardBrand)).toEqual(spec.map(([brand]) => brand));
    expect(Object.entries(cardBrandLabels)).toEqual(spec);
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('link')).toBe('link');
    expect(cardBrandLabel('toString')).toBe('toString');
  });

  it('company types are the spec slugs, each labelled', () => {
    const spec = [
      'b-corporation',
      'corporation',
      'c-corporation',
      'limited-liability-partnership',
      'limited-liability-corporation',
      'limited-partnership',
      'non-profit',
    ];
    expect(Object.values(CompanyType)).toEqual(spec);
    expect(Object.keys(companyTypeLabels)).toEqual(spec);
    expect(companyTypeLabels['non-profit']).toBe('Non-Profit');
    expect(companyTypeSchema.safeParse('llc').success).toBe(false);
  });

  it('invoices are paged by 20', () => {
    expect(invoicePageLimit).toBe(20);
  });
});
