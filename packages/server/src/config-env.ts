import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileKeyringOf } from './storage/file-cipher.ts';
import { z } from 'zod';

// The environment variables the server reads, as one schema with a clear message per bad variable; config.ts turns
// them into the typed Config.
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const tazworksUrl = z
  .url({ message: 'must be an absolute URL such as https://api.instascreen.net' })
  .optional();
const tazworksToken = z.string().min(8, 'must be at least 8 characters').optional();

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], { message: 'must be development, test or production' })
    .default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0–65535')
    .max(65535, 'must be 0–65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./.data'),
  DATABASE_URL: z
    .url({ message: 'must be a postgres:// or postgresql:// URL' })
    .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(60_000, 'must be at most 60000')
    .default(5000),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(600_000, 'must be at most 600000')
    .default(10_000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be a pino level' })
    .default('info'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://app.example.org' }).optional(),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'packages/web/dist')),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SESSION_PASSWORD: z
    .string()
    .min(32, 'must be at least 32 characters (it seals the session cookie)')
    .optional(),
  IDENTITY_URL: z
    .url({ message: 'must be the identity service origin, such as https://id.example.org' })
    .optional(),
  IDENTITY_SERVICE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  FILE_ENCRYPTION_KEYS: z
    .string()
    .min(1)
    .refine((v) => {
      try {
        return fileKeyringOf(v, 'unused').keys.size > 0;
      } catch {
        return false;
      }
    }, 'must list id:key pairs separated by commas, each key 32 bytes in base64 (the first seals new files)')
    .optional(),
  /** ADR 041: [{"clientId","name","provider","secret","redirectUris"}], read by the identity package. */
  PARTNER_OAUTH_CLIENTS: z.string().optional(),
  IDENTITY_KEY_ENCRYPTION_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (it encrypts the token signing keys)')
    .optional(),
  SMTP_URL: z
    .url({ message: 'must be an smtp:// or smtps:// URL' })
    .refine((u) => /^smtps?:\/\//.test(u), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Touchline <no-reply@touchline.test>'),
  SMTP_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(100, 'must be at least 100')
    .max(300_000, 'must be at most 300000')
    .default(10_000),
  JOBS_MODE: z.enum(['web', 'worker', 'all'], { message: 'must be web, worker or all' }).default('all'),
  INTERCOM_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SENTRY_DSN: z.url('must be a Sentry DSN (https://key@host/project)').optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url('must be an OTLP/HTTP base URL (http://collector:4318)').optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url('must be an OTLP/HTTP traces URL (…/v1/traces)').optional(),
  OTEL_SDK_DISABLED: z.string().optional(),
  OTEL_TRACES_EXPORTER: z.string().optional(),
  INTERCOM_APP_ID: z
    .string()
    .regex(/^[a-z0-9]{4,32}$/, 'must be an Intercom app id')
    .optional(),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(10, 'must be at least 10')
    .max(3600, 'must be at most 3600')
    .default(600),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, 'must be at least 1')
    .default(600),
  RATE_LIMIT_STORE: z
    .enum(['memory', 'database', 'redis'], { message: 'must be memory, database or redis' })
    .optional(),
  REDIS_URL: z
    .url({ message: 'must be a redis:// or rediss:// URL' })
    .refine((u) => /^rediss?:\/\//.test(u), 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('touchline:'),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_ENDPOINT: z.url({ message: 'must be an absolute URL such as http://127.0.0.1:4568' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  SANDBOXES: booleanFlag.optional(),
  YARDSTIK_API_URL: z.url({ message: 'must be an absolute URL such as https://api.yardstik.com' }).optional(),
  YARDSTIK_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  YARDSTIK_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  LEAGUEAPPS_API_URL: z
    .url({ message: 'must be an absolute URL such as https://admin.leagueapps.io' })
    .optional(),
  LEAGUEAPPS_AUTH_URL: z
    .url({ message: 'must be an absolute URL such as https://auth.leagueapps.io' })
    .optional(),
  AMILIA_API_URL: z.url({ message: 'must be an absolute URL such as https://app.amilia.com' }).optional(),
  // The TazWorks-platform agencies (spec §1), each on its own: JDP_*, NCSI_*, SCOUTLOGIC_* (ADR 041).
  JDP_API_URL: tazworksUrl,
  JDP_TOKEN: tazworksToken,
  NCSI_API_URL: tazworksUrl,
  NCSI_TOKEN: tazworksToken,
  SCOUTLOGIC_API_URL: tazworksUrl,
  SCOUTLOGIC_TOKEN: tazworksToken,
  STRIPE_API_URL: z
    .url({ message: 'must be an absolute URL such as https://api.stripe.com' })
    .default('https://api.stripe.com'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  BILLING_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(30),
  US_SOCCER_API_URL: z.url({ message: 'must be an absolute URL of the US Soccer license lookup' }).optional(),
  US_SOCCER_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  TALENTLMS_URL: z
    .url({ message: 'must be the TalentLMS account domain, https://<name>.talentlms.com' })
    .optional(),
  TALENTLMS_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  TALENTLMS_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TALENTLMS_COURSE_ID: z.string().regex(/^\d+$/, 'must be a TalentLMS course id (digits)').optional(),
});

/** The one typed configuration object every part of the server reads; built once at boot. */
