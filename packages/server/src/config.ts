import path from 'node:path';
import { tazworksAgencyIds, type TazworksAgencyId } from '@touchline/contracts/background-checks';
import type { RateLimitStoreKind } from './plugins/rate-limit.ts';
import type { S3StorageOptions } from './storage/s3-storage.ts';
import type { AmiliaConfig, LeagueAppsConfig } from './integrations/partners/partners-wiring.ts';

import { envSchema } from './config-env.ts';
import { otlpTracesUrl, tracingRefused } from './tracing/otlp-endpoint.ts';
import { fileKeyringOf, type FileKeyring } from './storage/file-cipher.ts';

export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long a request waits for a new PostgreSQL connection before failing with 503 (ADR 018). */
  databaseConnectTimeoutMs: number;
  /** How long a SIGTERM may take: readiness off, in-flight requests and jobs finish, then exit 0 (ADR 018). */
  shutdownGraceMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  publicUrl: string | undefined;
  webDistDir: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /**
   * The API rate limit: per minute and client address, counted in Redis (REDIS_URL), else in PostgreSQL, else (the
   * embedded database, one process) in memory, so every instance shares the counts (ADR 019).
   */
  rateLimit: {
    perMinute: number;
    store: RateLimitStoreKind;
    redisUrl: string | undefined;
    keyPrefix: string;
  };
  /** Seals the web-session cookie; main generates and keeps one under dataDir when unset outside production. */
  sessionPassword: string | undefined;
  /** The identity service's origin when it runs as its own process; unset = mounted in this server. */
  identityUrl: string | undefined;
  /** Shared with the identity service on its own host, for the directory calls (ADR 007). */
  identityServiceSecret: string | undefined;
  /** Encrypts the shared token signing keys at rest (ADR 019); main keeps one under dataDir outside production. */
  identityKeyEncryptionKey: string | undefined;
  /** The registered partner OAuth clients as JSON (ADR 041), parsed by the identity package; unset = none. */
  partnerOauthClients: string | undefined;
  /** SMTP server for outgoing mail; unset = the development outbox (never in production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Bounds each SMTP phase (connection, greeting, socket inactivity) of one delivery attempt, in ms. */
  smtpTimeoutMs: number;
  /** What this process runs: the API only (web), the job workers only (worker, `npm run worker`), or both. */
  jobsMode: 'web' | 'worker' | 'all';
  /** Signs the support-chat identity JWT; unset = the support chat is not configured. */
  intercomSecret: string | undefined;
  /** Where server errors are reported (Sentry or our envelope sink); unset = nothing is sent (ADR 042). */
  sentryDsn: string | undefined;
  /**
   * Where OpenTelemetry spans are exported over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces`, or
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); unset = no tracing (in development, our OTLP receiver sandbox; ADR 042).
   */
  otlpTracesUrl: string | undefined;
  /** OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none: no tracing, not even to the development sandbox. */
  tracingRefused: boolean;
  /** The Intercom workspace of the support chat; unset = our sandbox messenger outside production, else no chat. */
  intercomAppId: string | undefined;
  /** The bearer token Prometheus scrapes GET /metrics with; unset = no metrics endpoint (ADR 042). */
  metricsToken: string | undefined;
  accessTokenTtlSeconds: number;
  /** An S3-compatible bucket for uploaded files (S3_*); unset = local disk under dataDir/files. */
  s3: S3StorageOptions | undefined;
  /**
   * Start our own vendor sandboxes (packages/sandbox) in this process and point the adapters at them: the default
   * in development, refused in production (ADR 027).
   */
  sandboxes: boolean;
  /**
   * The deployment's Yardstik account (YARDSTIK_*); unset = no Yardstik (or its sandbox, with `sandboxes`, then
   * marked `sandbox` so screens can name it one).
   */
  yardstik: { apiUrl: string; apiKey: string; webhookSecret: string; sandbox?: boolean } | undefined;
  /**
   * The TazWorks-platform agencies configured (JDP_*, NCSI_*, SCOUTLOGIC_*: ADR 034, ADR 041), each its own base URL
   * and token; unset = none (or the sandbox serving all three, with `sandboxes`, then marked `sandbox`).
   */
  tazworks: TazworksAgencyConfig[] | undefined;
  /**
   * Where LeagueApps is reached (LEAGUEAPPS_API_URL, LEAGUEAPPS_AUTH_URL; issue 31): unset = LeagueApps' production
   * hosts (or, with `sandboxes`, the LeagueApps sandbox). Organizations bring their own site and key.
   */
  leagueApps: LeagueAppsConfig | undefined;
  /** Where Amilia is reached (AMILIA_API_URL; unset = production, or the Amilia sandbox with `sandboxes`). */
  amilia: AmiliaConfig | undefined;
  /**
   * Seals league partners' credentials at rest (ADR 041): IDENTITY_KEY_ENCRYPTION_KEY (required in production), else
   * SESSION_PASSWORD, else a development-only constant.
   */
  partnerSealSecret: string;
  /**
   * Seals stored children's proof images at rest (ADR 039): FILE_ENCRYPTION_KEYS (`id:base64key,…`, the first
   * sealing), else a key derived from the partner sealing secret above.
   */
  fileKeys: FileKeyring;
  /**
   * The deployment's Stripe account (STRIPE_*); unset = no billing (or the Stripe sandbox, with `sandboxes`, then
   * marked `sandbox` so screens name it and show the sandbox card form).
   */
  stripe: StripeConfig | undefined;
  /** Days of trial a new organization's subscription starts with (no card needed). */
  billingTrialDays: number;
  /** The US Soccer license lookup (US_SOCCER_*, ADR 032); unset = none (or its sandbox, with `sandboxes`). */
  usSoccer: { apiUrl: string; apiKey: string; sandbox?: boolean } | undefined;
  /** The abuse-prevention course provider (TALENTLMS_*, ADR 032); unset = none (or its sandbox). */
  talentLms: TalentLmsConfig | undefined;
};

