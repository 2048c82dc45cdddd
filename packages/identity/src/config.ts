import { z } from 'zod';
import type { IdentityDatabase } from './db/database.ts';
import type { SigningKeyRing } from './signing-keys.ts';
import { defaultThrottleRules, type ThrottleRules } from './throttle.ts';

/** One outgoing e-mail of the identity service (confirmation, reset, "you already have an account"). */
export type IdentityMail = { to: string; subject: string; text: string; html: string };

/**
 * The mail port. Identity calls it inside the transaction of the change that causes the mail (a new account, a
 * reset token), with that transaction: the product server's implementation queues the mail there (durable, ADR
 * 022); a standalone identity writes it to its own outbox there (outboxMailer). Identity never imports how.
 */
export type IdentityMailer = { send: (mail: IdentityMail, tx: IdentityDatabase) => Promise<void> };

/**
 * A registered partner client (ADR 041): a league partner's server, a confidential client of the authorization code
 * grant with PKCE. Registered by configuration with its exact redirect URIs; its secret authenticates it at the token
 * endpoint and signs (HS256) the member assertion it sends to /connect/authorize.
 */
export type PartnerClient = {
  clientId: string;
  /** What the member is shown ("LeagueApps sandbox"). */
  name: string;
  provider: 'Test' | 'LeagueApps' | 'Amilia';
  secret: string;
  redirectUris: string[];
};

const partnerClientsSchema = z.array(
  z.object({
    clientId: z.string().regex(/^[A-Za-z0-9._-]{3,100}$/),
    name: z.string().min(1).max(100),
    provider: z.enum(['Test', 'LeagueApps', 'Amilia']),
    secret: z.string().min(32),
    redirectUris: z.array(z.url().refine((u) => !u.includes('#'), 'no fragment')).min(1),
  }),
);

/** Reads PARTNER_OAUTH_CLIENTS (a JSON array of partner clients); a malformed value stops the boot with its reason. */
export function parsePartnerClients(json: string | undefined): PartnerClient[] {
  if (!json) return [];
  const parsed = partnerClientsSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`PARTNER_OAUTH_CLIENTS is invalid: ${parsed.error.message}`);
  return parsed.data;
}

/** What the identity service needs to run, mounted in the product server or as its own process. */
export type IdentityConfig = {
  /** The service's public origin: the token issuer and the base of its endpoints. */
  issuer: string;
  /** The shared signing keys (ADR 019): the newest active one signs, the JWKS publishes the live ones. */
  keys: SigningKeyRing;
  db: IdentityDatabase;
  mailer: IdentityMailer;
  /** The web app's origin: e-mailed links point here, and it is the default allowed sign-out return. */
  appUrl: string;
  /** Return URLs allowed after sign-out at /connect/endsession; defaults to the app's /signin. */
  allowedReturnUrls?: string[];
  /** Web origins allowed to call the service cross-origin when it runs on its own host. */
  corsOrigins?: string[];
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  throttle?: ThrottleRules;
  /**
   * The secret the product server presents on the /internal/directory calls when identity runs on its own host;
   * unset = those calls are not served (the mounted identity is called in process instead).
   */
  directorySecret?: string;
  /** The registered partner clients (authorization code + PKCE); none by default. */
  partnerClients?: PartnerClient[];
  /** The clock, replaceable in tests. */
  now?: () => Date;
};

/** The config with every default filled in. */
export type ResolvedIdentityConfig = Required<Omit<IdentityConfig, 'corsOrigins' | 'directorySecret'>> & {
  corsOrigins: string[];
  directorySecret: string | undefined;
};

/** Access tokens live 10 minutes; refresh tokens 14 days, the web session's own lifetime (spec §9). */
export const identityDefaults = { accessTokenTtlSeconds: 600, refreshTokenTtlSeconds: 1_209_600 } as const;

/** Fills in the defaults once, so every part of the service reads one complete config. */
export function resolveIdentityConfig(config: IdentityConfig): ResolvedIdentityConfig {
  const appUrl = config.appUrl.replace(/\/$/, '');
  return {
    ...config,
    issuer: config.issuer.replace(/\/$/, ''),
    appUrl,
    allowedReturnUrls: config.allowedReturnUrls ?? [`${appUrl}/signin`],
    corsOrigins: config.corsOrigins ?? [],
    directorySecret: config.directorySecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds ?? identityDefaults.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: config.refreshTokenTtlSeconds ?? identityDefaults.refreshTokenTtlSeconds,
    throttle: config.throttle ?? defaultThrottleRules,
    partnerClients: config.partnerClients ?? [],
    now: config.now ?? (() => new Date()),
  };
}
