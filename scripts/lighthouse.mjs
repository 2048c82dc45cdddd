// `npm run lighthouse`: Lighthouse's performance audit (mobile, simulated throttling, the default config) of the
// built app's first load, on `/signin` and on the demo league's dashboard, with Debian's Chromium (ADR 029).
// Starts the compiled server on a fresh embedded database with the demo league, signs a Chromium profile in as the
// demo administrator, and points Lighthouse at that browser's debugging port, so the dashboard is audited signed in.
// Prints the performance score, FCP, LCP, CLS and TBT per page: the median of `--runs` runs (3 by default).
// Scores move with the machine's load: CI checks the byte budget (scripts/check-bundle-budget.mjs), not these.
// `--members N` also audits the dashboard of an organization of N members (the benches' scale seed, ADR 016),
// signed in as its administrator: the database is seeded before the server starts (`db:seed`, from the build).
//
//   npm run lighthouse [-- --runs 3] [--members 100000] [--port 3400] [--debug-port 3401] [--json report-dir]
//
// Needs `npm run build` first. CHROME_PATH names the browser (default /usr/bin/chromium).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The demo administrator of the README (demo data only, never seeded in production). */
const demoAdmin = { email: 'admin@demo.touchline.test', password: 'touchline-demo' };
/** The SPA's OAuth client (packages/contracts/src/accounts.ts: webClientId, webClientScope). */
const webClient = { id: 'touchline-web', scope: 'openid offline_access touchline' };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.LIGHTHOUSE_PORT ?? '' },
    'debug-port': { type: 'string', default: '' },
    json: { type: 'string', default: '' },
    members: { type: 'string', default: '' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
const scaleMembers = args.members === '' ? null : Number(args.members);
if (scaleMembers !== null && !(Number.isInteger(scaleMembers) && scaleMembers > 1)) {
  throw new Error('--members must be a whole number above 1');
}
/** The scale organization's administrator signs in with this (a scratch database, thrown away afterwards). */
const scalePassword = 'lighthouse-scale-admin';

/** A port nobody listens on: the one asked for if it is free, else one the system picks. */
function freePort(wanted = 0) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) => (wanted ? freePort(0).then(resolve, reject) : reject(error)));
    server.listen(wanted, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : wanted));
    });
  });
}

/** Runs the build's `db:seed` on the scratch database; returns what it printed. */
async function runSeed(dataDir, seedArgs) {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'packages/server/dist/seed-cli.js'), ...seedArgs],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`db:seed ${seedArgs.join(' ')} failed (${code}):\n${output.join('')}`);
  return output.join('');
}

/**
 * The demo league, then a scale organization of `members` with its administrator's account, seeded into the scratch
 * database before the server opens it (the embedded database has one owner at a time). The demo league first: the
 * server seeds it only into an empty database, and then adds its accounts, library and history as it always does.
 */
