import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { CheckIn, ClearanceCard, OfflinePack } from '@touchline/contracts/game-day';
import { auditEvents, labels, profileLevelAccesses } from '../../db/schema/index.ts';
import { createTestSuite, type TestMember } from '../../../test/factories.ts';
import type * as GameDayService from './game-day.service.ts';

// Holds each scan of a batch, once its card is verified, until every scan of the batch is (or 5 s have passed): the
// widest window two phones scanning at once can have, every one deciding before any records.
const gate = vi.hoisted(() => {
  let expected = 0;
  let waiting: (() => void)[] = [];
  return {
    hold(scans: number) {
      expected = scans;
    },
    async arrive() {
      if (expected === 0) return;
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length < expected) return void setTimeout(resolve, 5000);
        const all = waiting;
        [expected, waiting] = [0, []];
        for (const go of all) go();
      });
    },
  };
});
vi.mock('./game-day.service.ts', async (importOriginal) => {
  const original = await importOriginal<typeof GameDayService>();
  return {
    ...original,
    checkToken: async (...args: Parameters<typeof original.checkToken>) => {
      const checked = await original.checkToken(...args);
      await gate.arrive();
      return checked;
    },
  };
});

const suite = await createTestSuite({
  manager: ['team', 'Manager'],
  referee: ['team', 'member', { firstName: 'Reese', lastName: 'Referee' }],
  player: ['team', 'member', { firstName: 'Pat', lastName: 'Player' }],
  otherManager: ['team', 'Manager', { in: 'other' }],
});
const { t, org, other, members: m } = suite;
const json = <T>(res: { json: () => unknown }) => res.json() as T;
const pack = (who: TestMember | null, levelId = org.team.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/app/game-day/teams/${levelId}/offline-pack`,
    ...(who ? { headers: who.auth } : {}),
  });

beforeAll(async () => {
  const [referee] = await t.database.db
    .insert(labels)
    .values({ organizationId: org.id, name: 'Referee', checksMembersIn: true })
    .returning({ id: labels.id });
  await t.database.db
    .update(profileLevelAccesses)
    .set({ labelId: referee!.id })
    .where(eq(profileLevelAccesses.id, m.referee.profileLevelAccessId));
});
afterAll(() => t.close());

describe('the offline check-in pack', () => {
  it('401 without a token, 400 for a bad id, 404 for another organization’s team, 403 for a plain member', async () => {
    expect((await pack(null)).statusCode).toBe(401);
    const bad = await pack(m.referee, 'not-a-level');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Not a level id');
    expect((await pack(m.referee, other.team.id)).statusCode).toBe(404);
    expect((await pack(m.otherManager)).statusCode).toBe(404);
    expect((await pack(m.player)).statusCode).toBe(403);
  });

  it('carries the public key, the revoked cards still live and the team’s roster, audited', async () => {
    const live = json<ClearanceCard>(
      await t.app.inject({
        method: 'GET',
        url: `/api/app/game-day/cards/${m.player.profileLevelAccessId}`,
        headers: m.player.auth,
      }),
    );
    const before = json<OfflinePack>(await pack(m.referee));
    expect(before.organizationId).toBe(org.id);
    expect(before.levelId).toBe(org.team.id);
    expect(before.keys).toHaveLength(1);
    expect(before.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(before.keys[0]).not.toHaveProperty('d');
    expect(before.revokedCardIds).toEqual([]);
    expect(before.roster.items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Pat Player', 'Reese Referee']),
    );
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/app/game-day/cards/revoke',
      headers: m.manager.auth,
      payload: { profileLevelAccessId: m.player.profileLevelAccessId },
    });
    expect(revoke.statusCode).toBe(200);
    const after = json<OfflinePack>(await pack(m.manager));
    expect(after.revokedCardIds).toEqual([decodeJwt(live.token).jti]);
    // Another organization's pack names none of this one's cards or members.
    const theirs = json<OfflinePack>(await pack(m.otherManager, other.team.id));
    expect(theirs.revokedCardIds).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Pat Player');
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'game-day.offline-pack.fetched'), eq(auditEvents.entityId, org.team.id)),
      );
    expect(audits).toHaveLength(2);
  });
});

describe('one check-in per member and verdict at a game', () => {
  it('a second scan of the same card answers the first check-in; a changed verdict is recorded anew', async () => {
    const gameOn = '2026-11-28';
    const url = `/api/app/game-day/games/${org.team.id}/${gameOn}/check-ins`;
    const { token } = json<ClearanceCard>(
      await t.app.inject({
        method: 'GET',
        url: `/api/app/game-day/cards/${m.player.profileLevelAccessId}`,
        headers: m.player.auth,
      }),
    );
    const scan = (id: string) =>
      t.app.inject({ method: 'POST', url, headers: m.referee.auth, payload: { id, token } });
    const first = await scan(crypto.randomUUID());
    expect(first.statusCode).toBe(201);
    const again = await scan(crypto.randomUUID());
    expect(again.statusCode).toBe(200);
    expect(json<CheckIn>(again)).toEqual({ ...json<CheckIn>(first), repeat: true });
    await t.app.inject({
      method: 'POST',
      url: '/api/app/game-day/cards/revoke',
      headers: m.manager.auth,
      payload: { profileLevelAccessId: m.player.profileLevelAccessId },
    });
    const revoked = await scan(crypto.randomUUID());
    expect(revoked.statusCode).toBe(201);
    expect(json<CheckIn>(revoked).outcome).toBe('Revoked');
    const list = json<{ items: CheckIn[] }>(
      await t.app.inject({ method: 'GET', url, headers: m.referee.auth }),
    );
    expect(list.items.map((i) => i.outcome)).toEqual([json<CheckIn>(first).outcome, 'Revoked']);
  });
});

describe('check-ins at the same instant', () => {
  it('two phones and a queued offline scan of one card at once record one check-in; a replay stays one', async () => {
    const gameOn = '2026-11-29';
    const url = `/api/app/game-day/games/${org.team.id}/${gameOn}/check-ins`;
    // A card of its own: the member's live card was revoked above.
    const { token } = json<ClearanceCard>(
      await t.app.inject({
        method: 'GET',
        url: `/api/app/game-day/cards/${m.referee.profileLevelAccessId}`,
        headers: m.referee.auth,
      }),
    );
    const scan = (who: TestMember, id: string, scannedAt?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: who.auth,
        payload: { id, token, ...(scannedAt ? { scannedAt } : {}) },
      });
    const replayed = crypto.randomUUID();
    gate.hold(5);
    const answers = await Promise.all([
      scan(m.referee, crypto.randomUUID()),
      scan(m.manager, crypto.randomUUID()),
      // The offline queue's scans, sent when the signal returns (one of them twice: a resend).
      scan(m.manager, replayed, `${gameOn}T09:58:00.000Z`),
      scan(m.manager, replayed, `${gameOn}T09:58:00.000Z`),
      scan(m.referee, crypto.randomUUID(), `${gameOn}T09:59:00.000Z`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const created = json<CheckIn>(answers.find((a) => a.statusCode === 201)!);
    for (const answer of answers.filter((a) => a.statusCode === 200))
      expect(json<CheckIn>(answer).id).toBe(created.id);
    const list = json<{ items: CheckIn[] }>(
      await t.app.inject({ method: 'GET', url, headers: m.referee.auth }),
    );
    expect(list.items).toHaveLength(1);
    // A changed verdict at once from two phones is recorded once too.
    await t.app.inject({
      method: 'POST',
      url: '/api/app/game-day/cards/revoke',
      headers: m.manager.auth,
      payload: { profileLevelAccessId: m.referee.profileLevelAccessId },
    });
    gate.hold(3);
    const revoked = await Promise.all([
      scan(m.referee, crypto.randomUUID()),
      scan(m.manager, crypto.randomUUID()),
      scan(m.manager, crypto.randomUUID(), `${gameOn}T10:30:00.000Z`),
    ]);
    expect(revoked.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const after = json<{ items: CheckIn[] }>(
      await t.app.inject({ method: 'GET', url, headers: m.referee.auth }),
    );
    expect(after.items.map((i) => i.outcome).sort()).toEqual([created.outcome, 'Revoked'].sort());
    // Back to the first verdict with a new card: a change again, so recorded again (the key is the member's verdict
    // number at the game, not the verdict itself).
    const renewed = json<ClearanceCard>(
      await t.app.inject({
        method: 'GET',
        url: `/api/app/game-day/cards/${m.referee.profileLevelAccessId}`,
        headers: m.referee.auth,
      }),
    );
    const back = await t.app.inject({
      method: 'POST',
      url,
      headers: m.manager.auth,
      payload: { id: crypto.randomUUID(), token: renewed.token },
    });
    expect(back.statusCode).toBe(201);
    expect(json<CheckIn>(back).outcome).toBe(created.outcome);
    const last = json<{ items: CheckIn[] }>(
      await t.app.inject({ method: 'GET', url, headers: m.referee.auth }),
    );
    expect(last.items).toHaveLength(3);
  });
});
