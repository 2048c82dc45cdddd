import { verify } from '@node-rs/argon2';
import { argon2Options, createSigningKey, ensureUser, hashPassword } from '@touchline/identity';
import { webClientId } from '@touchline/contracts/accounts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { inProcessIdentity } from '../src/identity-wiring.ts';
import { outboxMailer } from '../src/mail/mailer.ts';
import { compare, compareConcurrent, reportThroughput, type Side } from './measure.ts';

/**
 * Sign-in throughput (the whole /connect/token password grant through the server: throttling checks, user and
 * role reads, argon2id verify, refresh-token insert, audit, JWT signing) as a share of raw argon2id verifies of
 * the same password with the same parameters, in the same run. Goal: at least 0.8.
 */
export async function benchLogin(database: DatabaseHandle) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    SESSION_PASSWORD: 'bench-session-password-0123456789abcdef',
  });
  const mailer = outboxMailer(database.db);
  const { identityDb, ...identity } = await inProcessIdentity(database, {
    signingKey: await createSigningKey(),
    mailer,
    appUrl: 'http://bench.test',
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  });
  const password = 'bench password 123';
  await ensureUser(identityDb, {
    email: 'bench@example.org',
    password,
    firstName: 'B',
    lastName: 'Ench',
    roles: ['Admin'],
  });
  const app = await buildApp(config, { database, mailer, ...identity });
  await app.ready();
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: webClientId,
    scope: 'openid',
    username: 'bench@example.org',
    password,
  }).toString();
  const storedHash = await hashPassword(password);
  const signIn: Side = {
    name: 'sign-in',
    run: async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    },
  };
  const rawVerify: Side = { name: 'argon2id verify', run: () => verify(storedHash, password) };
  const label = `login (${database.kind}; argon2id m=${argon2Options.memoryCost} KiB t=${argon2Options.timeCost})`;
  const oneAtATime = await compare(signIn, rawVerify, { rounds: 5, iterations: 15 });
  reportThroughput(`${label}, one at a time: sign-ins vs raw verifies`, oneAtATime, { min: 0.8 });
  // Under load (4 in flight on this 2-core machine) the database and HTTP work overlaps the hashing threads.
  const underLoad = await compareConcurrent(signIn, rawVerify, { concurrency: 4, calls: 40 });
  reportThroughput(`${label}, 4 in flight: sign-ins vs raw verifies`, underLoad, { min: 0.8 });
  await app.close();
}
