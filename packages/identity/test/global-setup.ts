import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { identitySchema, runIdentityMigrations, type IdentityDatabase } from '../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    identityTemplate:
      { kind: 'embedded'; templateFile: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

/**
 * Migrates one identity template per run; each test's database is a copy of it (ADR 003, as the server suite does):
 * PGlite loads a dumped data directory, PostgreSQL clones `CREATE DATABASE … TEMPLATE`. Migrating a fresh database
 * per test took most of this project's time (mail.test.ts alone: 191 s for 8 tests on a loaded machine).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `identity_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
    await runIdentityMigrations(drizzlePg(pool, { schema: identitySchema }) as unknown as IdentityDatabase);
    await pool.end();
    project.provide('identityTemplate', { kind: 'postgres', adminUrl: url, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  await runIdentityMigrations(
    drizzlePglite(client, { schema: identitySchema }) as unknown as IdentityDatabase,
  );
  const dump = await client.dumpDataDir('none');
  await client.close();
  const templateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'identity-test-')), 'template.tar');
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('identityTemplate', { kind: 'embedded', templateFile });
  return () => fs.rmSync(path.dirname(templateFile), { recursive: true, force: true });
}
