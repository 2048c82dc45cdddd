import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSuite, type TestMember, type TestOrganization } from '../../test/factories.ts';
import type { TestApp } from '../../test/app.ts';
import type net from 'node:net';
import {
  loneSurrogateBody,
  requestFor,
  routesOf,
  sendOversized,
  type FuzzRequest,
  type OpenApiDocument,
} from './route-fuzz.ts';

// A bounded run in the normal suite; `npm run fuzz -- --requests 100000` sets these for the long one.
const requests = Number(process.env.FUZZ_REQUESTS ?? 2000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;

beforeAll(async () => {
  ({
    t,
    org,
    other,
    members: { admin },
  } = await createTestSuite(
    { admin: ['root', 'Admin'] },
    {},
    { RATE_LIMIT_PER_MINUTE: String(10 * requests) },
  ));
});
afterAll(async () => t?.close());

type Failure = { request: FuzzRequest; status: number; body: string };

describe('every route of the OpenAPI document, driven with generated invalid input', () => {
  it(
    `answers each of ${requests} requests without a 5xx (seed ${seed})`,
    async () => {
      const doc = (await t.app.inject('/api/docs/json')).json<OpenApiDocument>();
      const routes = routesOf(doc);
      expect(routes.length).toBeGreaterThan(100);
      const ids = [
        org.id,
        org.root.id,
        org.division.id,
        org.team.id,
        ...Object.values(org.labelIds),
        admin.profileId,
        admin.profileLevelAccessId,
        admin.userId ?? org.id,
        other.id,
        other.team.id,
      ];
      const perRoute = Math.max(1, Math.ceil(requests / routes.length));
      const failures: Failure[] = [];
      let sent = 0;
      for (const [index, route] of routes.entries()) {
        const samples = fc.sample(requestFor(route, ids), { numRuns: perRoute, seed: seed + index });
        for (const request of samples) {
          const res = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...(request.signedIn ? admin.auth : {}) },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent += 1;
          if (res.statusCode >= 500)
            failures.push({ request, status: res.statusCode, body: res.body.slice(0, 300) });
        }
      }
      const summary = `fuzzed ${sent} requests over ${routes.length} routes (seed ${seed}): ${failures.length} answered 5xx`;
      process.stdout.write(`${summary}\n`);
      const shown = failures.slice(0, 10).map((f) => ({
        ...f,
        request: {
          ...f.request,
          url: f.request.url.slice(0, 300),
          payload: String(f.request.payload ?? '').slice(0, 300),
        },
      }));
      expect(shown, summary).toEqual([]);
    },
    Math.max(300_000, requests * 250),
  );

  it('answers a lone surrogate in every string field of every body with a 4xx naming a field', async () => {
    const routes = routesOf((await t.app.inject('/api/docs/json')).json<OpenApiDocument>());
    const ids = [org.id, org.root.id, org.team.id, admin.profileId, admin.profileLevelAccessId];
    const failures: { route: string; status: number; body: string }[] = [];
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      const payload = loneSurrogateBody(route, ids, seed + index);
      if (payload === null) continue;
      const url = route.pathParams.reduce((u, p) => u.replace(`{${p.name}}`, org.id), route.path);
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { 'content-type': 'application/json', ...admin.auth },
        payload,
      });
      sent += 1;
      if (res.statusCode >= 500 || res.statusCode === 201 || res.statusCode === 200)
        failures.push({
          route: `${route.method} ${route.path}`,
          status: res.statusCode,
          body: res.body.slice(0, 200),
        });
    }
    process.stdout.write(
      `sent a lone surrogate in every string field to ${sent} routes: ${failures.length} not refused\n`,
    );
    expect(sent).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });

  it('lets a client that sends too much read the 413 on every route with a body (no EPIPE, no reset)', async () => {
    const routes = routesOf((await t.app.inject('/api/docs/json')).json<OpenApiDocument>()).filter(
      (r) => r.method !== 'GET' && r.method !== 'DELETE',
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    // 6 MB: more than loopback's socket buffers take in, so a close with the body unread resets the sender.
    const bytes = 6 * 1024 * 1024;
    // The bounded run sends to a sample of the routes (the seed picks which); the long run to all of them.
    const chosen =
      requests >= 10_000
        ? routes
        : fc.sample(fc.shuffledSubarray(routes, { minLength: 12, maxLength: 12 }), { numRuns: 1, seed })[0]!;
    const failures: { route: string; status: number | null; error?: string }[] = [];
    for (const route of chosen) {
      const path = route.pathParams.reduce((u, p) => u.replace(`{${p.name}}`, org.id), route.path);
      const result = await sendOversized(
        { host: '127.0.0.1', port },
        { method: route.method, path, headers: admin.auth },
        bytes,
      );
      if (result.error || result.status === null || result.status >= 500)
        failures.push({ route: `${route.method} ${route.path}`, ...result });
    }
    process.stdout.write(
      `sent 6 MB to ${chosen.length} routes over a socket: ${failures.length} unreadable\n`,
    );
    expect(failures, JSON.stringify(failures)).toEqual([]);
  });
});
