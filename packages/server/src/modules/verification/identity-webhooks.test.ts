import { and, eq, like } from 'drizzle-orm';
import {
  createStripeSandbox,
  signStripeWebhook,
  type StripeSandbox,
} from '@touchline/sandbox/stripe/stripe-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { eventually } from '../../../test/mail.ts';
import type { TestMember } from '../../../test/factories.ts';
import { verifications, webhookEvents } from '../../db/schema/index.ts';
import { buildIntegrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { lockRequirementForSystem } from '../../requirement-core/requirement-target.ts';
import { facePhoto } from './face.samples.ts';
import { applyIdentitySession, type IdentityReading } from './identity-session-sync.ts';
import { sweepOpenIdentitySessions } from './identity-session.jobs.ts';
import {
  addVerificationDefinition,
  closeWorld,
  createWorld,
  multipartFile,
  requirementOf,
  type World,
} from './verification.test-support.ts';

const keys = {
  secretKey: 'sk_test_idvhook',
  publishableKey: 'pk_test_idvhook',
  webhookSecret: 'whsec_idvhook',
};
const config = { blurThreshold: 100, imageRetentionDays: 30, identitySweepAfterMinutes: 30 };
let stripe: StripeSandbox;
let w: World;
let idvId = '';
let stripeUrl = '';

beforeAll(async () => {
  stripe = createStripeSandbox(keys);
  stripeUrl = await stripe.listen();
  const integrations = buildIntegrations(
    { yardstik: undefined, stripe: { apiUrl: stripeUrl, ...keys, sandbox: true }, billingTrialDays: 30 },
    { info() {}, warn() {} },
  );
  w = await createWorld({ integrations });
  idvId = await addVerificationDefinition(w, RequirementType.IdentityVerification, {}, 'Identity');
  // Stripe delivers to our real endpoint over HTTP, signed, each event twice and newest first.
  const appUrl = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhooks.addEndpoint(`${appUrl}/api/webhooks/stripe`);
  stripe.webhooks.configure({ duplicates: 1, reorder: true, reorderWindowMs: 150 });
  await w.t.app.jobs.startWorkers(jobDepsOf(w.t.app), { pollingIntervalSeconds: 0.5 });
}, 240_000);
afterAll(async () => {
  stripe.webhooks.close();
  await closeWorld(w);
  await stripe.close();
});

const url = (member: TestMember, action: string, extra = '') =>
  `/api/app/requirement/${idvId}/${action}?plaId=${member.profileLevelAccessId}${extra}`;
const read = async (member: TestMember) =>
  (
    await w.t.app.inject({ method: 'GET', url: url(member, 'identity-verification'), headers: member.auth })
  ).json();

/** Consent, the face photo through our checks: answers the vendor's hosted page and session id. */
async function openSession(member: TestMember): Promise<{ vendorUrl: string; sessionId: string }> {
  const started = await w.t.app.inject({
    method: 'POST',
    url: url(
      member,
      'start-identity-verification',
      '&documentType=GovernmentIssuedPassport&dateOfBirth=2013-05-14&consent=accepted',
    ),
    headers: member.auth,
  });
  expect(started.statusCode).toBe(200);
  const body = multipartFile('photo', 'selfie.png', 'image/png', await facePhoto());
  const face = await w.t.app.inject({
    method: 'POST',
    url: url(member, 'progress-identity-verification'),
    headers: { ...body.headers, ...member.auth },
    payload: body.payload,
  });
  expect(face.statusCode).toBe(200);
  const vendorUrl = face.json().vendorUrl as string;
  return { vendorUrl, sessionId: vendorUrl.split('/').at(-1)! };
}
const atVendor = (vendorUrl: string, fields: Record<string, string>) =>
  fetch(vendorUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const identityEvents = (sessionId: string) =>
  w.t.database.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.objectId, sessionId), like(webhookEvents.objectType, 'identity.%')));