async function seedScale(dataDir, members) {
  await runSeed(dataDir, []);
  const started = performance.now();
  const printed = await runSeed(dataDir, ['--members', String(members), '--admin-password', scalePassword]);
  const email = /Administrator's sign-in: (\S+)/.exec(printed)?.[1];
  const rootLevelId = /Root level ([0-9a-f-]{36})/.exec(printed)?.[1];
  if (!email || !rootLevelId) throw new Error(`db:seed did not name the scale organization:\n${printed}`);
  console.log(`Seeded ${members} members in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { email, rootLevelId };
}

/**
 * Starts the compiled server as the browser suite does: embedded database in a scratch DATA_DIR, demo seed; with
 * `--members`, the scale organization seeded first.
 */
async function startServer(port) {
  const main = path.join(repoRoot, 'packages/server/dist/main.js');
  const webDist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist'));
  if (!fs.existsSync(main) || !fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('No build to measure: run `npm run build` first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-lighthouse-'));
  let scale = null;
  try {
    if (scaleMembers !== null) scale = await seedScale(dataDir, scaleMembers);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await globalThis.fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, stop, scale };
    await sleep(500);
  }
  await stop();
  throw new Error(`the server did not become ready:\n${output.join('')}`);
}

/**
 * Signs the browser profile in (the demo administrator by default) through the real calls (token, policy
 * acceptance, web session cookie), as e2e/support/demo-session.ts does, and returns the account's first level.
 */
async function signIn(context, baseUrl, account = demoAdmin) {
  const form = {
    grant_type: 'password',
    client_id: webClient.id,
    scope: webClient.scope,
    username: account.email,
    password: account.password,
  };
  const token = async () => {
    const res = await context.request.post(`${baseUrl}/connect/token`, { form });
    if (!res.ok()) throw new Error(`sign-in of ${account.email} failed: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const first = await token();
  for (const acceptedType of ['terms', 'privacy']) {
    const res = await context.request.post(`${baseUrl}/api/app/user-acceptance/accept`, {
      data: { acceptedType },
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    if (res.status() !== 204) throw new Error(`accepting ${acceptedType} failed: ${res.status()}`);
  }
  // A fresh token carries the acceptances in its claims.
  const tokens = await token();
  const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString());
  // The roles the SPA stores: the token's role claim (a string or a list).
  const roles = [claims['User/Role'] ?? []].flat();
  const set = await context.request.post(`${baseUrl}/api/active-user-session-set`, {
    data: {
      token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      authTime: claims.auth_time * 1000,
      roles,
      remember: true,
    },
  });
  if (set.status() !== 204) throw new Error(`session set failed: ${set.status()}`);
  const levels = await context.request.get(`${baseUrl}/api/app/profile/level-roles`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  const [top] = await levels.json();
  if (!top?.hierarchyLevelId) throw new Error(`${account.email} holds no level`);
  return top.hierarchyLevelId;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One Lighthouse navigation: the figures the issue asks for, from the performance category. */
async function audit(url, debugPort) {
  const result = await lighthouse(url, {
    port: debugPort,
    onlyCategories: ['performance'],
    output: 'json',
    logLevel: 'error',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    lhr,
    figures: {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbt: value('total-blocking-time'),
    },
  };
}

/** `runs` audits of one page, each printed; returns the medians. */
async function auditPage(name, url, debugPort) {
  const samples = [];
  for (let run = 1; run <= runs; run++) {
    const { lhr, figures } = await audit(url, debugPort);
    samples.push(figures);
    console.log(
      `  ${name} run ${run}: ${figures.score}  FCP ${ms(figures.fcp)}  LCP ${ms(figures.lcp)}  ` +
        `CLS ${figures.cls.toFixed(3)}  TBT ${ms(figures.tbt)}`,
    );
    if (args.json) {
      fs.mkdirSync(args.json, { recursive: true });
      fs.writeFileSync(path.join(args.json, `${name.replace(/\W+/g, '')}-${run}.json`), JSON.stringify(lhr));
    }
  }
  const pick = (key) => median(samples.map((s) => s[key]));
  return {
    page: name,
    score: pick('score'),
    fcp: ms(pick('fcp')),
    lcp: ms(pick('lcp')),
    cls: pick('cls').toFixed(3),
    tbt: ms(pick('tbt')),
  };
}

const port = await freePort(Number(args.port) || 0);
const debugPort = await freePort(
  Number(args['debug-port']) || (Number(args.port) ? Number(args.port) + 1 : 0),
);
const server = await startServer(port);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-lighthouse-chromium-'));
let context;
try {
  // A persistent context is the browser's default one, the one Lighthouse's new pages open in: they share its
  // session cookie. Lighthouse clears caches and service workers between runs, never cookies.
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromePath,
    headless: true,
    args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const load = os.loadavg()[0].toFixed(1);
  console.log(`Lighthouse ${runs} run(s) per page, mobile, simulated throttling; load average ${load}`);
  // /signin is audited signed out (signed in, it sends you home); the dashboard after signing in.
  const rows = [await auditPage('/signin', `${server.url}/signin`, debugPort)];
  const topLevelId = await signIn(context, server.url);
  rows.push(await auditPage('dashboard', `${server.url}/levels/${topLevelId}/dashboard`, debugPort));
  if (server.scale) {
    const scaleTop = await signIn(context, server.url, {
      email: server.scale.email,
      password: scalePassword,
    });
    if (scaleTop !== server.scale.rootLevelId) throw new Error('the scale administrator holds another level');
    const name = `${scaleMembers.toLocaleString('en-US')} members`;
    rows.push(await auditPage(name, `${server.url}/levels/${scaleTop}/dashboard`, debugPort));
  }
  console.log(`\nMedian of ${runs} (load average now ${os.loadavg()[0].toFixed(1)}):`);
  console.table(rows);
} finally {
  await context?.close();
  await server.stop();
  fs.rmSync(profileDir, { recursive: true, force: true });
}

function ms(value) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
