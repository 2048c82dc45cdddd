import { createSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeagueAppsSandbox, type LeagueAppsSandbox } from './leagueapps-sandbox.ts';

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('the LeagueApps sandbox speaks the published wire format', () => {
  let sandbox: LeagueAppsSandbox;
  let base = '';
  let key: { clientId: string; privateKeyPem: string };
  const assertion = (claims: Record<string, unknown>) => {
    const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
    const signer = createSign('RSA-SHA256');
    signer.update(unsigned);
    return `${unsigned}.${signer.sign(key.privateKeyPem).toString('base64url')}`;
  };
  const token = (jwt: string, grant = 'urn:ietf:params:oauth:grant-type:jwt-bearer') =>
    fetch(`${base}/v2/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: grant, assertion: jwt }).toString(),
    });
  const now = () => Math.floor(sandbox.clock.now().getTime() / 1000);
  const good = () => ({
    iss: key.clientId,
    sub: key.clientId,
    aud: `${base}/v2/auth/token`,
    iat: now(),
    exp: now() + 300,
  });

  beforeAll(async () => {
    sandbox = createLeagueAppsSandbox({ pageSize: 2 });
    base = await sandbox.listen();
    sandbox.addSite('12', 'Site twelve');
    key = sandbox.createServiceAccount('12');
  });
  afterAll(() => sandbox.close());

  it('issues a bearer token for a JWT-bearer assertion, and refuses a wrong audience, a long life or another grant', async () => {
    const ok = await token(assertion(good()));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect((await token(assertion({ ...good(), aud: 'https://elsewhere' }))).status).toBe(400);
    expect((await token(assertion({ ...good(), exp: now() + 3600 }))).status).toBe(400);
    const wrongGrant = await token(assertion(good()), 'client_credentials');
    expect(await wrongGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect(ok.headers.get('x-sandbox')).toBe('leagueapps');
  });

  it('exports registrations-2 by last-updated and last-id, a bounded page at a time, until an empty page', async () => {
    for (const id of ['1', '2', '3'])
      sandbox.putRegistration('12', {
        id,
        userId: `u${id}`,
        programId: '9',
        programName: 'Nine',
        role: 'PLAYER',
        registrationStatus: 'ACTIVE',
        paymentStatus: 'PAID',
        placed: true,
        firstName: 'F',
        lastName: 'L',
        email: `f${id}@example.org`,
      });
    const { access_token: bearer } = (await (await token(assertion(good()))).json()) as {
      access_token: string;
    };
    const page = async (lastUpdated: number, lastId: string) =>
      fetch(`${base}/v2/sites/12/export/registrations-2?last-updated=${lastUpdated}&last-id=${lastId}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
    const first = (await (await page(0, '0')).json()) as { id: string; lastUpdated: number }[];
    expect(first.map((r) => r.id)).toEqual(['1', '2']);
    const last = first.at(-1)!;
    const second = (await (await page(last.lastUpdated, last.id)).json()) as {
      id: string;
      lastUpdated: number;
    }[];
    expect(second.map((r) => r.id)).toEqual(['3']);
    expect(await (await page(second[0]!.lastUpdated, '3')).json()).toEqual([]);
    expect((await fetch(`${base}/v2/sites/12/export/registrations-2?last-updated=0&last-id=0`)).status).toBe(
      401,
    );
    sandbox.addSite('13', 'Other');
    expect(
      (
        await fetch(`${base}/v2/sites/13/export/registrations-2?last-updated=0&last-id=0`, {
          headers: { authorization: `Bearer ${bearer}` },
        })
      ).status,
    ).toBe(403);
  });
});
