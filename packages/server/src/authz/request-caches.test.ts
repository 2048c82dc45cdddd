import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../test/factories.ts';
import { buildApp } from '../app.ts';
import { createAccessTokenVerifier } from '../plugins/access-token-verifier.ts';
import { BoundedCache, createRequestCaches, sharedRead } from './request-caches.ts';

/**
 * ADR 026: the actor's context is cached per server, yet a role change or an archive applies on the very next request
 * — on the server that made it and on another server over the same database (the authorization version moves in
 * the writing transaction).
 */
describe('the actor context cache', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let org: TestOrganization;
  let admin: TestMember;
  beforeAll(async () => {
    t = await createTestApp();
    // A second server on the same database, as a second instance behind a load balancer.
    other = await buildApp(t.config, {
      database: t.database,
      verifyAccessToken: createAccessTokenVerifier({ jwks: { keys: [t.signingKey.publicJwk] } }),
    });
    await other.ready();
    org = await createTestOrganization(t);
    admin = await addTestMember(t, org, org.root, 'Admin');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const tiles = (app: FastifyInstance, member: TestMember) =>
    app.inject({ url: `/api/app/hierarchy-level/${org.team.id}/dashboard-info`, headers: member.auth });
  const changeRole = (accessId: string, labelId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/app/profile/change-role?profileLevelAccessId=${accessId}&newLabelId=${labelId}`,
      headers: admin.auth,
    });

  it('applies a role change made between two calls, on the same server and on another', async () => {
    const member = await addTestMember(t, org, org.team, 'member');
    for (const app of [t.app, other]) expect((await tiles(app, member)).statusCode).toBe(403);
    // Twice each: the second call is answered from the cache.
    for (const app of [t.app, other]) expect((await tiles(app, member)).statusCode).toBe(403);
    expect((await changeRole(member.profileLevelAccessId, org.labelIds.Manager)).statusCode).toBe(204);
    for (const app of [t.app, other]) expect((await tiles(app, member)).statusCode).toBe(200);
    expect((await changeRole(member.profileLevelAccessId, org.labelIds.member)).statusCode).toBe(204);
    for (const app of [other, t.app]) expect((await tiles(app, member)).statusCode).toBe(403);
  });

  it('applies an archive between two calls on both servers', async () => {
    const manager = await addTestMember(t, org, org.team, 'Manager');
    for (const app of [t.app, other]) expect((await tiles(app, manager)).statusCode).toBe(200);
    const archived = await other.inject({
      method: 'DELETE',
      url: `/api/app/profile/profile-level-access/${manager.profileLevelAccessId}`,
      headers: admin.auth,
    });
    expect(archived.statusCode).toBe(204);
    for (const app of [t.app, other]) expect((await tiles(app, manager)).statusCode).toBe(403);
  });

  it('serves the cached context while nothing changed, and still refuses a bad token', async () => {
    const manager = await addTestMember(t, org, org.team, 'Manager');
    expect((await tiles(t.app, manager)).statusCode).toBe(200);
    expect(t.app.requestCaches.contexts.get(manager.profileId)?.context.organizationId).toBe(org.id);
    expect(t.app.requestCaches.tokens.get(manager.token)?.actor.profileId).toBe(manager.profileId);
    const forged = { authorization: `Bearer ${manager.token.slice(0, -4)}AAAA` };
    const res = await t.app.inject({
      url: `/api/app/hierarchy-level/${org.team.id}/dashboard-info`,
      headers: forged,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('BoundedCache', () => {
  it('keeps what is used, forgets what went unused for a generation, and never holds more than its size', () => {
    const cache = new BoundedCache<string, number>(4);
    cache.set('a', 0);
    cache.set('b', 1); // a full young generation (2) becomes the old one
    expect(cache.get('a')).toBe(0); // moved back to the young generation
    cache.set('c', 2); // the young generation ages again; b, unused since, is dropped
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([0, 2]);
    for (let i = 0; i < 100; i++) {
      cache.set(`k${i}`, i);
      expect(cache.size).toBeLessThanOrEqual(4);
    }
    cache.delete('k99');
    expect(cache.get('k99')).toBeUndefined();
  });
});

describe('sharedRead', () => {
  it('never answers from a read that started before the caller, and shares the next one', async () => {
    const caches = createRequestCaches();
    let version = 1;
    let reads = 0;
    const gates: (() => void)[] = [];
    const read = () =>
      new Promise<number>((resolve) => {
        reads += 1;
        const seen = version;
        gates.push(() => resolve(seen));
      });
    const first = sharedRead(caches, 'org', read);
    version = 2; // a change committed after the first read began
    const second = sharedRead(caches, 'org', read);
    const third = sharedRead(caches, 'org', read);
    gates.shift()?.();
    expect(await first).toBe(1);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gates.shift()?.();
    expect([await second, await third, reads]).toEqual([2, 2, 2]);
    expect(caches.versionReads.size).toBe(0);
  });
});
