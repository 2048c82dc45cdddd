import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    });
    expect(c.seedDemo).toBe(false);
  });

  it('seeds the demo only into the embedded database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO must be true or false/);
  });
});
