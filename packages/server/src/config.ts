import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3StorageOptions } from './storage/s3-storage.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
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
  SMTP_URL: z
    .url({ message: 'must be an smtp:// or smtps:// URL' })
    .refine((u) => /^smtps?:\/\//.test(u), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Touchline <no-reply@touchline.test>'),
  INTERCOM_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
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
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_ENDPOINT: z.url({ message: 'must be an absolute URL such as http://127.0.0.1:4568' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
});

/** The one typed configuration object every part of the server reads; built once at boot. */
export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  publicUrl: string | undefined;
  webDistDir: string;
  seedDemo: boolean;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  /** Seals the web-session cookie; main generates and keeps one under dataDir when unset outside production. */
  sessionPassword: string | undefined;
  /** The identity service's origin when it runs as its own process; unset = mounted in this server. */
  identityUrl: string | undefined;
  /** Shared with the identity service on its own host, for the directory calls (ADR 007). */
  identityServiceSecret: string | undefined;
  /** SMTP server for outgoing mail; unset = the development outbox (never in production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Signs the support-chat identity JWT; unset = the support chat is not configured. */
  intercomSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** An S3-compatible bucket for uploaded files (S3_*); unset = local disk under dataDir/files. */
  s3: S3StorageOptions | undefined;
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
  if (e.IDENTITY_URL && !e.IDENTITY_SERVICE_SECRET) {
    throw new ConfigError([
      'IDENTITY_SERVICE_SECRET is required with IDENTITY_URL (the server switches profiles through identity with it)',
    ]);
  }
  if (e.NODE_ENV === 'production') {
    const missing = [
      !e.SESSION_PASSWORD && 'SESSION_PASSWORD is required when NODE_ENV=production (32+ random characters)',
      !e.SMTP_URL && 'SMTP_URL is required when NODE_ENV=production (the outbox is for development only)',
      !e.PUBLIC_URL &&
        'PUBLIC_URL is required when NODE_ENV=production (e-mailed links and sign-out return here)',
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
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    // Demo data never goes into production, whatever SEED_DEMO says; by default only the embedded database gets it.
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? !e.DATABASE_URL),
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    sessionPassword: e.SESSION_PASSWORD,
    identityUrl: e.IDENTITY_URL?.replace(/\/$/, ''),
    identityServiceSecret: e.IDENTITY_SERVICE_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    intercomSecret: e.INTERCOM_SECRET,
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
  };
}
