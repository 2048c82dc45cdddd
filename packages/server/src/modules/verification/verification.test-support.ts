import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { contentAssignments, memberRequirements, requirementDefinitions } from '../../db/schema/index.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

/** The people of a verification test: members of a team (with real-looking names), the roles above, a stranger. */
export type World = {
  t: TestApp;
  dataDir: string;
  org: TestOrganization;
  other: TestOrganization;
  members: TestMember[];
  manager: TestMember;
  director: TestMember;
  admin: TestMember;
  otherAdmin: TestMember;
};

/** The team members' names, in the order of `World.members`. */
export const memberNames = [
  { firstName: 'Jane', lastName: 'Smith' },
  { firstName: 'Sam', lastName: 'Rivers' },
  { firstName: 'Alex', lastName: 'Jordan' },
  { firstName: 'Maya', lastName: 'Lopez' },
  { firstName: 'Owen', lastName: 'Parker' },
  { firstName: 'Lena', lastName: 'Brooks' },
] as const;

/** Builds a test app on a temporary DATA_DIR with one organization's people and another organization's admin. */
export async function createWorld(deps: Parameters<typeof createTestApp>[1] = {}): Promise<World> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-verification-'));
  const t = await createTestApp({ DATA_DIR: dataDir }, deps);
  const org = await createTestOrganization(t);
  const other = await createTestOrganization(t);
  const members: TestMember[] = [];
  for (const name of memberNames) members.push(await addTestMember(t, org, org.team, 'member', name));
  return {
    t,
    dataDir,
    org,
    other,
    members,
    manager: await addTestMember(t, org, org.division, 'Manager'),
    director: await addTestMember(t, org, org.root, 'Director'),
    admin: await addTestMember(t, org, org.root, 'Admin'),
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

/** An Age Verification definition of a kind, assigned to the team's players and materialized. */
export function addAgeVerification(w: World, kind: string): Promise<string> {
  return addVerificationDefinition(w, RequirementType.AgeVerification, { kind }, `${kind} verification`);
}

/** A definition of a type, assigned to the team's players and materialized. */
export async function addVerificationDefinition(
  w: World,
  type: number,
  content: Record<string, unknown>,
  name: string,
): Promise<string> {
  const db = w.t.database.db;
  const [definition] = await db
    .insert(requirementDefinitions)
    .values({
      organizationId: w.org.id,
      type,
      name,
      content,
    })
    .returning({ id: requirementDefinitions.id });
  if (!definition) throw new Error('no definition');
  await db.insert(contentAssignments).values({
    organizationId: w.org.id,
    definitionId: definition.id,
    hierarchyLevelId: w.org.team.id,
    labelId: w.org.labelIds.member,
  });
  await refreshMemberRequirements(db, w.org.id, { profileIds: w.members.map((m) => m.profileId) });
  return definition.id;
}

/** A member's requirement row for a definition. */
export async function requirementOf(w: World, member: TestMember, definitionId: string) {
  const [row] = await w.t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.profileId, member.profileId),
        eq(memberRequirements.definitionId, definitionId),
      ),
    );
  if (!row) throw new Error('the requirement was not materialized');
  return row;
}

/** A hand-written multipart body with one file part. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----touchline${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The proof samples, for other modules' tests (the eligibility flags come from real verifications). */
export { birthCertificate, driversLicence, passportPage, reportCard } from './verification.samples.ts';
