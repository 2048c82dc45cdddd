import type { FastifyInstance } from 'fastify';
import { ensureUser, type IdentityDatabase, type SigningKey } from '@touchline/identity';
import { webClientId } from '@touchline/contracts/accounts';
import { tokenResponseSchema, type TokenResponse } from '@touchline/contracts/auth';
import { buildApp, type AppDependencies } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { inProcessIdentity, partnerClientsFrom } from '../src/identity-wiring.ts';
import { openTestDatabase } from './database.ts';

/** The session password tests seal cookies with (spec §5: at least 32 characters). */
export const testSessionPassword = 'test-session-password-0123456789abcdef';

/** A built app on its own database, for `app.inject` tests; close() releases both. */
export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  identityDb: IdentityDatabase;
  signingKey: SigningKey;
  config: Config;
  /** Creates a confirmed account (roles, optional current profile) and returns its id. */
  createUser: (user: TestUser) => Promise<string>;
  /** Signs in through /connect/token with the password grant. */
  signIn: (email: string, password?: string) => Promise<TokenResponse>;
  close: () => Promise<void>;
};

/** A test account; the password defaults to `testPassword`. */
export type TestUser = {
  email: string;
  roles?: string[];
  currentProfileId?: string | null;
  acceptedPolicies?: boolean;
  password?: string;
};

/** The password test accounts get unless they say otherwise. */
export const testPassword = 'test password 123';

/** The key-encryption secret test apps seal their signing keys with. */
export const testKeyEncryptionSecret = 'test-key-encryption-secret-0123456789abcdef';

/**
 * Builds the app the way main does (identity mounted in process, outbox mail), on a fresh test database, with
 * quiet logs and no SPA unless asked. Mail is queued, not delivered: no job worker runs unless a test starts one
 * (JOBS_MODE=web by default). Dependencies passed in replace the defaults. Given a database (a second instance on
 * a shared one), the app runs on it and leaves closing it to the caller.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Omit<AppDependencies, 'database'> = {},
  shared?: DatabaseHandle,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SESSION_PASSWORD: testSessionPassword,
    JOBS_MODE: 'web',
    ...env,
  });
  const database = shared ?? (await openTestDatabase());
  const { identityDb, keys, ...identity } = await inProcessIdentity(database, {
    keyEncryptionSecret: testKeyEncryptionSecret,
    appUrl: 'http://localhost:3000',
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    partnerClients: partnerClientsFrom(config),
  });
  const app = await buildApp(config, { database, ...identity, ...deps });
  await app.ready();
  const signingKey = await keys.signingKey();
  return {
    app,
    database,
    identityDb,
    signingKey,
    config,
    createUser: (user) =>
      ensureUser(
        identityDb,
        {
          email: user.email,
          password: user.password ?? testPassword,
          firstName: user.email.split('@')[0] ?? 'Test',
          lastName: 'Tester',
          roles: user.roles ?? [],
        },
        { currentProfileId: user.currentProfileId ?? null, acceptedPolicies: user.acceptedPolicies ?? true },
      ),
    signIn: async (email, password = testPassword) => {
      const res = await app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          client_id: webClientId,
          scope: 'openid offline_access',
          username: email,
          password,
        }).toString(),
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return tokenResponseSchema.parse(res.json());
    },
    close: async () => {
      await app.close();
      if (!shared) await database.close();
    },
  };
}
