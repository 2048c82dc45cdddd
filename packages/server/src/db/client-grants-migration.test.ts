import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from './client.ts';
import { migrationsFolder } from './migrate.ts';

// Migration 0029 (issue 34, ADR 035) checks the data it finds: each agency client used before the ownership rule is
// granted to the organization that added it first; a later organization's use of it is detached and audited there.
const folders: string[] = [];
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

/** The migrations folder as it stood before the named migration (its journal cut there). */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-migrations-'));
  folders.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0029: agency clients get one owner each', () => {
  it(
    'grants each client to its first organization and detaches later ones, with an audit event',
    // Replays migrations / seeds a league through the use cases: many times a route test's work (issue 28: two CI
    // runs side by side took it past the 30 s default).
    { timeout: 120_000 },
    async () => {
      const client = await PGlite.create({ extensions: pgliteExtensions });
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0029_client_grants') });
      const org = async (name: string) =>
        (
          await client.query<{ id: string }>(`INSERT INTO organizations (name) VALUES ($1) RETURNING id`, [
            name,
          ])
        ).rows[0]!.id;
      const first = await org('First league');
      const second = await org('Second league');
      const add = (organizationId: string, agencyId: string, clientId: string, at: string) =>
        client.query(
          `INSERT INTO background_check_clients (organization_id, agency_id, client_id, name, created_at)
         VALUES ($1, $2, $3, 'Client', $4)`,
          [organizationId, agencyId, clientId, at],
        );
      await add(first, 'tazworks', 'shared-client', '2026-01-01T00:00:00Z');
      await add(second, 'tazworks', 'shared-client', '2026-02-01T00:00:00Z');
      await add(second, 'tazworks', 'own-client', '2026-02-01T00:00:00Z');
      await add(first, 'yardstik', 'account', '2026-01-01T00:00:00Z');
      await add(second, 'yardstik', 'account', '2026-01-01T00:00:00Z');

      await migrate(db, { migrationsFolder });

      const grants = await client.query<{ client_id: string; organization_id: string }>(
        `SELECT client_id, organization_id FROM background_check_client_grants ORDER BY client_id`,
      );
      expect(grants.rows).toEqual([
        { client_id: 'own-client', organization_id: second },
        { client_id: 'shared-client', organization_id: first },
      ]);
      const used = await client.query<{ organization_id: string; agency_id: string; client_id: string }>(
        `SELECT organization_id, agency_id, client_id FROM background_check_clients ORDER BY agency_id, client_id, organization_id`,
      );
      expect(used.rows).toEqual(
        [
          { organization_id: second, agency_id: 'tazworks', client_id: 'own-client' },
          { organization_id: first, agency_id: 'tazworks', client_id: 'shared-client' },
          { organization_id: first, agency_id: 'yardstik', client_id: 'account' },
          { organization_id: second, agency_id: 'yardstik', client_id: 'account' },
        ].sort((a, b) =>
          `${a.agency_id}${a.client_id}${a.organization_id}`.localeCompare(
            `${b.agency_id}${b.client_id}${b.organization_id}`,
          ),
        ),
      );
      const audit = await client.query<{
        organization_id: string;
        action: string;
        data: { clientId: string };
      }>(
        `SELECT organization_id, action, data FROM audit_events WHERE entity_type = 'background_check_client'`,
      );
      expect(audit.rows.map((r) => [r.organization_id, r.action, r.data.clientId])).toEqual([
        [second, 'background-check-client.detached', 'shared-client'],
      ]);
      await client.close();
    },
  );
});
