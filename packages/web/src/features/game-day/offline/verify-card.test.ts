import { describe, expect, it } from 'vitest';
import type { OfflinePack } from '@touchline/contracts/game-day';
import { verifyCardOffline, verifyWithNoble } from './verify-card.ts';

// Cards signed here exactly as the server signs them (EdDSA JWS, ADR 044), with WebCrypto's Ed25519.
const org = '11111111-1111-4111-8111-111111111111';
const team = '22222222-2222-4222-8222-222222222222';
const cleared = '33333333-3333-4333-8333-333333333333';
const notCleared = '44444444-4444-4444-8444-444444444444';
const elsewhere = '55555555-5555-4555-8555-555555555555';
const now = new Date('2026-11-29T09:00:00Z');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const part = (value: object) => b64url(new TextEncoder().encode(JSON.stringify(value)));

async function keyPair(kid: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { pair, kid, publicJwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig' } };
}
type Key = Awaited<ReturnType<typeof keyPair>>;

async function sign(key: Key, claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const input = `${part({ alg: 'EdDSA', kid: key.kid, typ: 'touchline-card+jwt', ...header })}.${part({
    iss: 'touchline:game-day',
    org,
    iat: seconds(now) - 60,
    exp: seconds(now) + 3600,
    ...claims,
  })}`;
  const signature = await crypto.subtle.sign(
    { name: 'Ed25519' },
    key.pair.privateKey,
    new TextEncoder().encode(input),
  );
  return `${input}.${b64url(new Uint8Array(signature))}`;
}

const ours = await keyPair('ours');
const theirs = await keyPair('theirs');
const pack: OfflinePack = {
  organizationId: org,
  levelId: team,
  fetchedAt: now.toISOString(),
  keys: [ours.publicJwk],
  revokedCardIds: ['66666666-6666-4666-8666-666666666666'],
  roster: {
    levelName: 'U10 Boys',
    items: [
      { profileLevelAccessId: cleared, name: 'Clara Cleared', role: 'Player', state: 'Cleared', reasons: [] },
      {
        profileLevelAccessId: notCleared,
        name: 'Eddie Expired',
        role: 'Player',
        state: 'Not cleared',
        reasons: ['Abuse-prevention training expired 3 Nov'],
      },
    ],
  },
};
const card = (sub: string, jti = crypto.randomUUID(), extra: Record<string, unknown> = {}) =>
  sign(ours, { sub, jti, ...extra });

describe('checking a card on the device', () => {
  it('answers Cleared and Not cleared from the roster, with the name and reasons', async () => {
    expect(await verifyCardOffline(await card(cleared), pack, now)).toMatchObject({
      outcome: 'Cleared',
      name: 'Clara Cleared',
      levelName: 'U10 Boys',
      reasons: [],
    });
    expect(await verifyCardOffline(await card(notCleared), pack, now)).toMatchObject({
      outcome: 'NotCleared',
      message: 'Not cleared',
      name: 'Eddie Expired',
      reasons: ['Abuse-prevention training expired 3 Nov'],
    });
  });

  it('refuses a revoked card (per the fetched list) and an expired one, naming the member', async () => {
    const revoked = await card(cleared, '66666666-6666-4666-8666-666666666666');
    expect(await verifyCardOffline(revoked, pack, now)).toMatchObject({
      outcome: 'Revoked',
      message: 'This card was revoked by the league',
      name: 'Clara Cleared',
    });
    const lapsed = await card(cleared, undefined, { exp: seconds(now) - 1 });
    expect(await verifyCardOffline(lapsed, pack, now)).toMatchObject({
      outcome: 'Expired',
      name: 'Clara Cleared',
    });
  });

  it('refuses a forged card, another key, another organization’s card and garbage as such', async () => {
    const good = await card(cleared);
    const [h, p, s] = good.split('.');
    const changed = part({
      iss: 'touchline:game-day',
      org,
      sub: notCleared,
      jti: 'x',
      exp: seconds(now) + 60,
    });
    const forgeries = [
      `${h}.${changed}.${s}`,
      `${h}.${p}.${s!.slice(0, -4)}AAAA`,
      await sign(theirs, { sub: cleared, jti: 'y' }, { kid: 'ours' }),
      await sign(ours, { sub: cleared, jti: 'z' }, { alg: 'none' }),
      'not a card',
      'a.b.c',
    ];
    for (const token of forgeries)
      expect(await verifyCardOffline(token, pack, now)).toMatchObject({ outcome: 'Invalid', name: null });
    const foreign = await sign(theirs, { sub: cleared, jti: 'w', org: 'another-org' });
    expect(await verifyCardOffline(foreign, pack, now)).toMatchObject({
      outcome: 'OtherOrganization',
      message: 'This card belongs to another organization',
    });
  });

  it('a member not on this team is not cleared here until the server decides', async () => {
    expect(await verifyCardOffline(await card(elsewhere), pack, now)).toMatchObject({
      outcome: 'NotCleared',
      reasons: ["not on this team's roster"],
      name: null,
    });
  });

  it('the @noble/ed25519 fallback agrees with WebCrypto', async () => {
    const data = new TextEncoder().encode('a card');
    const signature = new Uint8Array(
      await crypto.subtle.sign({ name: 'Ed25519' }, ours.pair.privateKey, data),
    );
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', ours.pair.publicKey));
    expect(await verifyWithNoble(raw, signature, data)).toBe(true);
    expect(await verifyWithNoble(raw, signature, new TextEncoder().encode('another card'))).toBe(false);
    const otherRaw = new Uint8Array(await crypto.subtle.exportKey('raw', theirs.pair.publicKey));
    expect(await verifyWithNoble(otherRaw, signature, data)).toBe(false);
  });
});
