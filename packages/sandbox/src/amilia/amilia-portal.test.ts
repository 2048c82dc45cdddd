import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAmiliaSandbox, type AmiliaSandbox } from './amilia-sandbox.ts';

// ADR 041: the Amilia sandbox's member portal, a partner OAuth client of Touchline like the LeagueApps sandbox's —
// the member page, the authorization request (PKCE S256, state, nonce, the HS256 member assertion), the callback's
// refusals. The code exchange and ID-token checks are the shared portal's (member-portal.ts).

const client = {
  issuer: 'https://touchline.test',
  appUrl: 'https://touchline.test',
  clientId: 'amilia-sandbox',
  clientSecret: 'amilia-sandbox-client-secret-0123456789',
};
const person = (id: number, ownerId: number, email: string | null) => ({
  RegistrationId: `AM-${id}`,
  Program: { Id: 3101, Name: 'U10 Fall Soccer' },
  Activity: { Id: 1, Name: 'Saturdays' },
  Person: {
    Id: id,
    FirstName: 'Mia',
    LastName: 'Sandbox',
    FullName: 'Mia Sandbox',
    DateOfBirth: null,
    Email: email,
  },
  AccountOwner: { Id: ownerId, FirstName: 'Dana', LastName: 'Sandbox', Email: 'dana@example.org' },
  IsCancelled: false,
});

describe('the Amilia sandbox member portal', () => {
  let sandbox: AmiliaSandbox;
  let base = '';
  beforeAll(async () => {
    sandbox = createAmiliaSandbox();
    base = await sandbox.listen();
    sandbox.addOrganization('demo-league', 'Demo league (Amilia sandbox organization)');
    sandbox.putRegistration('demo-league', person(7001, 8001, null), { silent: true });
    sandbox.putRegistration('demo-league', person(7002, 7002, 'mia@example.org'), { silent: true });
  });
  afterAll(() => sandbox.close());

  it('shows a member, named a sandbox, and says when the account owner signs in for their child', async () => {
    const child = await fetch(`${base}/sandbox/portal/sites/demo-league/members/7001`);
    const page = await child.text();
    expect(child.status).toBe(200);
    expect(page).toContain('Amilia sandbox');
    expect(page).toContain('Nothing here is Amilia');
    expect(page).toContain('You manage this registration for your child');
    expect(page).toContain('Continue to Touchline');
    const own = await (await fetch(`${base}/sandbox/portal/sites/demo-league/members/7002`)).text();
    expect(own).not.toContain('for your child');
    expect((await fetch(`${base}/sandbox/portal/sites/demo-league/members/9999`)).status).toBe(404);
    expect((await fetch(`${base}/sandbox/portal/sites/elsewhere`)).status).toBe(404);
  });

  it('is unavailable until Touchline registers it as a client', async () => {
    const res = await fetch(`${base}/sandbox/portal/sites/demo-league/members/7001/touchline`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(404);
  });

  it('sends the member to Touchline’s authorize with PKCE S256 and a member assertion signed with its secret', async () => {
    sandbox.connectTouchline(client);
    const res = await fetch(`${base}/sandbox/portal/sites/demo-league/members/7001/touchline`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location') ?? '');
    expect(`${to.origin}${to.pathname}`).toBe(`${client.issuer}/connect/authorize`);
    const q = to.searchParams;
    expect(
      Object.fromEntries(
        [...q.entries()].filter(
          ([k]) => !['state', 'nonce', 'code_challenge', 'member_assertion'].includes(k),
        ),
      ),
    ).toEqual({
      response_type: 'code',
      client_id: 'amilia-sandbox',
      redirect_uri: sandbox.portalCallbackUrl(),
      scope: 'openid profile',
      code_challenge_method: 'S256',
    });
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    const [header, payload, signature] = (q.get('member_assertion') ?? '').split('.');
    const expected = createHmac('sha256', client.clientSecret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    expect(signature).toBe(expected);
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: 'amilia-sandbox',
      aud: client.issuer,
      sub: '7001',
      site: 'demo-league',
    });
    expect(Number(claims['exp']) - Number(claims['iat'])).toBeLessThanOrEqual(300);
    expect(sandbox.portalCallbackUrl()).toBe(`${base}/sandbox/portal/callback`);
  });

  it('refuses a callback it did not start, and one from another issuer', async () => {
    const unknown = await fetch(`${base}/sandbox/portal/callback?state=nope&code=x&iss=${client.issuer}`);
    expect(unknown.status).toBe(400);
    const started = await fetch(`${base}/sandbox/portal/sites/demo-league/members/7002/touchline`, {
      redirect: 'manual',
    });
    const state = new URL(started.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const mixUp = await fetch(
      `${base}/sandbox/portal/callback?state=${state}&code=x&iss=${encodeURIComponent('https://evil.test')}`,
    );
    expect([mixUp.status, await mixUp.text()]).toEqual([400, expect.stringContaining('Wrong issuer')]);
  });
});
