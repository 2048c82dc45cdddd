import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRequestMessages, webClientId } from '@touchline/contracts/accounts';
import { lastLinkTo, passwordGrant, startIdentity, type IdentityHarness } from '../../test/harness.ts';
import { ensureUser } from '../demo.ts';
import { defaultThrottleRules } from '../throttle.ts';

const json = (url: string, payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url,
  payload: payload as Record<string, unknown>,
  headers,
});
const signIn = passwordGrant;

describe('account calls', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  it('registers, e-mails a confirmation link, confirms once, then signs in', async () => {
    const res = await id.app.inject(
      json('/api/app/app-users/register-account', {
        email: 'Kim@Example.org',
        password: 'a long password',
        firstName: 'Kim',
        lastName: 'Park',
        acceptedPolicies: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: accountRequestMessages.registered });
    expect((await id.app.inject(signIn('kim@example.org', 'a long password'))).json().error).toBe(
      'invalid_grant',
    );

    const { url, token } = lastLinkTo(id.mail, 'kim@example.org');
    expect(url.origin + url.pathname).toBe('http://app.test/confirm-email');
    const confirm = await id.app.inject(json('/api/app/app-users/confirm-email', { token }));
    expect(confirm.statusCode).toBe(204);
    const again = await id.app.inject(json('/api/app/app-users/confirm-email', { token }));
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/invalid or has expired/);
    expect((await id.app.inject(signIn('kim@example.org', 'a long password'))).statusCode).toBe(200);
  });

  it('answers a registration of a taken address exactly like a new one, and tells the owner by e-mail', async () => {
    await ensureUser(id.db, {
      email: 'taken@example.org',
      password: 'owner password',
      firstName: 'Olu',
      lastName: 'Owner',
      roles: [],
    });
    const before = id.mail.length;
    const taken = await id.app.inject(
      json('/api/app/app-users/register-account', {
        email: 'TAKEN@example.org',
        password: 'attacker password',
        firstName: 'X',
        lastName: 'Y',
        acceptedPolicies: true,
      }),
    );
    const fresh = await id.app.inject(
      json('/api/app/app-users/register-account', {
        email: 'fresh@example.org',
        password: 'attacker password',
        firstName: 'X',
        lastName: 'Y',
        acceptedPolicies: true,
      }),
    );
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(id.mail.slice(before).map((m) => m.subject)).toEqual([
      'You already have a Touchline account',
      'Confirm your e-mail address',
    ]);
    // The owner's password is untouched.
    expect((await id.app.inject(signIn('taken@example.org', 'owner password'))).statusCode).toBe(200);
  });

  it('refuses bad input with field errors and creates nothing', async () => {
    const res = await id.app.inject(
      json('/api/app/app-users/register-account', { email: 'bad', password: 'short' }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .error.validationErrors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['acceptedPolicies', 'email', 'firstName', 'lastName', 'password']);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('resets a password with a single-use, expiring link and ends every session', async () => {
    await ensureUser(id.db, {
      email: 'reset@example.org',
      password: 'old password 1',
      firstName: 'Rae',
      lastName: 'Set',
      roles: [],
    });
    const session = (await id.app.inject(signIn('reset@example.org', 'old password 1'))).json();
    const unknown = await id.app.inject(
      json('/api/app/app-users/forgot-password', { email: 'ghost@example.org' }),
    );
    const known = await id.app.inject(
      json('/api/app/app-users/forgot-password', { email: 'reset@example.org' }),
    );
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: accountRequestMessages.forgotPassword });
    expect(id.mail.some((m) => m.to === 'ghost@example.org')).toBe(false);

    const { token } = lastLinkTo(id.mail, 'reset@example.org');
    const weak = await id.app.inject(json('/api/app/app-users/reset-password', { token, password: 'short' }));
    expect(weak.statusCode).toBe(400);
    const done = await id.app.inject(
      json('/api/app/app-users/reset-password', { token, password: 'new password 2' }),
    );
    expect(done.statusCode).toBe(204);
    expect(
      (await id.app.inject(json('/api/app/app-users/reset-password', { token, password: 'new password 3' })))
        .statusCode,
    ).toBe(400);
    expect((await id.app.inject(signIn('reset@example.org', 'old password 1'))).statusCode).toBe(400);
    expect((await id.app.inject(signIn('reset@example.org', 'new password 2'))).statusCode).toBe(200);
    const refresh = await id.app.inject({
      ...signIn('', ''),
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: webClientId,
        refresh_token: session.refresh_token,
      }).toString(),
    });
    expect(refresh.json().error).toBe('invalid_grant');

    await id.app.inject(json('/api/app/app-users/forgot-password', { email: 'reset@example.org' }));
    const late = lastLinkTo(id.mail, 'reset@example.org').token;
    id.advance(3601);
    expect(
      (
        await id.app.inject(
          json('/api/app/app-users/reset-password', { token: late, password: 'new password 4' }),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('records policy acceptance (204) and the next token carries the claim', async () => {
    await ensureUser(id.db, {
      email: 'terms@example.org',
      password: 'terms password',
      firstName: 'T',
      lastName: 'A',
      roles: [],
    });
    const first = (await id.app.inject(signIn('terms@example.org', 'terms password'))).json();
    expect(decodeJwt(first.access_token)).not.toHaveProperty('User/TermsAccepted');
    const auth = { authorization: `Bearer ${first.access_token}` };
    expect(
      (await id.app.inject(json('/api/app/user-acceptance/accept', { acceptedType: 'terms' }))).statusCode,
    ).toBe(401);
    expect(
      (await id.app.inject(json('/api/app/user-acceptance/accept', { acceptedType: 'cookies' }, auth)))
        .statusCode,
    ).toBe(400);
    expect(
      (await id.app.inject(json('/api/app/user-acceptance/accept', { acceptedType: 'terms' }, auth)))
        .statusCode,
    ).toBe(204);
    const next = await id.app.inject({
      ...signIn('', ''),
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: webClientId,
        refresh_token: first.refresh_token,
      }).toString(),
    });
    const claims = decodeJwt(next.json().access_token);
    expect(typeof claims['User/TermsAccepted']).toBe('string');
    expect(claims).not.toHaveProperty('User/PrivacyAccepted');
  });
});

describe('throttling', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
    await ensureUser(id.db, {
      email: 'target@example.org',
      password: 'target password',
      firstName: 'T',
      lastName: 'G',
      roles: [],
    });
  });
  afterAll(() => id.close());

  it('blocks an (account, address) pair after 5 wrong passwords with Retry-After, the same for an unknown address, and lifts it later', async () => {
    for (const email of ['target@example.org', 'unknown@example.org']) {
      for (let i = 0; i < 5; i += 1) await id.app.inject(signIn(email, 'wrong password'));
      const blocked = await id.app.inject(
        signIn(email, email === 'target@example.org' ? 'target password' : 'x'),
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('slow_down');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    id.advance(61);
    expect((await id.app.inject(signIn('target@example.org', 'target password'))).statusCode).toBe(200);
  });

  it("slows only the stranger: the owner still signs in from another address while the stranger's is throttled", async () => {
    const stranger = (password: string) => ({
      ...signIn('target@example.org', password),
      remoteAddress: '198.51.100.7',
    });
    for (let i = 0; i < 5; i += 1) await id.app.inject(stranger('guess'));
    expect((await id.app.inject(stranger('guess'))).statusCode).toBe(429);
    const owner = await id.app.inject({
      ...signIn('target@example.org', 'target password'),
      remoteAddress: '192.0.2.44',
    });
    expect(owner.statusCode).toBe(200);
    // The owner's success clears the owner's own counters, not the stranger's block.
    expect((await id.app.inject(stranger('target password'))).statusCode).toBe(429);
  });

  it('blocks a client address after 30 failures across accounts', async () => {
    const from = (n: number) => ({
      ...signIn(`spray${n}@example.org`, 'guess'),
      remoteAddress: '203.0.113.9',
    });
    for (let n = 0; n < 30; n += 1) await id.app.inject(from(n));
    const res = await id.app.inject({
      ...signIn('target@example.org', 'target password'),
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(429);
    expect((await id.app.inject(signIn('target@example.org', 'target password'))).statusCode).toBe(200);
  });

  it('limits e-mail requests per address whether or not it has an account', async () => {
    const ask = (email: string) => id.app.inject(json('/api/app/app-users/forgot-password', { email }));
    for (const email of ['target@example.org', 'nobody@example.org']) {
      for (let i = 0; i < 5; i += 1) expect((await ask(email)).statusCode).toBe(200);
      const res = await ask(email);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });
});

describe('throttling per account across addresses', () => {
  it('follows NIST SP 800-63B §5.2.2 by default: an account is limited after at most 100 consecutive failures', () => {
    expect(defaultThrottleRules.account.maxFailures).toBeLessThanOrEqual(100);
    expect(defaultThrottleRules.account.maxFailures).toBeGreaterThan(
      defaultThrottleRules.accountFromIp.maxFailures * 10,
    );
  });

  it('blocks the account everywhere once failures from many addresses reach its limit', async () => {
    const id = await startIdentity({
      throttle: {
        ...defaultThrottleRules,
        account: { maxFailures: 8, windowSeconds: 86_400, blockSeconds: 900, maxBlockSeconds: 3600 },
      },
    });
    try {
      await ensureUser(id.db, {
        email: 'wide@example.org',
        password: 'wide password',
        firstName: 'W',
        lastName: 'D',
        roles: [],
      });
      const from = (address: string, password: string) => ({
        ...signIn('wide@example.org', password),
        remoteAddress: address,
      });
      // Two guesses from each of four addresses: no pair and no address reaches its own limit.
      for (let n = 0; n < 8; n += 1) {
        expect((await id.app.inject(from(`203.0.113.${n % 4}`, 'guess'))).statusCode).toBe(400);
      }
      const owner = await id.app.inject(from('192.0.2.1', 'wide password'));
      expect(owner.statusCode).toBe(429);
      id.advance(901);
      expect((await id.app.inject(from('192.0.2.1', 'wide password'))).statusCode).toBe(200);
    } finally {
      await id.close();
    }
  });
});
