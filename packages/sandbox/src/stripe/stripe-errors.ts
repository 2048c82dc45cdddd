import { VendorError } from '../harness.ts';
import type { TestCard } from './stripe-cards.ts';
import type { LastError } from './stripe-types.ts';

/** Stripe's error object (`{error: {type, code, message, param, decline_code, doc_url}}`), thrown from a route. */
export function stripeError(
  status: number,
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error',
  message: string,
  extra: { code?: string; param?: string; decline_code?: string } = {},
): VendorError {
  const doc = extra.code
    ? { doc_url: `https://stripe.com/docs/error-codes/${extra.code.replace(/_/g, '-')}` }
    : {};
  return new VendorError(status, { error: { type, message, ...extra, ...doc } });
}

/** A missing object: 404 `resource_missing`, naming the id as Stripe does. */
export function missing(kind: string, id: string, param = 'id'): VendorError {
  return stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });
}

/** A missing or malformed parameter: 400 `parameter_missing` / `parameter_invalid_*`. */
export function badParam(param: string, message?: string): VendorError {
  return stripeError(400, 'invalid_request_error', message ?? `Missing required param: ${param}.`, {
    code: message ? 'parameter_invalid_empty' : 'parameter_missing',
    param,
  });
}

/** The card error a charge of this test card meets. */
export const declineOf = (card: TestCard): LastError =>
  card.charge === 'insufficient_funds'
    ? errorOf('card_declined', 'Your card has insufficient funds.', 'insufficient_funds')
    : errorOf('card_declined', 'Your card was declined.', 'generic_decline');

/** Stripe's error object for an intent's or invoice's last attempt. */
export function errorOf(code: string, message: string, declineCode?: string): LastError {
  return {
    type: 'card_error',
    code,
    ...(declineCode ? { decline_code: declineCode } : {}),
    message,
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
  };
}
