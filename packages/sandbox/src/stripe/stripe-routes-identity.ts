import type { FastifyReply } from 'fastify';
import { stripeError } from './stripe-errors.ts';
import { list, metadataOf, obj, str, type FormObject } from './stripe-form.ts';
import { queryOf, type Req, type RouteKit } from './stripe-http.ts';
import { stripeId, unix } from './stripe-ids.ts';
import type { StripeObject } from './stripe-types.ts';

/** A VerificationSession (docs.stripe.com/api/identity/verification_sessions/object), as the sandbox keeps it. */
export type VerificationSession = {
  id: string;
  object: 'identity.verification_session';
  client_secret: string;
  created: number;
  last_error: { code: string; reason: string } | null;
  last_verification_report: string | null;
  livemode: false;
  metadata: Record<string, string>;
  options: {
    document: { allowed_types: string[]; require_matching_selfie: boolean; require_live_capture: boolean };
  };
  redaction: { status: 'processing' | 'redacted' } | null;
  return_url: string | null;
  status: 'requires_input' | 'processing' | 'verified' | 'canceled';
  type: 'document';
  url: string | null;
  verified_outputs: {
    first_name: string | null;
    last_name: string | null;
    dob: { day: number; month: number; year: number } | null;
    address: null;
    id_number_type: null;
  } | null;
};

/** What the sandbox's hosted page lets a test or a demo choose, standing in for the person's photos. */
export type IdentityOutcome = 'verified' | 'document_unverified' | 'selfie_mismatch' | 'processing';

const documentKinds = ['driving_license', 'id_card', 'passport'];
const errors: Record<
  Exclude<IdentityOutcome, 'verified' | 'processing'>,
  { code: string; reason: string }
> = {
  document_unverified: { code: 'document_unverified_other', reason: 'The document could not be verified.' },
  selfie_mismatch: {
    code: 'selfie_face_mismatch',
    reason: "The captured face image doesn't match with the document's face.",
  },
};

/**
 * Stripe Identity's VerificationSessions (`/v1/identity/verification_sessions`: create, retrieve with
 * `expand[]=verified_outputs(.dob)`, cancel, redact) and the hosted verification page the session's `url` opens,
 * where the person's document and selfie are simulated by choosing an outcome (the sandbox never sees a face).
 * State changes emit `identity.verification_session.*` events to the webhook endpoints.
 */
