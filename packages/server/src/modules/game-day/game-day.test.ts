import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { CardCheck, CheckIn, ClearanceCard, Roster } from '@touchline/contracts/game-day';
import {
  auditEvents,
  labels,
  memberConditions,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import { createTestSuite, validationFields, type TestMember } from '../../../test/factories.ts';

const suite = await createTestSuite({
  manager: ['team', 'Manager'],
  coach: ['team', 'member', { firstName: 'Casey', lastName: 'Coach' }],
  cleared: ['team', 'member', { firstName: 'Clara', lastName: 'Cleared' }],
  expired: ['team', 'member', { firstName: 'Eddie', lastName: 'Expired' }],
  removed: ['team', 'member', { firstName: 'Rory', lastName: 'Removed' }],
  guardian: ['root', 'member', { firstName: 'Gina', lastName: 'Guardian' }],
  outsider: ['team', 'member', { in: 'other' }],
  otherManager: ['team', 'Manager', { in: 'other' }],
});
const { t, org, other, members: m } = suite;
const deps = t.app.deps as { clock: () => Date };
const json = <T>(res: { json: () => unknown }) => res.json() as T;

const card = (who: TestMember, plaId: string) =>
  t.app.inject({ method: 'GET', url: `/api/app/game-day/cards/${plaId}`, headers: who.auth });
const verify = (who: TestMember, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/game-day/cards/verify',
    headers: who.auth,
    payload: { token },
  });
const today = new Date().toISOString().slice(0, 10);
const checkIns = (levelId = org.team.id, gameOn = today) =>
  `/api/app/game-day/games/${levelId}/${gameOn}/check-ins`;

beforeAll(async () => {
  const db = t.database.db;
  const [coachLabel] = await db
    .insert(labels)
    .values({ organizationId: org.id, name: 'Coach', checksMembersIn: true })
    .returning({ id: labels.id });
  await db
    .update(profileLevelAccesses)
    .set({ labelId: coachLabel!.id })
    .where(eq(profileLevelAccesses.id, m.coach.profileLevelAccessId));
  // The cleared member is the guardian's child.
  await db
    .update(profiles)
    .set({ guardianProfileId: m.guardian.profileId })
    .where(eq(profiles.id, m.cleared.profileId));
  // Not cleared: a mandatory training expired on 3 Nov.
  const [definition] = await db
    .insert(requirementDefinitions)
    .values({ organizationId: org.id, type: 1, name: 'Abuse-prevention training' })
    .returning({ id: requirementDefinitions.id });
  await db.insert(memberRequirements).values({
    organizationId: org.id,
    profileId: m.expired.profileId,
    definitionId: definition!.id,
    status: RequirementStatus.Expired,
    expiresAt: '2026-11-03',
  });
  await db
    .update(profileLevelAccesses)
    .set({ overallStatus: MemberOverallStatus.Incomplete })
    .where(eq(profileLevelAccesses.id, m.expired.profileLevelAccessId));
  // Not cleared: removed from play by a standing condition (its title stays with the reviewers).
  await db.insert(memberConditions).values({
    organizationId: org.id,
    profileId: m.removed.profileId,
    kind: 'Concussion',
    title: 'Concussion protocol: return-to-play clearance',
    restrictsPlay: true,
    visibility: 'Reviewers',
    liftedBy: 'Clearance',
  });
});
afterAll(() => t.close());

