import Stripe from 'stripe';
import type { HttpLogger } from '../http/http-client.ts';
import { VendorHttpError, VendorUnreachableError } from '../http/vendor-errors.ts';
import type { IdentitySession, IdentityVerificationPort } from './port.ts';

/** Where the adapter reaches Stripe (or our sandbox) and with which key. */
export type StripeIdentitySettings = {
  apiUrl: string;
  secretKey: string;
  sandbox?: boolean;
  logger: HttpLogger;
  timeoutMs?: number;
};

const statuses: readonly IdentitySession['status'][] = [
  'requires_input',
  'processing',
  'verified',
  'canceled',
];
const pad = (n: number) => String(n).padStart(2, '0');

/** A Stripe VerificationSession in the port's words (docs.stripe.com/api/identity/verification_sessions/object). */
function sessionOf(vs: Stripe.Identity.VerificationSession): IdentitySession {
  const outputs = typeof vs.verified_outputs === 'object' ? vs.verified_outputs : null;
  const dob = outputs?.dob;
  const redacted = vs.redaction?.status === 'redacted';
  return {
    id: vs.id,
    status: statuses.find((s) => s === vs.status) ?? 'requires_input',
    url: vs.url,
    lastError: vs.last_error
      ? { code: vs.last_error.code ?? 'unknown', reason: vs.last_error.reason ?? '' }
      : null,
    verified:
      outputs && !redacted
        ? {
            firstName: outputs.first_name,
            lastName: outputs.last_name,
            dateOfBirth:
              dob?.year && dob.month && dob.day ? `${dob.year}-${pad(dob.month)}-${pad(dob.day)}` : null,
          }
        : null,
  };
}

/**
 * The identity port on Stripe Identity through the official SDK (`stripe.identity.verificationSessions`), which
 * our Stripe sandbox answers through the SDK's host, port and protocol settings. A session asks for a document
 * and a matching live selfie; the create call carries an idempotency key derived from our ids.
 */
export function stripeIdentityAdapter(settings: StripeIdentitySettings): IdentityVerificationPort {
  const url = new URL(settings.apiUrl);
  const stripe = new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Touchline' },
  });

  async function call<T>(what: string, ctx: { correlationId?: string }, run: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      const result = await run();
      settings.logger.info(
        { vendor: 'stripe-identity', call: what, ms: Date.now() - started, correlationId: ctx.correlationId },
        'vendor call',
      );
      return result;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeConnectionError)
        throw new VendorUnreachableError('stripe', 'network');
      if (error instanceof Stripe.errors.StripeError) {
        settings.logger.warn(
          { vendor: 'stripe-identity', call: what, status: error.statusCode },
          'vendor error',
        );
        throw new VendorHttpError('stripe', error.statusCode ?? 500, error.message);
      }
      throw error;
    }
  }

  const expand = ['verified_outputs', 'verified_outputs.dob'];
  return {
    sandbox: settings.sandbox === true,
    createSession: (input, ctx) =>
      call('identity.verification_sessions.create', ctx, async () =>
        sessionOf(
          await stripe.identity.verificationSessions.create(
            {
              type: 'document',
              options: {
                document: {
                  allowed_types: [...input.documentKinds],
                  require_matching_selfie: true,
                  require_live_capture: true,
                },
              },
              metadata: input.metadata,
              return_url: input.returnUrl,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),
    retrieveSession: (id, ctx) =>
      call('identity.verification_sessions.retrieve', ctx, async () =>
        sessionOf(await stripe.identity.verificationSessions.retrieve(id, { expand })),
      ),
    redactSession: (id, ctx) =>
      call('identity.verification_sessions.redact', ctx, async () => {
        await stripe.identity.verificationSessions.redact(id);
      }),
  };
}
