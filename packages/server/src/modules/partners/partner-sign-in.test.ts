import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { auditEvents, partnerAccountLinks, partnerRegistrations, profiles } from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';

// Issue 31 / ADR 041: partner sign-in over HTTP — the partner's authorize request, the member's consent and link,
// the code exchanged with PKCE, tokens bound to the partner client, unlinking; and the refusals.

const issuer = 'http://localhost:3000';
const client = {
  clientId: 'test-partner',
  name: 'Test partner',
  provider: 'Test',
  secret: 'test-partner-client-secret-0123456789',
  redirectUris: ['https://partner.test/callback'],
};
const redirectUri = client.redirectUris[0] ?? '';
const site = 'Riverside demo';
let t: TestApp;
let integrations: Integrations;
let org: TestOrganization;
let other: TestOrganization;
let player: TestMember;
let teammate: TestMember;
let otherPlayer: TestMember;
let guardian: TestMember;
let child: TestMember;
const childPrefill = {
  firstName: 'Ava',
  lastName: 'Tester',
  email: '',
  dateOfBirth: '2016-04-02',
  phone: null,
  address: { line1: '1 Test Way', city: 'Springfield', state: 'IL', postalCode: '62701' },
  guardian: { firstName: 'Jordan', lastName: 'Tester', email: 'jordan@example.org' },
  emergencyContact: { name: 'Jordan Tester', phone: '+1 555 0100' },
};
type Who = { auth: Record<string, string> } | null;
const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: who ? who.auth : {} });

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function assertion(memberId: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ site })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(client.clientId)
    .setAudience(issuer)
    .setSubject(memberId)
    .setIssuedAt(now)
    .setExpirationTime(now + 120)
    .sign(new TextEncoder().encode(client.secret));
}

/** The partner sends the member here: GET /connect/authorize answers the web app's consent page. */
async function startSignIn(memberId: string, challenge: string): Promise<string> {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state: 'xyz',
    nonce: 'n-1',
    scope: 'openid profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    member_assertion: await assertion(memberId),
  });
  const res = await t.app.inject({ method: 'GET', url: `/connect/authorize?${params.toString()}` });
  expect(res.statusCode).toBe(302);
  const consent = new URL(res.headers.location ?? '');
  expect(consent.pathname).toBe('/partner-sign-in');
  return consent.searchParams.get('request') ?? '';
}

const exchange = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
    },
    payload: new URLSearchParams({ grant_type: 'authorization_code', ...fields }).toString(),
  });

async function registerAt(target: TestOrganization, admin: TestMember, member: TestMember, memberId: string) {
  const connected = await t.app.inject({
    method: 'POST',
    url: `/api/app/organization/${target.id}/partners`,
    headers: admin.auth,
    payload: { providerType: 'Test', siteId: site },
  });
  expect(connected.statusCode).toBe(201);
  await registerMember(target, connected.json<{ id: string }>().id, member, memberId);
  return connected.json<{ id: string }>().id;
}

async function registerMember(
  target: TestOrganization,
  connectionId: string,
  member: TestMember,
  memberId: string,
  prefill: Record<string, unknown> | null = null,
) {
  await t.database.db.insert(partnerRegistrations).values({
    organizationId: target.id,
    connectionId,
    prefill,
    registrationId: `reg-${memberId}`,
    memberId,
    programId: 'u12',
    programName: 'U12',
    role: 'PLAYER',
    status: 'invited',
    partnerUpdatedAt: 1,
    profileLevelAccessId: member.profileLevelAccessId,
  });
}

beforeAll(async () => {
  integrations = buildIntegrations(
    { yardstik: undefined, partnerSealSecret: 'partner-test-secret-0123456789abcdef' },
    { info() {}, warn() {} },
  );
  t = await createTestApp({ PARTNER_OAUTH_CLIENTS: JSON.stringify([client]) }, { integrations });
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  const admin = await addTestMember(t, org, org.root, 'Admin');
  const otherAdmin = await addTestMember(t, other, other.root, 'Admin');
  player = await addTestMember(t, org, org.team, 'member');
  teammate = await addTestMember(t, org, org.team, 'member');
  otherPlayer = await addTestMember(t, other, other.team, 'member');
  const connectionId = await registerAt(org, admin, player, 'TP-1');
  // A guardian and their child: the partner's member TP-2 is the child (LeagueApps' parent signs in for them).
  guardian = await addTestMember(t, org, org.team, 'member');
  child = await addTestMember(t, org, org.team, 'member');
  await t.database.db
    .update(profiles)
    .set({ guardianProfileId: guardian.profileId })
    .where(eq(profiles.id, child.profileId));
  await registerMember(org, connectionId, child, 'TP-2', childPrefill);
  await registerAt(other, otherAdmin, otherPlayer, 'TP-9');
});
afterAll(async () => {
  await t.close();
  await integrations.close();
});

