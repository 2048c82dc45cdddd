import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { requireActorContext } from '../src/authz/request-context.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedScaleOrganization } from '../src/seeds/seed-scale.ts';
import { requireActor } from '../src/plugins/authenticate.ts';
import { adminToken } from './bench-app.ts';
import { loadNow, spreadOf, type Spread } from './measure.ts';

// `npm run bench -- request-path` (issue 19, item 1): requests per second over HTTP with 10 connections, each target
// in turn for a few seconds, in rounds, against a bare Fastify hello-world in the same run. The signed-in targets run
// twice: with the request caches (verified tokens, actor contexts; ADR 026) and without them (how every request ran
// before), so before and after are side by side.

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 10;

/** The routes only this bench adds: signed in, with and without the actor's organization context. */
function benchRoutes(app: FastifyInstance) {
  app.get('/bench/signed-in', async (request) => ({ userId: requireActor(request).userId }));
  app.get('/bench/actor-context', async (request) => ({
    organizationId: (await requireActorContext(request)).organizationId,
  }));
}

/** Listens on a free port and returns the base URL. */
async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

type Target = { label: string; url: string; token?: string; goal?: number };

/** One target for `seconds`: requests per second and the p99 latency in ms; fails on any non-2xx answer. */
async function hammer(target: Target) {
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    ...(target.token ? { headers: { authorization: `Bearer ${target.token}` } } : {}),
  });
  if (result.non2xx || result.errors)
    throw new Error(`${target.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const fixed = (s: Spread, digits = 0) =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

/** The request path on one database: bare Fastify, /healthz, and the signed-in targets with and without caches. */
export async function benchRequestPath(database: DatabaseHandle) {
  const seed = await seedScaleOrganization(database, 1000);
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const bareUrl = await listen(bare);
  const cached = await adminToken(database, seed, benchRoutes);
  const cachedUrl = await listen(cached.app);
  const uncached = await adminToken(database, seed, (app) => {
    app.requestCaches.enabled = false;
    benchRoutes(app);
  });
  const uncachedUrl = await listen(uncached.app);
  const signedIn = (label: string, base: string, token: string, path: string, goal?: number): Target => ({
    label,
    url: `${base}${path}`,
    token,
    ...(goal ? { goal } : {}),
  });
  const targets: Target[] = [
    { label: 'bare Fastify hello-world', url: `${bareUrl}/` },
    { label: 'GET /healthz (public)', url: `${cachedUrl}/healthz` },
    signedIn('signed in, no data, before', uncachedUrl, uncached.token, '/bench/signed-in'),
    signedIn('signed in, no data, after', cachedUrl, cached.token, '/bench/signed-in', 0.5),
    signedIn('actor context, before', uncachedUrl, uncached.token, '/bench/actor-context'),
    signedIn('actor context, after', cachedUrl, cached.token, '/bench/actor-context'),
    signedIn(
      'GET /api/app/profile/level-roles, before',
      uncachedUrl,
      uncached.token,
      '/api/app/profile/level-roles',
    ),
    signedIn(
      'GET /api/app/profile/level-roles, after',
      cachedUrl,
      cached.token,
      '/api/app/profile/level-roles',
      0.1,
    ),
  ];
  // A short warm-up of each (JIT, connections, caches), then rounds that interleave the targets.
  for (const target of targets)
    await autocannon({
      url: target.url,
      connections,
      duration: 1,
      ...(target.token ? { headers: { authorization: `Bearer ${target.token}` } } : {}),
    });
  const readings = targets.map(() => ({ rps: [] as number[], p99: [] as number[], share: [] as number[] }));
  const loads: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let bareRps = Number.NaN;
    for (const [i, target] of targets.entries()) {
      const { rps, p99 } = await hammer(target);
      if (i === 0) bareRps = rps;
      readings[i]!.rps.push(rps);
      readings[i]!.p99.push(p99);
      readings[i]!.share.push(rps / bareRps);
    }
    loads.push(loadNow());
  }
  const load = spreadOf(loads);
  console.warn(
    `request-path on ${database.kind} (${connections} connections, ${seconds} s × ${rounds} rounds each; req/s, p99 ms and share of bare Fastify as median (min–max); load ${fixed(load, 2)}):`,
  );
  for (const [i, target] of targets.entries()) {
    const share = spreadOf(readings[i]!.share);
    const verdict =
      target.goal === undefined
        ? ''
        : ` (goal ≥ ${target.goal}×: ${share.median >= target.goal ? 'met' : 'NOT met'})`;
    console.warn(
      `  ${target.label}: ${fixed(spreadOf(readings[i]!.rps))} req/s, p99 ${fixed(spreadOf(readings[i]!.p99))} ms → ${fixed(share, 3)}×${verdict}`,
    );
  }
  await Promise.all([bare.close(), cached.app.close(), uncached.app.close()]);
}