/** A TalentLMS account: domain, API key, the webhook signing secret and the default course. */
export type TalentLmsConfig = {
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  courseId: string;
  sandbox?: boolean;
};

/** One TazWorks-platform agency (JDP, NCSI, ScoutLogic) as this deployment reaches it: its base URL and API token. */
export type TazworksAgencyConfig = {
  id: TazworksAgencyId;
  apiUrl: string;
  token: string;
  sandbox?: boolean;
};

function tazworksAgenciesOf(
  e: Partial<Record<`${'JDP' | 'NCSI' | 'SCOUTLOGIC'}_${'API_URL' | 'TOKEN'}`, string>>,
): TazworksAgencyConfig[] | undefined {
  const agencies: TazworksAgencyConfig[] = [];
  for (const id of tazworksAgencyIds) {
    const prefix = id.toUpperCase() as 'JDP' | 'NCSI' | 'SCOUTLOGIC';
    const apiUrl = e[`${prefix}_API_URL`];
    const token = e[`${prefix}_TOKEN`];
    if (apiUrl && token) agencies.push({ id, apiUrl, token });
  }
  return agencies.length > 0 ? agencies : undefined;
}

/** Where the billing adapter reaches Stripe and with which keys. */
export type StripeConfig = {
  apiUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  sandbox?: boolean;
};

