import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the fault tests run against; globalSetup has already refused to run without it. */
export function testDatabaseUrl(): URL {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return new URL(url);
}

/** An empty database of its own for one test (no template: these tests start from nothing), and how to drop it. */
export async function createScratchDatabase(
  label: string,
): Promise<{ name: string; url: URL; drop: () => Promise<void> }> {
  const admin = testDatabaseUrl();
  const name = `touchline_faults_${label}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { name, url, drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
