import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const productionSecrets = {
  SESSION_PASSWORD: 'p'.repeat(32),
  SMTP_URL: 'smtp://mail.example.org',
  PUBLIC_URL: 'https://app.example.org',
  IDENTITY_KEY_ENCRYPTION_KEY: 'k'.repeat(32),
};

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      logLevel: 'info',
      seedDemo: true,
    });
    expect(c.dataDir).toBe(path.resolve('./.data'));
    expect(c.webDistDir.endsWith(path.join('packages', 'web', 'dist'))).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every bad variable with its value in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x/y' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT must be a number (got "eighty")');
    expect(message).toContain('NODE_ENV must be development, test or production (got "staging")');
    expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x/y")');
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('starts the vendor sandboxes by default only in development, and refuses them in production', () => {
    expect(loadConfig({}).sandboxes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).sandboxes).toBe(false);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/t', ...productionSecrets };
    expect(loadConfig(production).sandboxes).toBe(false);
    expect(() => loadConfig({ ...production, SANDBOXES: 'true' })).toThrow(/SANDBOXES=true is refused/);
  });

  it('takes the Yardstik account only whole', () => {
    expect(() => loadConfig({ YARDSTIK_API_URL: 'https://api.yardstik.com' })).toThrow(/go together/);
    const yardstik = { YARDSTIK_API_URL: 'https://api.yardstik.com', YARDSTIK_API_KEY: 'k'.repeat(10) };
    expect(loadConfig({ ...yardstik, YARDSTIK_WEBHOOK_SECRET: 's'.repeat(10) }).yardstik).toEqual({
      apiUrl: 'https://api.yardstik.com',
      apiKey: 'k'.repeat(10),
      webhookSecret: 's'.repeat(10),
    });
  });

  it('reads the connect timeout and the shutdown grace (ADR 018)', () => {
    expect(loadConfig({})).toMatchObject({ databaseConnectTimeoutMs: 5000, shutdownGraceMs: 10_000 });
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '1000', SHUTDOWN_GRACE_MS: '0' })).toMatchObject({
      databaseConnectTimeoutMs: 1000,
      shutdownGraceMs: 0,
    });
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS must be a number/);
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: '5' })).toThrow(
      /DB_CONNECT_TIMEOUT_MS must be at least 100/,
    );
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be 0–65535/);
  });

  it('requires a real database in production and never seeds demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL is required when NODE_ENV=production/,
    );
    const c = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/touchline',
      SEED_DEMO: 'true',
      ...productionSecrets,
    });
    expect(c.seedDemo).toBe(false);
  });

  it('requires the session password, SMTP, the public URL and the key-encryption key in production, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/t' })).toThrow(
      /SESSION_PASSWORD is required[\s\S]*SMTP_URL is required[\s\S]*PUBLIC_URL is required[\s\S]*IDENTITY_KEY_ENCRYPTION_KEY is required/,
    );
    // Identity on its own host keeps its keys there.
    const remote = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/t',
      ...productionSecrets,
      IDENTITY_KEY_ENCRYPTION_KEY: '',
      IDENTITY_URL: 'https://id.example.org',
      IDENTITY_SERVICE_SECRET: 's'.repeat(32),
    };
    expect(loadConfig(remote).identityKeyEncryptionKey).toBeUndefined();
  });

  it('refuses a session password shorter than 32 characters (spec §5)', () => {
    expect(() => loadConfig({ SESSION_PASSWORD: 'x'.repeat(31) })).toThrow(
      /SESSION_PASSWORD must be at least 32/,
    );
    expect(loadConfig({ SESSION_PASSWORD: 'x'.repeat(32) }).sessionPassword).toHaveLength(32);
  });

  it('reads the identity, mail and token settings', () => {
    const c = loadConfig({
      IDENTITY_URL: 'https://id.example.org/',
      IDENTITY_SERVICE_SECRET: 's'.repeat(32),
      SMTP_URL: 'smtp://mail.example.org:2525',
      ACCESS_TOKEN_TTL_SECONDS: '60',
    });
    expect(() => loadConfig({ IDENTITY_URL: 'https://id.example.org/' })).toThrow(
      /IDENTITY_SERVICE_SECRET is required with IDENTITY_URL/,
    );
    expect(c).toMatchObject({
      identityUrl: 'https://id.example.org',
      identityServiceSecret: 's'.repeat(32),
      smtpUrl: 'smtp://mail.example.org:2525',
      accessTokenTtlSeconds: 60,
    });
    expect(loadConfig({}).accessTokenTtlSeconds).toBe(600);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must be an smtp/);
  });

  it('seeds the demo only into the embedded database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO must be true or false/);
  });
});