export function registerIdentityRoutes(kit: RouteKit, baseUrl: () => string) {
  const { app, store, body, now } = kit;
  const sessions = new Map<string, VerificationSession>();
  const emit = (type: string, vs: VerificationSession) => store.event(type, vs as unknown as StripeObject);
  const get = (id: string) => {
    const vs = sessions.get(id);
    if (!vs)
      throw stripeError(404, 'invalid_request_error', `No such verification session: '${id}'`, {
        code: 'resource_missing',
        param: 'id',
      });
    return vs;
  };
  /** The session as the API shows it: `verified_outputs` only when expanded (it is an includable field). */
  const present = (request: Req, vs: VerificationSession) => {
    const expand = [
      ...list(queryOf(request), 'expand'),
      ...list((request.body as FormObject | undefined) ?? {}, 'expand'),
    ];
    const copy = structuredClone(vs);
    if (!expand.includes('verified_outputs')) copy.verified_outputs = null;
    else if (copy.verified_outputs && !expand.includes('verified_outputs.dob'))
      copy.verified_outputs.dob = null;
    return copy;
  };

  app.post('/v1/identity/verification_sessions', async (request: Req) => {
    const form = body(request);
    if (str(form, 'type') !== 'document')
      throw stripeError(
        400,
        'invalid_request_error',
        'This sandbox verifies documents only: type must be document.',
        {
          code: 'parameter_invalid_empty',
          param: 'type',
        },
      );
    const document = obj(obj(form, 'options'), 'document');
    const allowed = list(document, 'allowed_types').filter((t): t is string => typeof t === 'string');
    const bad = allowed.find((t) => !documentKinds.includes(t));
    if (bad)
      throw stripeError(400, 'invalid_request_error', `Invalid allowed_types: ${bad}`, {
        code: 'parameter_invalid_empty',
        param: 'options[document][allowed_types]',
      });
    const id = stripeId('vs');
    const vs: VerificationSession = {
      id,
      object: 'identity.verification_session',
      client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
      created: unix(now()),
      last_error: null,
      last_verification_report: null,
      livemode: false,
      metadata: metadataOf(form),
      options: {
        document: {
          allowed_types: allowed.length > 0 ? allowed : documentKinds,
          require_matching_selfie: str(document, 'require_matching_selfie') === 'true',
          require_live_capture: str(document, 'require_live_capture') === 'true',
        },
      },
      redaction: null,
      return_url: str(form, 'return_url') ?? null,
      status: 'requires_input',
      type: 'document',
      url: `${baseUrl()}/hosted/identity/${id}`,
      verified_outputs: null,
    };
    sessions.set(id, vs);
    emit('identity.verification_session.created', vs);
    return present(request, vs);
  });
  app.get('/v1/identity/verification_sessions/:id', async (request: Req) =>
    present(request, get(request.params.id!)),
  );
  app.post('/v1/identity/verification_sessions/:id/cancel', async (request: Req) => {
    const vs = get(request.params.id!);
    if (vs.status !== 'requires_input')
      throw stripeError(
        400,
        'invalid_request_error',
        `You cannot cancel a session with status ${vs.status}.`,
      );
    vs.status = 'canceled';
    vs.url = null;
    emit('identity.verification_session.canceled', vs);
    return present(request, vs);
  });
  app.post('/v1/identity/verification_sessions/:id/redact', async (request: Req) => {
    const vs = get(request.params.id!);
    if (vs.status === 'processing')
      throw stripeError(400, 'invalid_request_error', 'You cannot redact a session that is processing.');
    vs.redaction = { status: 'redacted' };
    if (vs.verified_outputs)
      vs.verified_outputs = {
        first_name: '[redacted]',
        last_name: '[redacted]',
        dob: { day: 1, month: 1, year: 1900 },
        address: null,
        id_number_type: null,
      };
    vs.metadata = {};
    emit('identity.verification_session.redacted', vs);
    return present(request, vs);
  });

  // The hosted page: what the person would see, and the outcome a test or a demo submits for them.
  app.get<{ Params: { id: string } }>('/hosted/identity/:id', async (request, reply: FastifyReply) => {
    const vs = get(request.params.id);
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox identity verification</title><style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:32rem}label,select,button{display:block;margin:.5rem 0}input,select{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}button{font-size:1rem;padding:.5rem 1rem}</style></head><body><p><strong>Stripe Identity SANDBOX - no document or face leaves this machine</strong></p><p>Session ${vs.id}: ${vs.status}</p><form method="post" action="/hosted/identity/${vs.id}"><label>First name <input name="first_name"></label><label>Last name <input name="last_name"></label><label>Date of birth <input name="dob" type="date"></label><label>Outcome <select name="outcome"><option value="verified">Verified</option><option value="document_unverified">Document not verified</option><option value="selfie_mismatch">Selfie does not match</option><option value="processing">Still processing</option></select></label><button>Submit</button></form></body></html>`,
      );
  });
  app.post<{ Params: { id: string } }>('/hosted/identity/:id', async (request, reply: FastifyReply) => {
    const vs = get(request.params.id);
    const form = (request.body as FormObject | undefined) ?? {};
    const outcome = (str(form, 'outcome') ?? 'verified') as IdentityOutcome;
    if (vs.status === 'canceled' || vs.status === 'verified')
      throw stripeError(400, 'invalid_request_error', `This session is ${vs.status}.`);
    if (outcome === 'processing') {
      vs.status = 'processing';
      emit('identity.verification_session.processing', vs);
    } else if (outcome === 'verified') {
      const [year, month, day] = (str(form, 'dob') ?? '').split('-').map(Number);
      vs.status = 'verified';
      vs.last_error = null;
      vs.last_verification_report = stripeId('vr');
      vs.verified_outputs = {
        first_name: str(form, 'first_name') ?? null,
        last_name: str(form, 'last_name') ?? null,
        dob: year && month && day ? { year, month, day } : null,
        address: null,
        id_number_type: null,
      };
      emit('identity.verification_session.verified', vs);
    } else {
      vs.status = 'requires_input';
      vs.last_error = errors[outcome] ?? errors.document_unverified;
      vs.last_verification_report = stripeId('vr');
      emit('identity.verification_session.requires_input', vs);
    }
    if (vs.return_url && str(form, 'redirect') === 'true') return reply.redirect(vs.return_url);
    return { id: vs.id, status: vs.status };
  });
}
