import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSuite, type TestMember, type TestOrganization } from '../../test/factories.ts';
import type { TestApp } from '../../test/app.ts';
import { requestFor, routesOf, type FuzzRequest, type OpenApiDocument } from './route-fuzz.ts';

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
});