/** Thrown at boot when the environment is wrong, with one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment into a Config, failing with a clear message naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      const given = cleaned[name];
      return `${name} ${i.message}${given === undefined ? '' : ` (got "${given}")`}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) {
    throw new ConfigError([
      'DATABASE_URL is required when NODE_ENV=production (the embedded database is for development and demos)',
    ]);
  }
  if (e.RATE_LIMIT_STORE === 'redis' && !e.REDIS_URL) {
    throw new ConfigError(['RATE_LIMIT_STORE=redis needs REDIS_URL']);
  }
  if (e.IDENTITY_URL && !e.IDENTITY_SERVICE_SECRET) {
    throw new ConfigError([
      'IDENTITY_SERVICE_SECRET is required with IDENTITY_URL (the server switches profiles through identity with it)',
    ]);
  }
  if (e.NODE_ENV === 'production' && e.SANDBOXES) {
    throw new ConfigError([
      'SANDBOXES=true is refused when NODE_ENV=production (sandboxes stand in for vendors in development and tests)',
    ]);
  }
  const yardstikSet = [e.YARDSTIK_API_URL, e.YARDSTIK_API_KEY, e.YARDSTIK_WEBHOOK_SECRET].filter(
    Boolean,
  ).length;
  const talentSet = [e.TALENTLMS_URL, e.TALENTLMS_API_KEY, e.TALENTLMS_WEBHOOK_SECRET, e.TALENTLMS_COURSE_ID];
  if (talentSet.some(Boolean) && !talentSet.every(Boolean)) {
    throw new ConfigError([
      'TALENTLMS_URL, TALENTLMS_API_KEY, TALENTLMS_WEBHOOK_SECRET and TALENTLMS_COURSE_ID go together',
    ]);
  }
  if (Boolean(e.US_SOCCER_API_URL) !== Boolean(e.US_SOCCER_API_KEY)) {
    throw new ConfigError(['US_SOCCER_API_URL and US_SOCCER_API_KEY go together']);
  }
  for (const prefix of ['JDP', 'NCSI', 'SCOUTLOGIC'] as const)
    if (Boolean(e[`${prefix}_API_URL`]) !== Boolean(e[`${prefix}_TOKEN`]))
      throw new ConfigError([`${prefix}_API_URL and ${prefix}_TOKEN go together`]);
  if (yardstikSet > 0 && yardstikSet < 3) {
    throw new ConfigError(['YARDSTIK_API_URL, YARDSTIK_API_KEY and YARDSTIK_WEBHOOK_SECRET go together']);
  }
  const stripeSet = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET].filter(
    Boolean,
  ).length;
  if (stripeSet > 0 && stripeSet < 3) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together',
    ]);
  }
  if (e.NODE_ENV === 'production') {
    const missing = [
      !e.SESSION_PASSWORD && 'SESSION_PASSWORD is required when NODE_ENV=production (32+ random characters)',
      !e.SMTP_URL && 'SMTP_URL is required when NODE_ENV=production (the outbox is for development only)',
      !e.PUBLIC_URL &&
        'PUBLIC_URL is required when NODE_ENV=production (e-mailed links and sign-out return here)',
      !e.IDENTITY_URL &&
        !e.IDENTITY_KEY_ENCRYPTION_KEY &&
        'IDENTITY_KEY_ENCRYPTION_KEY is required when NODE_ENV=production (32+ random characters, the same on every instance)',
    ].filter((p): p is string => typeof p === 'string');
    if (missing.length > 0) throw new ConfigError(missing);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    // Demo data never goes into production, whatever SEED_DEMO says; by default only the embedded database gets it.
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? !e.DATABASE_URL),
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      store: e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? 'redis' : e.DATABASE_URL ? 'database' : 'memory'),
      redisUrl: e.REDIS_URL,
      keyPrefix: e.REDIS_KEY_PREFIX,
    },
    sessionPassword: e.SESSION_PASSWORD,
    identityUrl: e.IDENTITY_URL?.replace(/\/$/, ''),
    identityServiceSecret: e.IDENTITY_SERVICE_SECRET,
    identityKeyEncryptionKey: e.IDENTITY_KEY_ENCRYPTION_KEY,
    partnerOauthClients: e.PARTNER_OAUTH_CLIENTS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    jobsMode: e.JOBS_MODE,
    intercomSecret: e.INTERCOM_SECRET,
    sentryDsn: e.SENTRY_DSN,
    otlpTracesUrl: otlpTracesUrl(e),
    tracingRefused: tracingRefused(e),
    metricsToken: e.METRICS_TOKEN,
    intercomAppId: e.INTERCOM_APP_ID,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // A custom endpoint (MinIO, s3rver…) usually needs path-style addressing; AWS itself does not.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
        }
      : undefined,
    sandboxes: e.SANDBOXES ?? e.NODE_ENV === 'development',
    yardstik:
      e.YARDSTIK_API_URL && e.YARDSTIK_API_KEY && e.YARDSTIK_WEBHOOK_SECRET
        ? { apiUrl: e.YARDSTIK_API_URL, apiKey: e.YARDSTIK_API_KEY, webhookSecret: e.YARDSTIK_WEBHOOK_SECRET }
        : undefined,
    tazworks: tazworksAgenciesOf(e),
    leagueApps: e.LEAGUEAPPS_API_URL
      ? { apiUrl: e.LEAGUEAPPS_API_URL, authUrl: e.LEAGUEAPPS_AUTH_URL ?? 'https://auth.leagueapps.io' }
      : undefined,
    amilia: e.AMILIA_API_URL ? { apiUrl: e.AMILIA_API_URL } : undefined,
    partnerSealSecret:
      e.IDENTITY_KEY_ENCRYPTION_KEY ??
      e.SESSION_PASSWORD ??
      'touchline development-only partner sealing secret',
    fileKeys: fileKeyringOf(
      e.FILE_ENCRYPTION_KEYS,
      e.IDENTITY_KEY_ENCRYPTION_KEY ??
        e.SESSION_PASSWORD ??
        'touchline development-only partner sealing secret',
    ),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            apiUrl: e.STRIPE_API_URL,
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    billingTrialDays: e.BILLING_TRIAL_DAYS,
    usSoccer:
      e.US_SOCCER_API_URL && e.US_SOCCER_API_KEY
        ? { apiUrl: e.US_SOCCER_API_URL, apiKey: e.US_SOCCER_API_KEY }
        : undefined,
    talentLms:
      e.TALENTLMS_URL && e.TALENTLMS_API_KEY && e.TALENTLMS_WEBHOOK_SECRET && e.TALENTLMS_COURSE_ID
        ? {
            apiUrl: e.TALENTLMS_URL,
            apiKey: e.TALENTLMS_API_KEY,
            webhookSecret: e.TALENTLMS_WEBHOOK_SECRET,
            courseId: e.TALENTLMS_COURSE_ID,
          }
        : undefined,
  };
}
