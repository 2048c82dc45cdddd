import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from 'jose';
import type { CheckerLabels, ClearanceCard } from '@touchline/contracts/game-day';
import { auditEvents, gameDayKeys, labels, profileLevelAccesses } from '../../db/schema/index.ts';
import { createTestSuite, type TestMember } from '../../../test/factories.ts';

const suite = await createTestSuite({
  admin: ['root', 'Admin'],
  manager: ['team', 'Manager'],
  referee: ['team', 'member', { firstName: 'Reese', lastName: 'Referee' }],
  player: ['team', 'member', { firstName: 'Pat', lastName: 'Player' }],
  otherAdmin: ['root', 'Admin', { in: 'other' }],
  otherPlayer: ['team', 'member', { in: 'other' }],
});
const { t, org, other, members: m } = suite;
const json = <T>(res: { json: () => unknown }) => res.json() as T;
const db = t.database.db;
const card = async (who: TestMember) =>
  json<ClearanceCard>(
    await t.app.inject({
      method: 'GET',
      url: `/api/app/game-day/cards/${who.profileLevelAccessId}`,
      headers: who.auth,
    }),
  );
const keyRow = async (organizationId: string) =>
  (await db.select().from(gameDayKeys).where(eq(gameDayKeys.organizationId, organizationId)))[0];
let refereeLabel = '';

beforeAll(async () => {
  const [label] = await db
    .insert(labels)
    .values({ organizationId: org.id, name: 'Referee', checksMembersIn: true })
    .returning({ id: labels.id });
  refereeLabel = label!.id;
  await db
    .update(profileLevelAccesses)
    .set({ labelId: refereeLabel })
    .where(eq(profileLevelAccesses.id, m.referee.profileLevelAccessId));
});
afterAll(() => t.close());

describe('the organization’s card key at rest', () => {
  it('is sealed: no private key in clear in the row, and cards verify with the published key', async () => {
    const issued = await card(m.player);
    const row = await keyRow(org.id);
    expect(row?.privateJwk).toBeNull();
    expect(row?.sealedPrivateKey).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/PRIVATE KEY|"d":/);
    const { payload } = await jwtVerify(issued.token, await importJWK(row!.publicJwk as JWK, 'EdDSA'));
    expect(payload.sub).toBe(m.player.profileLevelAccessId);
  });

  it('a key stored in clear before sealing is sealed when first read, and keeps signing as itself', async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const kid = 'legacy-key';
    await db.insert(gameDayKeys).values({
      organizationId: other.id,
      kid,
      publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'EdDSA', use: 'sig' },
      privateJwk: { ...(await exportJWK(pair.privateKey)), kid, alg: 'EdDSA' },
    });
    const issued = await card(m.otherPlayer);
    const row = await keyRow(other.id);
    expect(row?.kid).toBe(kid);
    expect(row?.privateJwk).toBeNull();
    expect(row?.sealedPrivateKey).toMatch(/^v1\./);
    await expect(jwtVerify(issued.token, pair.publicKey)).resolves.toBeDefined();
  });

  it('a sealed key copied to another organization’s row does not open there', async () => {
    const ours = await keyRow(org.id);
    const partners = (
      t.app.deps as { integrations: { partners?: { open: (id: string, s: string) => unknown } } }
    ).integrations.partners;
    expect(partners?.open(`game-day-card-key:${org.id}`, ours!.sealedPrivateKey!)).not.toBeNull();
    expect(partners?.open(`game-day-card-key:${other.id}`, ours!.sealedPrivateKey!)).toBeNull();
  });
});

describe('the labels that check members in', () => {
  const list = (who: TestMember | null) =>
    t.app.inject({
      method: 'GET',
      url: '/api/app/game-day/checker-labels',
      ...(who ? { headers: who.auth } : {}),
    });
  const set = (who: TestMember | null, id: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/app/game-day/checker-labels/${id}`,
      payload,
      ...(who ? { headers: who.auth } : {}),
    });
  const pack = (who: TestMember) =>
    t.app.inject({
      method: 'GET',
      url: `/api/app/game-day/teams/${org.team.id}/offline-pack`,
      headers: who.auth,
    });

  it('401, 400, 404 for another organization’s label, 403 below admin', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await set(null, refereeLabel, { checksMembersIn: false })).statusCode).toBe(401);
    expect((await list(m.manager)).statusCode).toBe(403);
    expect((await set(m.manager, refereeLabel, { checksMembersIn: false })).statusCode).toBe(403);
    const bad = await set(m.admin, refereeLabel, { checksMembersIn: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('checksMembersIn');
    expect((await set(m.admin, 'x', { checksMembersIn: true })).statusCode).toBe(400);
    expect((await set(m.otherAdmin, refereeLabel, { checksMembersIn: false })).statusCode).toBe(404);
    expect((await pack(m.referee)).statusCode).toBe(200);
  });

  it('the flag, not the name, decides: turned off, the referee no longer checks in; audited', async () => {
    const before = json<CheckerLabels>(await list(m.admin));
    expect(before.items).toContainEqual({ id: refereeLabel, name: 'Referee', checksMembersIn: true });
    expect(json<CheckerLabels>(await list(m.otherAdmin)).items.map((i) => i.id)).not.toContain(refereeLabel);
    const off = await set(m.admin, refereeLabel, { checksMembersIn: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: refereeLabel, name: 'Referee', checksMembersIn: false });
    expect((await pack(m.referee)).statusCode).toBe(403);
    // A label of any name can be given the flag.
    await db.update(labels).set({ name: 'Match official' }).where(eq(labels.id, refereeLabel));
    expect((await set(m.admin, refereeLabel, { checksMembersIn: true })).statusCode).toBe(200);
    expect((await pack(m.referee)).statusCode).toBe(200);
    const audits = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'game-day.checker-label.changed'), eq(auditEvents.entityId, refereeLabel)),
      );
    expect(audits.map((a) => (a.data as { checksMembersIn: boolean }).checksMembersIn)).toEqual([
      false,
      true,
    ]);
  });
});
