import {
  buildIdentityApp,
  confirmInvitedAddress,
  ensureUser,
  findAdminDirectoryUser,
  findDirectoryUser,
  findDirectoryUserByEmail,
  identitySchema,
  keyEncryptionKeyFrom,
  loadOrCreateKeyEncryptionSecret,
  openSigningKeyRing,
  parsePartnerClients,
  partnerAuthorizations,
  rotateSigningKey,
  runIdentityMigrations,
  searchDirectoryUsers,
  setPlatformAdmin,
  setUserContext,
  unlockDirectoryUser,
  updateUserNames,
  type IdentityConfig,
  type IdentityDatabase,
  type PartnerClient,
  type SigningKeyRing,
} from '@touchline/identity';
import path from 'node:path';
import type { AppDependencies } from './app.ts';
import type { Config } from './config.ts';
import { drizzleOver, type DatabaseHandle } from './db/client.ts';
import { queueMail } from './mail/outbox.ts';
import { createAccessTokenVerifier } from './plugins/access-token-verifier.ts';
import { httpIdentityDirectory, type IdentityDirectory } from './plugins/identity-directory.ts';
import { httpIdentityClient, inProcessIdentityClient } from './session/identity-client.ts';
import { identityProxy } from './session/identity-proxy.ts';

/** How buildApp meets identity: token verification, the session routes' client, and what is mounted. */
export type IdentityWiring = Pick<
  AppDependencies,
  'verifyAccessToken' | 'identityClient' | 'mount' | 'identityDirectory'
>;

/** The identity directory over the identity tables in this same database (the mounted identity). */
function inProcessDirectory(identityDb: IdentityDatabase, config: IdentityConfig): IdentityDirectory {
  const must = async (ok: Promise<boolean>) => {
    if (!(await ok)) throw new Error('the identity account no longer exists');
  };
  return {
    findUser: (userId) => findDirectoryUser(identityDb, userId),
    findUserByEmail: (email) => findDirectoryUserByEmail(identityDb, email),
    setUserContext: (userId, context) => must(setUserContext(identityDb, userId, context)),
    updateUserNames: (userId, names) => must(updateUserNames(identityDb, userId, names)),
    confirmInvitedAddress: (email, password) => confirmInvitedAddress(identityDb, email, password),
    admin: {
      searchUsers: (input) => searchDirectoryUsers(identityDb, input),
      findAdminUser: (userId) => findAdminDirectoryUser(identityDb, userId),
      unlockUser: (userId, by) => unlockDirectoryUser(identityDb, userId, by),
      setPlatformAdmin: async (input) => (await setPlatformAdmin(identityDb, input)).outcome,
    },
    partnerAuthorizations: partnerAuthorizations(config),
  };
}

/**
 * The identity service mounted in this server on the same database (its own tables and migrations): the one place,
 * with the separate-host wiring below, where the server meets the identity package (ARCHITECTURE §1). main, the
 * test harness and the benches all wire it through here.
 */