describe('the clearance card', () => {
  it('401 without a token, 400 for a bad id, 404 for another organization, 403 for another member', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/app/game-day/cards/${m.cleared.profileLevelAccessId}`,
        })
      ).statusCode,
    ).toBe(401);
    const bad = await card(m.manager, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toContain('profileLevelAccessId');
    expect((await card(m.manager, m.outsider.profileLevelAccessId)).statusCode).toBe(404);
    expect((await card(m.expired, m.cleared.profileLevelAccessId)).statusCode).toBe(403);
  });

  it('shows the member their card: Cleared, with a signed token carrying only opaque ids', async () => {
    const res = await card(m.cleared, m.cleared.profileLevelAccessId);
    expect(res.statusCode).toBe(200);
    const c = json<ClearanceCard>(res);
    expect(c).toMatchObject({
      name: 'Clara Cleared',
      organizationName: org.name,
      levelName: 'Team',
      role: 'Player',
      state: 'Cleared',
      reasons: [],
    });
    const claims = decodeJwt(c.token);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'iss', 'jti', 'org', 'sub']);
    expect(claims).toMatchObject({ sub: m.cleared.profileLevelAccessId, org: org.id });
    expect(c.token).not.toContain('Clara');
    // The same live card is shown again, not a new one each time.
    expect(json<ClearanceCard>(await card(m.cleared, m.cleared.profileLevelAccessId)).token).toBe(c.token);
  });

  it('shows a guardian and a manager the card, and says why a member is not cleared', async () => {
    expect(json<ClearanceCard>(await card(m.guardian, m.cleared.profileLevelAccessId)).state).toBe('Cleared');
    const expired = json<ClearanceCard>(await card(m.manager, m.expired.profileLevelAccessId));
    expect(expired).toMatchObject({
      state: 'Not cleared',
      reasons: ['Abuse-prevention training expired 3 Nov'],
    });
    const removed = json<ClearanceCard>(await card(m.coach, m.removed.profileLevelAccessId));
    expect(removed).toMatchObject({ state: 'Not cleared', reasons: ['removed from play'] });
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'game-day.card.viewed'),
          eq(auditEvents.entityId, m.expired.profileLevelAccessId),
        ),
      );
    expect(audits).toHaveLength(1);
  });

  it('publishes the public key only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/app/game-day/keys' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/app/game-day/keys', headers: m.coach.auth });
    const { keys } = json<{ keys: Record<string, unknown>[] }>(res);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('verifying a scanned card', () => {
  it('401, 400, 403 for a plain member', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/app/game-day/cards/verify', payload: { token: 'x' } }))
        .statusCode,
    ).toBe(401);
    const bad = await verify(m.coach, '');
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toContain('token');
    expect((await verify(m.expired, 'x')).statusCode).toBe(403);
  });

  it('answers Cleared / Not cleared with the name to compare', async () => {
    const cleared = json<ClearanceCard>(await card(m.cleared, m.cleared.profileLevelAccessId));
    expect(json<CardCheck>(await verify(m.coach, cleared.token))).toMatchObject({
      outcome: 'Cleared',
      name: 'Clara Cleared',
      levelName: 'Team',
    });
    const expired = json<ClearanceCard>(await card(m.expired, m.expired.profileLevelAccessId));
    expect(json<CardCheck>(await verify(m.coach, expired.token))).toMatchObject({
      outcome: 'NotCleared',
      name: 'Eddie Expired',
      reasons: ['Abuse-prevention training expired 3 Nov'],
    });
  });

  it('refuses a forged card, one signed with another key, and another organization’s card', async () => {
    const { token } = json<ClearanceCard>(await card(m.cleared, m.cleared.profileLevelAccessId));
    const [h, p, s] = token.split('.');
    const flipped = `${h}.${p}.${s!.startsWith('A') ? 'B' : 'A'}${s!.slice(1)}`;
    expect(json<CardCheck>(await verify(m.coach, flipped))).toMatchObject({ outcome: 'Invalid', name: null });
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const { kid } = decodeProtectedHeader(token);
    const claims = decodeJwt(token);
    const forged = await new SignJWT({ org: org.id })
      .setProtectedHeader({ alg: 'EdDSA', kid: kid ?? 'x', typ: 'touchline-card+jwt' })
      .setIssuer('touchline:game-day')
      .setSubject(String(claims.sub))
      .setJti(String(claims.jti))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(pair.privateKey);
    expect(json<CardCheck>(await verify(m.coach, forged))).toMatchObject({ outcome: 'Invalid', name: null });
    expect(json<CardCheck>(await verify(m.coach, 'not a token'))).toMatchObject({ outcome: 'Invalid' });
    expect(await exportJWK(pair.publicKey)).not.toHaveProperty('d');
    const theirs = json<ClearanceCard>(await card(m.outsider, m.outsider.profileLevelAccessId));
    const refused = json<CardCheck>(await verify(m.coach, theirs.token));
    expect(refused).toMatchObject({ outcome: 'OtherOrganization', name: null, profileLevelAccessId: null });
    // …and it verifies in its own organization.
    expect(json<CardCheck>(await verify(m.otherManager, theirs.token)).outcome).toBe('Cleared');
  });

  it('refuses an expired card', async () => {
    const { token } = json<ClearanceCard>(await card(m.cleared, m.cleared.profileLevelAccessId));
    const real = deps.clock;
    deps.clock = () => new Date(Date.now() + 25 * 3600 * 1000);
    try {
      expect(json<CardCheck>(await verify(m.coach, token))).toMatchObject({
        outcome: 'Expired',
        name: 'Clara Cleared',
      });
    } finally {
      deps.clock = real;
    }
  });

  it('refuses a revoked card; only managers revoke, audited; a new card then works', async () => {
    const { token } = json<ClearanceCard>(await card(m.removed, m.removed.profileLevelAccessId));
    const revoke = (who: TestMember, id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/game-day/cards/revoke',
        headers: who.auth,
        payload: { profileLevelAccessId: id },
      });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/app/game-day/cards/revoke', payload: {} })).statusCode,
    ).toBe(401);
    expect((await revoke(m.manager, 'x')).statusCode).toBe(400);
    expect((await revoke(m.manager, m.outsider.profileLevelAccessId)).statusCode).toBe(404);
    expect((await revoke(m.coach, m.removed.profileLevelAccessId)).statusCode).toBe(403);
    const res = await revoke(m.manager, m.removed.profileLevelAccessId);
    expect(res.statusCode).toBe(200);
    expect(json<{ revoked: number }>(res).revoked).toBe(1);
    expect(json<CardCheck>(await verify(m.coach, token))).toMatchObject({
      outcome: 'Revoked',
      name: 'Rory Removed',
    });
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'game-day.card.revoked'),
          eq(auditEvents.entityId, m.removed.profileLevelAccessId),
        ),
      );
    expect(audits).toHaveLength(1);
    const fresh = json<ClearanceCard>(await card(m.removed, m.removed.profileLevelAccessId));
    expect(fresh.token).not.toBe(token);
    expect(json<CardCheck>(await verify(m.coach, fresh.token))).toMatchObject({
      outcome: 'NotCleared',
      reasons: ['removed from play'],
    });
  });
});

describe('check-ins at a game and the team roster', () => {
  it('401, 400, 404 for another organization’s team, 403 for a plain member', async () => {
    const body = { id: crypto.randomUUID(), token: 'x' };
    expect((await t.app.inject({ method: 'POST', url: checkIns(), payload: body })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: checkIns(),
      headers: m.coach.auth,
      payload: { id: 'x', token: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(expect.arrayContaining(['id', 'token']));
    expect(
      (await t.app.inject({ method: 'GET', url: checkIns(org.team.id, 'today'), headers: m.coach.auth }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: checkIns(other.team.id),
          headers: m.coach.auth,
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: checkIns(other.team.id), headers: m.coach.auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: checkIns(), headers: m.cleared.auth, payload: body }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/app/game-day/teams/${org.team.id}/roster` }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/app/game-day/teams/${other.team.id}/roster`,
          headers: m.coach.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/app/game-day/teams/${org.team.id}/roster`,
          headers: m.cleared.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/app/game-day/teams/nope/roster`,
          headers: m.coach.auth,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('records a check-in once per client id (an offline replay never doubles) and lists the game', async () => {
    const { token } = json<ClearanceCard>(await card(m.cleared, m.cleared.profileLevelAccessId));
    const body = { id: crypto.randomUUID(), token, scannedAt: new Date().toISOString() };
    const first = await t.app.inject({
      method: 'POST',
      url: checkIns(),
      headers: m.coach.auth,
      payload: body,
    });
    expect(first.statusCode).toBe(201);
    expect(json<CheckIn>(first)).toMatchObject({ id: body.id, outcome: 'Cleared', name: 'Clara Cleared' });
    const replay = await t.app.inject({
      method: 'POST',
      url: checkIns(),
      headers: m.coach.auth,
      payload: body,
    });
    expect(replay.statusCode).toBe(200);
    expect(json<CheckIn>(replay)).toEqual(json<CheckIn>(first));
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: checkIns(org.team.id, '2026-01-01'),
      headers: m.coach.auth,
      payload: body,
    });
    expect(elsewhere.statusCode).toBe(409);
    const forged = { id: crypto.randomUUID(), token: 'forged.token.here' };
    const refused = await t.app.inject({
      method: 'POST',
      url: checkIns(),
      headers: m.manager.auth,
      payload: forged,
    });
    expect(json<CheckIn>(refused)).toMatchObject({ outcome: 'Invalid', name: null });
    const list = json<{ items: CheckIn[] }>(
      await t.app.inject({ method: 'GET', url: checkIns(), headers: m.coach.auth }),
    );
    expect(list.items.map((i) => [i.id, i.outcome])).toEqual([
      [body.id, 'Cleared'],
      [forged.id, 'Invalid'],
    ]);
  });

  it('lists who may play today and who may not, and why', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/app/game-day/teams/${org.team.id}/roster`,
      headers: m.coach.auth,
    });
    expect(res.statusCode).toBe(200);
    const roster = json<Roster>(res);
    const byName = Object.fromEntries(roster.items.map((i) => [i.name, [i.state, i.reasons]]));
    expect(byName['Clara Cleared']).toEqual(['Cleared', []]);
    expect(byName['Eddie Expired']).toEqual(['Not cleared', ['Abuse-prevention training expired 3 Nov']]);
    expect(byName['Rory Removed']).toEqual(['Not cleared', ['removed from play']]);
    expect(byName).not.toHaveProperty('Gina Guardian');
  });
});
