/** How a sandbox test card behaves: its brand, and what happens when it is set up or charged. */
export type TestCard = {
  brand: string;
  funding: 'credit' | 'debit' | 'prepaid';
  country: string;
  /** Setting the card up (SetupIntent confirm, attach): works, needs 3-D Secure first, or is declined. */
  setup: 'succeeds' | 'requires_action' | 'declined';
  /** Charging the saved card later, off session. */
  charge: 'succeeds' | 'declined' | 'insufficient_funds';
};

/**
 * Stripe's published test card numbers (docs.stripe.com/testing) with the behaviour Stripe documents for each:
 * the brands the spec names, a card declined outright, a card that needs authentication when set up (and charges
 * off session afterwards), and cards that attach but fail when charged (to drive a subscription past due).
 */
export const testCards: Record<string, TestCard> = {
  '4242424242424242': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '4000056655665556': {
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '5555555555554444': {
    brand: 'mastercard',
    funding: 'credit',
    country: 'US',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '378282246310005': {
    brand: 'amex',
    funding: 'credit',
    country: 'US',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '6011111111111117': {
    brand: 'discover',
    funding: 'credit',
    country: 'US',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '3056930009020004': {
    brand: 'diners',
    funding: 'credit',
    country: 'US',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '3566002020360505': {
    brand: 'jcb',
    funding: 'credit',
    country: 'JP',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '6200000000000005': {
    brand: 'unionpay',
    funding: 'credit',
    country: 'CN',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '4000002500001001': {
    brand: 'cartes_bancaires',
    funding: 'credit',
    country: 'FR',
    setup: 'succeeds',
    charge: 'succeeds',
  },
  '4000000000000002': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    setup: 'declined',
    charge: 'declined',
  },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    setup: 'succeeds',
    charge: 'insufficient_funds',
  },
  '4000000000000341': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    setup: 'succeeds',
    charge: 'declined',
  },
  '4000002500003155': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    setup: 'requires_action',
    charge: 'succeeds',
  },
};

/** Stripe's test PaymentMethod ids (`pm_card_visa`…) and the card number each stands for. */
export const testPaymentMethodTokens: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_diners: '3056930009020004',
  pm_card_jcb: '3566002020360505',
  pm_card_unionpay: '6200000000000005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
};

/** The card a number is, or undefined: the sandbox takes only test numbers (it is never sent a real card). */
export function testCardFor(number: string): TestCard | undefined {
  return testCards[number.replace(/[\s-]/g, '')];
}
