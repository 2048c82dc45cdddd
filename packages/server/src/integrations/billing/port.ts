/**
 * The billing port (ARCHITECTURE §2b): customers, plan prices, subscriptions with trials, saved cards, invoices,
 * one-off payments and refunds, in our words. One adapter (Stripe, through its official SDK); use cases call this,
 * never the SDK. Every create carries an idempotency key derived from our own ids, so a retried job or a double
 * submit creates one object at the vendor.
 */
export interface BillingPort {
  readonly vendor: 'stripe';
  /** True when the adapter talks to our own sandbox (screens say so, and show the sandbox card form). */
  readonly sandbox: boolean;
  /** What the browser needs to collect a card: the publishable key, and the sandbox's address when sandboxed. */
  clientConfig(): BillingClientConfig;
  /** The vendor prices of one catalog plan (monthly and yearly), created once per plan and amount. */
  ensurePlanPrices(plan: PlanForPrices, ctx: BillingCallContext): Promise<{ month: string; year: string }>;
  /** The customer of one organization, created once (keyed by the organization id). */
  createCustomer(input: CustomerInput, ctx: BillingCallContext): Promise<{ customerId: string }>;
  /** Mirrors the organization's billing information onto its customer. */
  updateCustomer(customerId: string, input: CustomerDetails, ctx: BillingCallContext): Promise<void>;
  /** Starts the organization's subscription on a trial (no card needed), created once per organization and price. */
  startSubscription(input: SubscriptionInput, ctx: BillingCallContext): Promise<BillingSubscription>;
  /** Re-reads a subscription (webhooks are hints: what we store is what this answers). */
  getSubscription(subscriptionId: string, ctx: BillingCallContext): Promise<BillingSubscription>;
  /** Starts collecting a card for later off-session charges; the browser confirms it with the client secret. */
  createCardSetup(input: { customerId: string; key: string }, ctx: BillingCallContext): Promise<CardSetup>;
  /** Re-reads a card setup: its state and, once it succeeded, the card. */
  getCardSetup(setupId: string, ctx: BillingCallContext): Promise<CardSetupState>;
  /**
   * Makes a set-up card the customer's and the subscription's default, then pays any open invoice with it
   * (a past-due organization recovers as soon as a working card is saved). Answers whether every invoice is paid.
   */
  useCard(
    input: { customerId: string; subscriptionId: string | null; paymentMethodId: string },
    ctx: BillingCallContext,
  ): Promise<{ openInvoicesPaid: boolean }>;
  /** A page of the customer's invoices, newest first, after the invoice `startingAfter`. */
  listInvoices(
    customerId: string,
    page: { startingAfter: string | null; limit: number },
    ctx: BillingCallContext,
  ): Promise<{ items: BillingInvoice[]; hasMore: boolean }>;
  /** Re-reads an invoice: which subscription and customer it bills (an invoice event leads to its subscription). */
  getInvoice(
    invoiceId: string,
    ctx: BillingCallContext,
  ): Promise<{ id: string; subscriptionId: string | null; customerId: string | null; status: string | null }>;
  /** Charges a saved card once (a member paying for requirements), keyed by our payment id. */
  charge(input: ChargeInput, ctx: BillingCallContext): Promise<BillingPayment>;
  /** Re-reads a payment. */
  getPayment(paymentId: string, ctx: BillingCallContext): Promise<BillingPayment>;
  /** Refunds a payment in full or in part, keyed by our refund id. */
  refund(
    input: { paymentId: string; amount?: number; key: string },
    ctx: BillingCallContext,
  ): Promise<{ refundId: string; amount: number }>;
  /**
   * Checks a webhook delivery's signature over the exact bytes received and reads what it is about; throws
   * {@link InvalidBillingWebhook} when it is not the vendor's.
   */
  readWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): { eventId: string; objectType: string; objectId: string; occurredAt: Date | null };
  close(): Promise<void>;
}

/** Ties vendor calls to the request or job that made them. */
export type BillingCallContext = { correlationId?: string };

/** What the browser's card form needs. */
export type BillingClientConfig = { publishableKey: string; sandboxApiUrl: string | null };

/** A catalog plan, as prices are made from it. */
export type PlanForPrices = {
  id: string;
  productName: string;
  monthUnitAmount: number;
  yearUnitAmount: number;
  currency: string;
};

/** The organization a customer is created for. */
export type CustomerInput = {
  organizationId: string;
  name: string;
  email: string | null;
  testClockId?: string;
};

/** The organization's billing information as the customer mirrors it. */
export type CustomerDetails = {
  name: string;
  email: string | null;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string | null;
    postalCode: string;
    country: string;
  } | null;
  taxId: string | null;
  companyType: string | null;
};

/** A subscription to start: our organization, its customer, the price, and the trial in days. */
export type SubscriptionInput = {
  organizationId: string;
  customerId: string;
  priceId: string;
  trialDays: number;
};

/** The subscription states we keep (the vendor's own word is kept beside it). */
export const subscriptionStates = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'paused',
] as const;
/** One of {@link subscriptionStates}. */
export type SubscriptionState = (typeof subscriptionStates)[number];

/** A subscription as the port answers it. */
export type BillingSubscription = {
  id: string;
  customerId: string;
  organizationId: string | null;
  status: SubscriptionState;
  vendorStatus: string;
  priceId: string | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  defaultPaymentMethodId: string | null;
};

/** A card as shown: brand (the vendor's word, e.g. `visa`), last four digits and expiry. */
export type BillingCard = {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** A card setup the browser is to confirm. */
export type CardSetup = { setupId: string; clientSecret: string };

/** Where a card setup stands; `card` once it succeeded. */
export type CardSetupState = {
  setupId: string;
  customerId: string | null;
  status: 'needs_card' | 'needs_authentication' | 'processing' | 'succeeded' | 'canceled';
  card: BillingCard | null;
  /** The decline or authentication failure of the last attempt, in the vendor's words. */
  lastError: string | null;
};

/** An invoice as listed. */
export type BillingInvoice = {
  id: string;
  number: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amountDue: number;
  amountPaid: number;
  currency: string;
  createdAt: Date;
  periodStart: Date;
  periodEnd: Date;
  hostedUrl: string | null;
  pdfUrl: string | null;
};

/**
 * One charge: of a customer's saved card off session (`customerId` set), or of a card the member just entered in
 * the browser, on session (`customerId` null: a member paying for their own requirements has no customer).
 */
export type ChargeInput = {
  key: string;
  customerId: string | null;
  paymentMethodId: string;
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  receiptEmail: string | null;
};

/** A payment as the port answers it. */
export type BillingPayment = {
  id: string;
  status: 'succeeded' | 'declined' | 'pending';
  amount: number;
  currency: string;
  declineReason: string | null;
  metadata: Record<string, string>;
};

/** The card was declined or needs authentication that cannot happen off session (a 402 card error). */
export class CardDeclined extends Error {
  constructor(
    readonly code: string,
    readonly declineCode: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** A webhook delivery whose signature is missing or wrong: refused, nothing stored. */
export class InvalidBillingWebhook extends Error {
  constructor() {
    super('not a valid Stripe webhook signature');
  }
}
