import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import {
  memberRequirements,
  requirementEvents,
  requirementFiles,
  storedFiles,
} from '../../db/schema/index.ts';
import { addDefinition, assign } from './requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from './requirements.service.ts';

/** One part of a hand-written multipart body. */
export type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string };

/** A multipart/form-data request body, written out by hand so the test controls every header. */
export function multipart(parts: Part[]) {
  const boundary = `----touchline${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.filename === undefined ? '' : `; filename="${p.filename}"`) +
        `\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`,
    ),
    Buffer.from(p.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A minimal valid PDF header, enough for magic-byte detection. */
export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
/** A 1×1 PNG. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** An executable header: refused whatever its name says. */
export const exeBytes = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

/** The people of a requirement-actions test: a member at the team, a guardian-less stranger, the roles above. */
export type World = {
  t: TestApp;
  dataDir: string;
  org: TestOrganization;
  other: TestOrganization;
  player: TestMember;
  teammate: TestMember;
  manager: TestMember;
  director: TestMember;
  otherAdmin: TestMember;
};

/** Builds a test app on a temporary DATA_DIR with one organization's people and another organization's admin. */
export async function createWorld(env: Record<string, string> = {}): Promise<World> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-requirements-'));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env });
  const org = await createTestOrganization(t);
  const other = await createTestOrganization(t);
  return {
    t,
    dataDir,
    org,
    other,
    player: await addTestMember(t, org, org.team, 'member', { firstName: 'Robin', lastName: 'Keeper' }),
    teammate: await addTestMember(t, org, org.team, 'member'),
    manager: await addTestMember(t, org, org.division, 'Manager'),
    director: await addTestMember(t, org, org.root, 'Director'),
    otherAdmin: await addTestMember(t, other, other.root, 'Admin'),
  };
}

/** Closes the app and removes the data folder. */
export async function closeWorld(w: World): Promise<void> {
  await w.t.close();
  fs.rmSync(w.dataDir, { recursive: true, force: true });
}

/** Every file under DATA_DIR/files. */
export function filesOnDisk(w: World): string[] {
  const root = path.join(w.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(root, entry)).isFile(),
  );
}

/**
 * A definition of a type assigned to the Player label at the team, materialized for the team's members by the
 * engine; returns the definition id and the player's requirement id.
 */
export async function addRequirement(
  w: World,
  type: number,
  content: Record<string, unknown> = {},
  name = `Requirement ${type}`,
): Promise<{ definitionId: string; requirementId: string }> {
  const definitionId = await addDefinition(w.t, w.org, { type, name, content });
  await assign(w.t, w.org, definitionId, w.org.team, w.org.labelIds.member);
  await refreshMemberRequirements(w.t.database.db, w.org.id, {
    profileIds: [w.player.profileId, w.teammate.profileId],
  });
  const [row] = await w.t.database.db
    .select({ id: memberRequirements.id })
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.profileId, w.player.profileId),
        eq(memberRequirements.definitionId, definitionId),
      ),
    );
  if (!row) throw new Error('the requirement was not materialized');
  return { definitionId, requirementId: row.id };
}

/** The stored status of a member requirement. */
export async function statusOf(w: World, requirementId: string): Promise<number | undefined> {
  const [row] = await w.t.database.db
    .select({ status: memberRequirements.status })
    .from(memberRequirements)
    .where(eq(memberRequirements.id, requirementId));
  return row?.status;
}

/** Counts of what a requirement holds: live files, stored-file rows of the organization, events. */
export async function countsOf(w: World, requirementId: string) {
  const db = w.t.database.db;
  const files = await db
    .select()
    .from(requirementFiles)
    .where(eq(requirementFiles.memberRequirementId, requirementId));
  const stored = await db.select().from(storedFiles).where(eq(storedFiles.organizationId, w.org.id));
  const events = await db
    .select()
    .from(requirementEvents)
    .where(eq(requirementEvents.memberRequirementId, requirementId));
  return { files: files.length, stored: stored.length, events: events.length };
}
