import { verify } from '@node-rs/argon2';
import { argon2Options, ensureUser, hashPassword } from '@touchline/identity';
import type { DatabaseHandle } from '../src/db/client.ts';
import { benchAppWithIdentity, passwordSignIn } from './bench-app.ts';
import { compare, compareConcurrent, reportThroughput, type Side } from './measure.ts';

/**
 * Sign-in throughput (the whole /connect/token password grant through the server: throttling checks, user and
 * role reads, argon2id verify, refresh-token insert, audit, JWT signing) as a share of raw argon2id verifies of
 * the same password with the same parameters, in the same run. Goal: at least 0.8.
 */
export async function benchLogin(database: DatabaseHandle) {
  const { app, identityDb } = await benchAppWithIdentity(database);
  const password = 'bench password 123';
  await ensureUser(identityDb, {
    email: 'bench@example.org',
    password,
    firstName: 'B',
    lastName: 'Ench',
    roles: ['Admin'],
  });
  const storedHash = await hashPassword(password);
  const signIn: Side = {
    name: 'sign-in',
    run: async () => {
      const res = await passwordSignIn(app, 'bench@example.org', password);
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