describe('partner sign-in (authorization code + PKCE) and account linking', () => {
  it('the full flow: consent, link, code for client-bound tokens, unlink revokes', async () => {
    const { verifier, challenge } = pkce();
    const requestId = await startSignIn('TP-1', challenge);
    const read = await call(player, 'GET', `/api/app/partner-sign-in/${requestId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      partnerMemberId: 'TP-1',
      partner: { providerType: 'Test', clientName: 'Test partner' },
      member: { profileLevelAccessId: player.profileLevelAccessId, relation: 'self' },
      scopes: ['openid', 'profile'],
      alreadyLinked: false,
    });
    const approved = await call(player, 'POST', `/api/app/partner-sign-in/${requestId}/approve`);
    expect(approved.statusCode).toBe(200);
    const back = new URL(approved.json<{ redirectUrl: string }>().redirectUrl);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code') ?? '';
    // Answered once: approving again finds no pending request.
    expect((await call(player, 'POST', `/api/app/partner-sign-in/${requestId}/approve`)).statusCode).toBe(
      404,
    );

    const tokens = await exchange({ code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(tokens.statusCode).toBe(200);
    const { access_token: partnerToken } = tokens.json<{ access_token: string }>();
    // Bound to the partner client: the product API refuses it; userinfo answers it.
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/app/partner-links',
      headers: { authorization: `Bearer ${partnerToken}` },
    });
    expect(api.statusCode).toBe(401);
    const userinfo = () =>
      t.app.inject({
        method: 'GET',
        url: '/connect/userinfo',
        headers: { authorization: `Bearer ${partnerToken}` },
      });
    expect((await userinfo()).json()).toMatchObject({ sub: player.userId });
    // A reused code is refused.
    const reused = await exchange({ code, redirect_uri: redirectUri, code_verifier: verifier });
    expect([reused.statusCode, reused.json().error]).toEqual([400, 'invalid_grant']);

    const links = await call(player, 'GET', '/api/app/partner-links');
    expect(links.json()).toEqual([
      expect.objectContaining({ partnerMemberId: 'TP-1', providerType: 'Test' }),
    ]);
    const linkId = links.json<Array<{ id: string }>>()[0]?.id ?? '';
    // Another member cannot unlink it (403); another organization's member does not see it (404).
    expect((await call(teammate, 'DELETE', `/api/app/partner-links/${linkId}`)).statusCode).toBe(403);
    expect((await call(otherPlayer, 'DELETE', `/api/app/partner-links/${linkId}`)).statusCode).toBe(404);
    expect((await call(null, 'DELETE', `/api/app/partner-links/${linkId}`)).statusCode).toBe(401);
    expect((await call(player, 'DELETE', '/api/app/partner-links/not-a-uuid')).statusCode).toBe(400);
    expect((await call(player, 'DELETE', `/api/app/partner-links/${linkId}`)).statusCode).toBe(204);
    expect(await call(player, 'GET', '/api/app/partner-links').then((r) => r.json())).toEqual([]);
    expect((await userinfo()).statusCode).toBe(401);
    const kept = await t.database.db
      .select()
      .from(partnerAccountLinks)
      .where(and(eq(partnerAccountLinks.id, linkId), isNotNull(partnerAccountLinks.unlinkedAt)));
    expect(kept).toHaveLength(1);
    const audited = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, org.id));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['partner.account-linked', 'partner.account-unlinked']),
    );
  });

  it('refuses a wrong verifier and a wrong redirect URI at the token endpoint', async () => {
    const a = pkce();
    const first = await startSignIn('TP-1', a.challenge);
    const answer = await call(player, 'POST', `/api/app/partner-sign-in/${first}/approve`);
    const code = new URL(answer.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('code') ?? '';
    const wrong = await exchange({ code, redirect_uri: redirectUri, code_verifier: pkce().verifier });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'invalid_grant']);
    const b = pkce();
    const second = await startSignIn('TP-1', b.challenge);
    const answer2 = await call(player, 'POST', `/api/app/partner-sign-in/${second}/approve`);
    const code2 = new URL(answer2.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('code') ?? '';
    const elsewhere = await exchange({
      code: code2,
      redirect_uri: 'https://partner.test/elsewhere',
      code_verifier: b.verifier,
    });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([400, 'invalid_grant']);
    const unregistered = await t.app.inject({
      method: 'GET',
      url: `/connect/authorize?client_id=${client.clientId}&redirect_uri=${encodeURIComponent('https://evil.test/cb')}`,
    });
    expect([unregistered.statusCode, unregistered.headers.location]).toEqual([400, undefined]);
  });

  it('401 signed out, 404 another organization’s member or an unknown request, 403 another member, 400 bad ids', async () => {
    const { challenge } = pkce();
    const requestId = await startSignIn('TP-1', challenge);
    for (const [method, url] of [
      ['GET', `/api/app/partner-sign-in/${requestId}`],
      ['POST', `/api/app/partner-sign-in/${requestId}/approve`],
      ['POST', `/api/app/partner-sign-in/${requestId}/deny`],
      ['GET', '/api/app/partner-links'],
    ] as const) {
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
    // The partner's member TP-1 belongs to org: a member of the other organization does not find it.
    expect((await call(otherPlayer, 'GET', `/api/app/partner-sign-in/${requestId}`)).statusCode).toBe(404);
    expect(
      (await call(otherPlayer, 'POST', `/api/app/partner-sign-in/${requestId}/approve`)).statusCode,
    ).toBe(404);
    // Another member of the same organization may not link someone else's membership.
    expect((await call(teammate, 'POST', `/api/app/partner-sign-in/${requestId}/approve`)).statusCode).toBe(
      403,
    );
    // A request naming the other organization's member, opened here: 404 (nothing learnt).
    const foreign = await startSignIn('TP-9', pkce().challenge);
    expect((await call(player, 'POST', `/api/app/partner-sign-in/${foreign}/approve`)).statusCode).toBe(404);
    expect((await call(player, 'GET', `/api/app/partner-sign-in/${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );
    const bad = await call(player, 'GET', '/api/app/partner-sign-in/nope');
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'requestId']);
    // Nothing was linked by any refusal; declining tells the partner access_denied.
    const declined = await call(player, 'POST', `/api/app/partner-sign-in/${requestId}/deny`);
    expect(new URL(declined.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('error')).toBe(
      'access_denied',
    );
    const live = await t.database.db
      .select()
      .from(partnerAccountLinks)
      .where(eq(partnerAccountLinks.organizationId, other.id));
    expect(live).toEqual([]);
  });
});

