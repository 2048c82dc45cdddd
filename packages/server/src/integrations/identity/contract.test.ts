import { createStripeSandbox, type StripeSandbox } from '@touchline/sandbox/stripe/stripe-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../http/vendor-errors.ts';
import type { IdentityVerificationPort } from './port.ts';
import { stripeIdentityAdapter } from './stripe-identity.adapter.ts';

const keys = {
  secretKey: 'sk_test_identity',
  publishableKey: 'pk_test_identity',
  webhookSecret: 'whsec_identity',
};
const quiet = { info() {}, warn() {} };
let sandbox: StripeSandbox;
let port: IdentityVerificationPort;

/** What the person does on the hosted page, simulated by its form. */
const complete = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  sandbox = createStripeSandbox(keys);
  const apiUrl = await sandbox.listen();
  port = stripeIdentityAdapter({ apiUrl, secretKey: keys.secretKey, sandbox: true, logger: quiet });
});
afterAll(() => sandbox.close());

describe('the identity port against the Stripe sandbox (contract)', () => {
  const create = (key: string) =>
    port.createSession(
      {
        idempotencyKey: key,
        documentKinds: ['passport'],
        metadata: { memberRequirementId: 'mr-1' },
        returnUrl: 'http://localhost/back',
      },
      {},
    );

  it('creates a session waiting for the person, idempotently', async () => {
    const first = await create('idv-1');
    expect(first).toMatchObject({ status: 'requires_input', lastError: null, verified: null });
    expect(first.url).toMatch(/\/hosted\/identity\/vs_/);
    expect((await create('idv-1')).id).toBe(first.id);
    expect((await create('idv-2')).id).not.toBe(first.id);
  });

  it('reads a verified session with the extracted name and date of birth, then redacts it', async () => {
    const session = await create('idv-3');
    const done = await complete(session.url!, {
      outcome: 'verified',
      first_name: 'Jane',
      last_name: 'Smith',
      dob: '2013-05-14',
    });
    expect(done.status).toBe(200);
    expect(await port.retrieveSession(session.id, {})).toMatchObject({
      status: 'verified',
      verified: { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' },
    });
    await port.redactSession(session.id, {});
    expect((await port.retrieveSession(session.id, {})).verified).toBeNull();
  });

  it('reports why a session could not be verified', async () => {
    const session = await create('idv-4');
    await complete(session.url!, { outcome: 'selfie_mismatch' });
    expect(await port.retrieveSession(session.id, {})).toMatchObject({
      status: 'requires_input',
      lastError: { code: 'selfie_face_mismatch' },
      verified: null,
    });
  });

  it('an unknown session is the vendor 404', async () => {
    await expect(port.retrieveSession('vs_missing', {})).rejects.toBeInstanceOf(VendorHttpError);
  });
});