export async function inProcessIdentity(
  database: DatabaseHandle,
  opts: {
    /** Seals the shared signing keys' private halves (IDENTITY_KEY_ENCRYPTION_KEY, ADR 019). */
    keyEncryptionSecret: string;
    appUrl: string;
    accessTokenTtlSeconds: number;
    /** The registered partner OAuth clients (ADR 041). */
    partnerClients?: PartnerClient[];
    /** The clock, replaceable in tests (key activation and retirement, token times). */
    now?: () => Date;
  },
): Promise<IdentityWiring & { identityDb: IdentityDatabase; keys: SigningKeyRing }> {
  const identityDb = drizzleOver(database, identitySchema);
  await runIdentityMigrations(identityDb);
  const keys = await openSigningKeyRing(identityDb, {
    kek: keyEncryptionKeyFrom(opts.keyEncryptionSecret),
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const identityConfig = (mailer: IdentityConfig['mailer']): IdentityConfig => ({
    issuer: opts.appUrl,
    keys,
    db: identityDb,
    mailer,
    appUrl: opts.appUrl,
    // Relative too: without a configured public URL, sign-out returns to this same origin.
    allowedReturnUrls: [`${opts.appUrl}/signin`, '/signin'],
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
    partnerClients: opts.partnerClients ?? [],
    ...(opts.now ? { now: opts.now } : {}),
  });
  const noMail: IdentityConfig['mailer'] = {
    send: async () => {
      throw new Error('partner authorizations send no mail');
    },
  };
  return {
    identityDb,
    keys,
    verifyAccessToken: createAccessTokenVerifier({ keyById: keys.verificationKey }),
    identityClient: (app) => inProcessIdentityClient(app, ''),
    identityDirectory: inProcessDirectory(identityDb, identityConfig(noMail)),
    mount: (instance) =>
      buildIdentityApp(
        instance,
        // Identity's mail joins its own transaction in this same database: queued there, delivered by mail.send.
        identityConfig({
          send: async (mail, tx) => {
            await queueMail(instance.jobs, tx, [mail]);
          },
        }),
      ),
  };
}

/** The identity service on its own host (IDENTITY_URL): JWKS, refresh and revocation over HTTP, paths proxied. */
export function remoteIdentity(identityUrl: string, serviceSecret: string): IdentityWiring {
  return {
    identityDirectory: httpIdentityDirectory(identityUrl, serviceSecret),
    verifyAccessToken: createAccessTokenVerifier({ jwksUrl: `${identityUrl}/.well-known/jwks.json` }),
    identityClient: () => httpIdentityClient(identityUrl),
    mount: async (instance) => {
      await instance.register(identityProxy, { identityUrl });
    },
  };
}

/**
 * Rotates the mounted identity's signing key (`npm run keys:rotate`, ADR 019), after proving the secret opens the
 * current key: a key sealed under a wrong secret would stop every instance from signing once it activates.
 */
export async function rotateIdentitySigningKey(
  database: DatabaseHandle,
  opts: { keyEncryptionSecret: string; accessTokenTtlSeconds: number; activateInSeconds: number },
): Promise<{ kid: string; activatesAt: Date }> {
  const identityDb = drizzleOver(database, identitySchema);
  await runIdentityMigrations(identityDb);
  const kek = keyEncryptionKeyFrom(opts.keyEncryptionSecret);
  await openSigningKeyRing(identityDb, { kek, accessTokenTtlSeconds: opts.accessTokenTtlSeconds });
  return rotateSigningKey(identityDb, kek, { now: new Date(), activateInSeconds: opts.activateInSeconds });
}

/**
 * Grants or withdraws the platform role of an existing account in the identity tables of this database (the
 * `npm run platform-admin` CLI): how a production deployment names its operators; the demo's one is seeded.
 */
export async function setPlatformAdminRole(
  database: DatabaseHandle,
  input: { email: string; grant: boolean; by: string },
): ReturnType<typeof setPlatformAdmin> {
  const identityDb = drizzleOver(database, identitySchema);
  await runIdentityMigrations(identityDb);
  return setPlatformAdmin(identityDb, input);
}

/**
 * An account in the identity tables of this database whose current profile is `profileId`, its policies accepted
 * (`npm run db:seed -- --members N --admin-password P`, for a scale organization's administrator). Returns its id.
 */
export async function ensureSeededAccount(
  database: DatabaseHandle,
  user: { email: string; password: string; firstName: string; lastName: string },
  profileId: string,
): Promise<string> {
  const identityDb = drizzleOver(database, identitySchema);
  await runIdentityMigrations(identityDb);
  return ensureUser(
    identityDb,
    { ...user, roles: [] },
    { currentProfileId: profileId, acceptedPolicies: true },
  );
}

/**
 * The secret that seals the signing keys: IDENTITY_KEY_ENCRYPTION_KEY, or outside production one generated once
 * under DATA_DIR/identity (every instance on one database must then be given the same one).
 */
export function identityKeyEncryptionSecret(config: Config): string {
  return (
    config.identityKeyEncryptionKey ?? loadOrCreateKeyEncryptionSecret(path.join(config.dataDir, 'identity'))
  );
}

/** The registered partner OAuth clients of the configuration (PARTNER_OAUTH_CLIENTS, ADR 041). */
export function partnerClientsFrom(config: Config): PartnerClient[] {
  return parsePartnerClients(config.partnerOauthClients);
}