describe('a guardian arriving from the partner for their child', () => {
  it('sees the request as for their child, links it, and the partner learns the guardian', async () => {
    const { verifier, challenge } = pkce();
    const requestId = await startSignIn('TP-2', challenge);
    // The child's teammate is neither the member nor their guardian: 403; the guardian sees their child.
    expect((await call(teammate, 'GET', `/api/app/partner-sign-in/${requestId}`)).statusCode).toBe(403);
    const read = await call(guardian, 'GET', `/api/app/partner-sign-in/${requestId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().member).toEqual({
      firstName: expect.any(String),
      lastName: expect.any(String),
      profileLevelAccessId: child.profileLevelAccessId,
      relation: 'child',
    });
    const approved = await call(guardian, 'POST', `/api/app/partner-sign-in/${requestId}/approve`);
    expect(approved.statusCode).toBe(200);
    const code = new URL(approved.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('code') ?? '';
    const tokens = await exchange({ code, redirect_uri: redirectUri, code_verifier: verifier });
    const info = await t.app.inject({
      method: 'GET',
      url: '/connect/userinfo',
      headers: { authorization: `Bearer ${tokens.json<{ access_token: string }>().access_token}` },
    });
    expect(info.json()).toMatchObject({ sub: guardian.userId });
    const [link] = await t.database.db
      .select()
      .from(partnerAccountLinks)
      .where(eq(partnerAccountLinks.externalId, 'TP-2'));
    expect(link).toMatchObject({ userId: guardian.userId, profileId: child.profileId });
  });

  it('prefill-data of the child: 401, 404 another organization, 403 another member, 400, 200 for the guardian', async () => {
    const url = `/api/app/prefill-provider/prefill-data/${child.profileLevelAccessId}`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(otherPlayer, 'GET', url)).statusCode).toBe(404);
    expect((await call(teammate, 'GET', url)).statusCode).toBe(403);
    const bad = await call(guardian, 'GET', '/api/app/prefill-provider/prefill-data/nope');
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'id']);
    const res = await call(guardian, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      source: { providerType: 'Test' },
      firstName: 'Ava',
      lastName: 'Tester',
      email: null,
      dateOfBirth: '2016-04-02',
      guardian: { email: 'jordan@example.org' },
    });
    const reads = await t.database.db
      .select({ userId: auditEvents.actorUserId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'partner.prefill-read'),
          eq(auditEvents.entityId, child.profileLevelAccessId),
        ),
      );
    expect(reads).toEqual([{ userId: guardian.userId }]);
    // Used (the guardian saved the child's profile): let go of, and the next read answers nothing.
    expect((await call(teammate, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(guardian, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(guardian, 'GET', url)).statusCode).toBe(204);
  });
});