describe('Stripe Identity webhooks move a verification on without the member polling', () => {
  it('processing then verified, delivered twice and newest first: stored once each, cleared, redacted', async () => {
    const jane = w.members[0]!;
    const { vendorUrl, sessionId } = await openSession(jane);
    expect((await atVendor(vendorUrl, { outcome: 'processing' })).status).toBe(200);
    await stripe.webhooks.idle();
    // The processing event alone: the member is told to wait, the vendor link is gone.
    await eventually(async () => (await read(jane)).nextStep === 'wait', 'the processing webhook applied');
    expect((await read(jane)).vendorUrl).toBeNull();
    await atVendor(vendorUrl, {
      outcome: 'verified',
      first_name: 'Jane',
      last_name: 'Smith',
      dob: '2013-05-14',
    });
    await stripe.webhooks.idle();
    await eventually(async () => (await read(jane)).status === 'ClearedVerification', 'cleared by webhook');
    expect(await read(jane)).toMatchObject({
      nextStep: 'done',
      read: { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' },
    });
    expect((await requirementOf(w, jane, idvId)).status).toBe(RequirementStatus.Completed);
    await eventually(
      async () => (await identityEvents(sessionId)).every((e) => e.state !== 'received'),
      'every identity event processed',
    );
    const events = await identityEvents(sessionId);
    // created, processing, verified (and redacted, after our decision): each stored once though sent twice.
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(
      stripe.webhooks.deliveries().filter((d) => events.some((e) => e.eventId === d.eventId)).length,
    ).toBe(events.length * 2);
    const vendor = await fetch(`${stripeUrl}/v1/identity/verification_sessions/${sessionId}`, {
      headers: { authorization: `Bearer ${keys.secretKey}` },
    });
    expect(((await vendor.json()) as { redaction: unknown }).redaction).toEqual({ status: 'redacted' });
  }, 60_000);

  it('a refusal by the vendor reaches review by webhook with the vendor reason', async () => {
    const sam = w.members[1]!;
    const { vendorUrl } = await openSession(sam);
    await atVendor(vendorUrl, { outcome: 'selfie_mismatch' });
    await eventually(async () => (await read(sam)).status === 'PendingReview', 'review by webhook');
    expect((await read(sam)).reasons[0]).toMatch(/selfie_face_mismatch/);
  }, 60_000);

  it('an older read never overwrites a newer one', async () => {
    const alex = w.members[2]!;
    const { sessionId } = await openSession(alex);
    const [attempt] = await w.t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.vendorSessionId, sessionId));
    const apply = (status: 'processing' | 'requires_input', readAt: Date) =>
      w.t.database.db.transaction(async (tx) => {
        const loaded = await lockRequirementForSystem(tx, w.org.id, attempt!.memberRequirementId);
        const session = { id: sessionId, status, url: null, lastError: null, verified: null };
        return applyIdentitySession(tx, config, loaded!, attempt!.id, session, readAt);
      });
    const later = new Date(Date.now() + 60_000);
    expect(await apply('processing', later)).toBe('updated');
    expect(await apply('requires_input', new Date(later.getTime() - 1000))).toBe('stale');
    const [row] = await w.t.database.db.select().from(verifications).where(eq(verifications.id, attempt!.id));
    expect((row!.reading as IdentityReading).vendorStatus).toBe('processing');
    expect((await read(alex)).nextStep).toBe('wait');
  }, 60_000);

  it('a lost webhook: the sweep re-reads sessions left open, through the queue, once per window', async () => {
    const maya = w.members[3]!;
    const { vendorUrl } = await openSession(maya);
    stripe.faults.arm({ mode: 'drop-webhooks' });
    try {
      await atVendor(vendorUrl, {
        outcome: 'verified',
        first_name: 'Maya',
        last_name: 'Lopez',
        dob: '2013-05-14',
      });
    } finally {
      stripe.faults.clear();
    }
    expect((await read(maya)).status).toBe('PendingVerification');
    const deps = jobDepsOf(w.t.app);
    // Not yet a while: nothing to re-read.
    expect(await sweepOpenIdentitySessions(deps, config)).toBe(0);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await sweepOpenIdentitySessions(deps, config, later)).toBeGreaterThanOrEqual(1);
    expect(await sweepOpenIdentitySessions(deps, config, later)).toBe(0);
    await eventually(async () => (await read(maya)).status === 'ClearedVerification', 'cleared by the sweep');
  }, 60_000);

  it('an identity event signed with another secret is refused and stores nothing; one not ours is ignored', async () => {
    const event = (id: string, session: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'identity.verification_session.verified',
        created: 1,
        data: { object: { id: session, object: 'identity.verification_session' } },
      });
    const forged = event('evt_idv_forged', 'vs_forged');
    const refused = await w.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripeWebhook('whsec_other', forged),
      },
      payload: forged,
    });
    expect(refused.statusCode).toBe(401);
    expect(await identityEvents('vs_forged')).toHaveLength(0);
    const stranger = event('evt_idv_stranger', 'vs_not_ours');
    const accepted = await w.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripeWebhook(keys.webhookSecret, stranger),
      },
      payload: stranger,
    });
    expect(accepted.statusCode).toBe(200);
    await eventually(
      async () => (await identityEvents('vs_not_ours'))[0]?.state === 'ignored',
      'a session none of ours is ignored',
    );
  });
});
