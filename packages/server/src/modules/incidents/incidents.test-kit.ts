import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { ReportIncidentBody } from '@touchline/contracts/incidents';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { auditEvents, mailOutbox, profileLevelAccesses, profiles } from '../../db/schema/index.ts';

/** A multipart/form-data body written by hand, so a test controls every header. */
export function multipart(parts: { name: string; filename: string; data: Buffer | string }[]) {
  const boundary = `----incident${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n\r\n`,
    ),
    Buffer.from(p.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A minimal PDF (magic bytes) and a 1×1 PNG. */
export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The people of an incidents suite: an admin at the root and a director at the division (incident access by default),
 * a manager at the division (counts only), a coach and two players at the team, a parent who is the guardian of
 * `child` (a player), and another organization's admin.
 */
export type IncidentWorld = {
  t: TestApp;
  dataDir: string;
  org: TestOrganization;
  other: TestOrganization;
  admin: TestMember;
  director: TestMember;
  manager: TestMember;
  coach: TestMember;
  player: TestMember;
  child: TestMember;
  parent: TestMember;
  otherAdmin: TestMember;
};

/** Builds the world on a temporary DATA_DIR. */
export async function createIncidentWorld(): Promise<IncidentWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-incidents-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const org = await createTestOrganization(t);
  const other = await createTestOrganization(t);
  const world: IncidentWorld = {
    t,
    dataDir,
    org,
    other,
    admin: await addTestMember(t, org, org.root, 'Admin'),
    director: await addTestMember(t, org, org.division, 'Director'),
    manager: await addTestMember(t, org, org.division, 'Manager'),
    coach: await addTestMember(t, org, org.team, 'member', { firstName: 'Casey', lastName: 'Coach' }),
    player: await addTestMember(t, org, org.team, 'member', { firstName: 'Pat', lastName: 'Player' }),
    child: await addTestMember(t, org, org.team, 'member', { firstName: 'Kim', lastName: 'Child' }),
    parent: await addTestMember(t, org, org.root, 'member', { firstName: 'Robin', lastName: 'Parent' }),
    otherAdmin: await addTestMember(t, other, other.root, 'Admin'),
  };
  await t.database.db
    .update(profiles)
    .set({ guardianProfileId: world.parent.profileId })
    .where(eq(profiles.id, world.child.profileId));
  return world;
}

/** Closes the app and removes the stored files. */
export async function closeIncidentWorld(w: IncidentWorld) {
  await w.t.close();
  fs.rmSync(w.dataDir, { recursive: true, force: true });
}

/** A valid report at the team naming the player as injured; override any field. */
export function reportBody(w: IncidentWorld, over: Partial<ReportIncidentBody> = {}): ReportIncidentBody {
  return {
    type: 'injury',
    occurredAt: '2026-11-28T10:30:00-08:00',
    hierarchyLevelId: w.org.team.id,
    venue: 'Field 3',
    involved: [{ profileId: w.player.profileId, role: 'Injured' }],
    whatHappened: 'Twisted an ankle going for a tackle.',
    actionTaken: 'Ice, sat out the rest of the game.',
    ...over,
  };
}

/** Reports through the API; throws unless 201. */
export async function report(w: IncidentWorld, who: TestMember, over: Partial<ReportIncidentBody> = {}) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/app/incident/incident',
    headers: who.auth,
    payload: reportBody(w, over),
  });
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; status: string; access: string };
}

/** Audit events of an action in the organization. */
export function auditOf(w: IncidentWorld, action: string) {
  return w.t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, w.org.id), eq(auditEvents.action, action)));
}

/** Subjects of the mail queued to an address. */
export async function mailTo(w: IncidentWorld, who: TestMember) {
  const rows = await w.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
  return rows.map((r) => r.subject);
}

/** The member's stored overall status (their one access). */
export async function overallStatusOf(w: IncidentWorld, who: TestMember) {
  const [row] = await w.t.database.db
    .select({ status: profileLevelAccesses.overallStatus })
    .from(profileLevelAccesses)
    .where(eq(profileLevelAccesses.id, who.profileLevelAccessId));
  return row?.status;
}
