/** Stripe's address object. */
export type Address = {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
};

/** The objects the sandbox keeps, in Stripe's shapes (API version 2023-08-16 fields plus the newer ones noted). */
export type Customer = {
  id: string;
  object: 'customer';
  address: Address | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: string | null;
};

export type Product = {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  features: never[];
  images: string[];
  livemode: false;
  metadata: Record<string, string>;
  name: string;
  package_dimensions: null;
  shippable: null;
  statement_descriptor: null;
  tax_code: null;
  unit_label: null;
  updated: number;
  url: null;
};

export type Price = {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: {
    aggregate_usage: null;
    interval: 'day' | 'week' | 'month' | 'year';
    interval_count: number;
    trial_period_days: null;
    usage_type: 'licensed';
  } | null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
};

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  billing_details: {
    address: Address | null;
    email: string | null;
    name: string | null;
    phone: string | null;
  };
  card: {
    brand: string;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
    country: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: string;
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    three_d_secure_usage: { supported: boolean };
    wallet: null;
  };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  type: 'card';
};

/** The error an intent or invoice payment last met (Stripe's `api_errors`). */
export type LastError = {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
  doc_url: string;
};

export type SetupIntent = {
  id: string;
  object: 'setup_intent';
  application: null;
  automatic_payment_methods: null;
  cancellation_reason: null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  flow_directions: null;
  last_setup_error: LastError | null;
  latest_attempt: null;
  livemode: false;
  mandate: null;
  metadata: Record<string, string>;
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { return_url: string | null; url: string };
  } | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_types: string[];
  single_use_mandate: null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
};

export type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  /** Newer API versions moved the period onto the item; both are kept. */
  current_period_end: number;
  current_period_start: number;
  metadata: Record<string, string>;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: never[];
};

export type SubscriptionStatus =
  'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused' | 'unpaid';

export type Subscription = {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: null;
  automatic_tax: { enabled: false };
  billing_cycle_anchor: number;
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  current_period_end: number;
  current_period_start: number;
  customer: string;
  days_until_due: null;
  default_payment_method: string | null;
  default_source: null;
  default_tax_rates: never[];
  description: string | null;
  discount: null;
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: null;
  pause_collection: null;
  payment_settings: {
    payment_method_options: null;
    payment_method_types: null;
    save_default_payment_method: 'off' | 'on_subscription';
  };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: string | null;
  transfer_data: null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: 'cancel' | 'create_invoice' | 'pause' } };
  trial_start: number | null;
};

export type InvoiceLine = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: never[];
  discountable: true;
  discounts: never[];
  livemode: false;
  metadata: Record<string, string>;
  period: { start: number; end: number };
  price: Price;
  proration: false;
  quantity: number;
  subscription: string;
  type: 'subscription';
};

export type Invoice = {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  automatic_tax: { enabled: false; status: null };
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: null;
  default_tax_rates: never[];
  description: null;
  discount: null;
  discounts: never[];
  due_date: null;
  ending_balance: number | null;
  hosted_invoice_url: string;
  invoice_pdf: string;
  last_finalization_error: null;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
  livemode: false;
  metadata: Record<string, string>;
  next_payment_attempt: number | null;
  number: string;
  paid: boolean;
  paid_out_of_band: false;
  payment_intent: string | null;
  payment_settings: { default_mandate: null; payment_method_options: null; payment_method_types: null };
  period_end: number;
  period_start: number;
  post_payment_credit_notes_amount: 0;
  pre_payment_credit_notes_amount: 0;
  starting_balance: 0;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: null;
  };
  subscription: string;
  subtotal: number;
  test_clock: string | null;
  total: number;
  total_tax_amounts: never[];
  webhooks_delivered_at: number | null;
};

export type PaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: 0;
  amount_received: number;
  application: null;
  canceled_at: null;
  cancellation_reason: null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  invoice: string | null;
  last_payment_error: LastError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';
};

export type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
};

export type TestClock = {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing';
};

/** Anything the sandbox stores and an event can carry. */
export type StripeObject =
  | Customer
  | Product
  | Price
  | PaymentMethod
  | SetupIntent
  | Subscription
  | Invoice
  | PaymentIntent
  | Refund
  | TestClock;

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};
