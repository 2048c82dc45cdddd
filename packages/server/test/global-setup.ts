import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { identitySchema, runIdentityMigrations } from '@touchline/identity';
import { drizzleOver, fromPglite, fromPool, pgliteExtensions } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { jobDefinitions } from '../src/jobs/definitions.ts';
import { openJobQueue } from '../src/jobs/queue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      { kind: 'embedded'; templateFile: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

/** Builds one migrated template per run; every test file then clones it (ARCHITECTURE §6: tests never share state). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `touchline_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const handle = fromPool(new pg.Pool({ connectionString: templateUrl.toString(), max: 1 }));
    await runMigrations(handle);
    await runIdentityMigrations(drizzleOver(handle, identitySchema));
    await (await openJobQueue(handle, jobDefinitions)).stop();
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', adminUrl: url, template });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
        [template, `${template}_%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const handle = fromPglite(client);
  await runMigrations(handle);
  await runIdentityMigrations(drizzleOver(handle, identitySchema));
  // The queue's schema and queues are installed once here, so each test file's queue opens in a fraction of a second.
  await (await openJobQueue(handle, jobDefinitions)).stop();
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const templateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-test-')), 'template.tar');
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'embedded', templateFile });
  return () => fs.rmSync(path.dirname(templateFile), { recursive: true, force: true });
}
