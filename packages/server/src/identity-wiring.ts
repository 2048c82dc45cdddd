import {
  buildIdentityApp,
  findDirectoryUser,
  findDirectoryUserByEmail,
  identitySchema,
  runIdentityMigrations,
  setUserContext,
  updateUserNames,
  type IdentityDatabase,
  type SigningKey,
} from '@touchline/identity';
import type { AppDependencies } from './app.ts';
import { drizzleOver, type DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
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
function inProcessDirectory(identityDb: IdentityDatabase): IdentityDirectory {
  const must = async (ok: Promise<boolean>) => {
    if (!(await ok)) throw new Error('the identity account no longer exists');
  };
  return {
    findUser: (userId) => findDirectoryUser(identityDb, userId),
    findUserByEmail: (email) => findDirectoryUserByEmail(identityDb, email),
    setUserContext: (userId, context) => must(setUserContext(identityDb, userId, context)),
    updateUserNames: (userId, names) => must(updateUserNames(identityDb, userId, names)),
  };
}

/**
 * The identity service mounted in this server on the same database (its own tables and migrations): the one place,
 * with the separate-host wiring below, where the server meets the identity package (ARCHITECTURE §1). main, the
 * test harness and the benches all wire it through here.
 */
export async function inProcessIdentity(
  database: DatabaseHandle,
  opts: { signingKey: SigningKey; mailer: Mailer; appUrl: string; accessTokenTtlSeconds: number },
): Promise<IdentityWiring & { identityDb: IdentityDatabase }> {
  const identityDb = drizzleOver(database, identitySchema);
  await runIdentityMigrations(identityDb);
  return {
    identityDb,
    verifyAccessToken: createAccessTokenVerifier({ jwks: { keys: [opts.signingKey.publicJwk] } }),
    identityClient: (app) => inProcessIdentityClient(app, ''),
    identityDirectory: inProcessDirectory(identityDb),
    mount: (instance) =>
      buildIdentityApp(instance, {
        issuer: opts.appUrl,
        signingKey: opts.signingKey,
        db: identityDb,
        mailer: opts.mailer,
        appUrl: opts.appUrl,
        // Relative too: without a configured public URL, sign-out returns to this same origin.
        allowedReturnUrls: [`${opts.appUrl}/signin`, '/signin'],
        accessTokenTtlSeconds: opts.accessTokenTtlSeconds,
        onMailError: (err, mail) =>
          instance.log.error({ err, subject: mail.subject }, 'could not send an account e-mail'),
      }),
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
