import type { Deps } from '../deps.ts';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FormField } from '@touchline/contracts/content';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { refreshMemberRequirements } from '../modules/requirements/requirements.service.ts';
import { newStorageKey } from '../storage/storage.ts';
import { recordAuditEvent } from '../db/audit.ts';
import type { Database } from '../db/client.ts';
import {
  auditEvents,
  formVersions,
  hierarchyLevels,
  labels,
  memberRequirements,
  organizations,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
} from '../db/schema/index.ts';
import { demoPdf } from './seed-demo-files.ts';
import type { DemoDefinition, DemoFormVersion, SeededFile } from './seed-demo-history.ts';
import { planDemoMember, type DemoMemberPlan } from './seed-demo-plan.ts';
import { demoStoryOf } from './seed-demo-stories.ts';
import { demoEmailDomain, demoOrganizationName, demoTeamNames } from './seed-demo.ts';
import { writeDemoMember, type DemoMemberRows } from './seed-demo-writes.ts';

/** Makes (or finds) the identity account of a demo member who accepted their invitation; returns its user id. */
export type DemoAccountMaker = (person: {
  profileId: string;
  email: string;
  firstName: string;
  lastName: string;
}) => Promise<string>;

/** The audit action that marks the demo history as seeded, so it is seeded once. */
export const demoActivityAuditAction = 'requirements.demo_history_seeded';

async function demoOrganizationId(db: Database): Promise<string | null> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), eq(organizations.name, demoOrganizationName)));
  if (!org) return null;
  const [seeded] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.action, demoActivityAuditAction)))
    .limit(1);
  return seeded ? null : org.id;
}

async function loadLibrary(db: Database, organizationId: string) {
  const definitions: DemoDefinition[] = await db
    .select({
      id: requirementDefinitions.id,
      type: requirementDefinitions.type,
      name: requirementDefinitions.name,
      isOptional: requirementDefinitions.isOptional,
      validityMode: requirementDefinitions.validityMode,
      validityDays: requirementDefinitions.validityDays,
      annualRenewalDate: requirementDefinitions.annualRenewalDate,
      dueDate: requirementDefinitions.dueDate,
      dueInDays: requirementDefinitions.dueInDays,
      expiringSoonDays: requirementDefinitions.expiringSoonDays,
      content: requirementDefinitions.content,
    })
    .from(requirementDefinitions)
    .where(
      and(
        eq(requirementDefinitions.organizationId, organizationId),
        isNull(requirementDefinitions.deletedAt),
      ),
    );
  const formDefinition = definitions.find((d) => d.type === RequirementType.Form);
  const [form] = formDefinition
    ? await db
        .select({ id: formVersions.id, version: formVersions.version, fields: formVersions.fields })
        .from(formVersions)
        .where(
          and(
            eq(formVersions.organizationId, organizationId),
            eq(formVersions.definitionId, formDefinition.id),
          ),
        )
        .orderBy(desc(formVersions.version))
        .limit(1)
    : [];
  const version: DemoFormVersion | null = form ? { ...form, fields: form.fields as FormField[] } : null;
  return { definitions, form: version };
}

/** The seeded demo members (not the administrator, not anyone invited since), with their team and role. */
async function loadMembers(db: Database, organizationId: string) {
  const rows = await db
    .select({
      profileId: profiles.id,
      plaId: profileLevelAccesses.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      appUserId: profiles.appUserId,
      teamName: hierarchyLevels.name,
      role: labels.name,
    })
    .from(profileLevelAccesses)
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .innerJoin(hierarchyLevels, eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId))
    .innerJoin(labels, eq(labels.id, profileLevelAccesses.labelId))
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profileLevelAccesses.deletedAt)),
    )
    .orderBy(asc(profiles.email));
  const teams = demoTeamNames();
  const seen = new Map<string, number>();
  return rows.flatMap((row) => {
    const teamIndex = teams.indexOf(row.teamName);
    if (!row.email?.endsWith(demoEmailDomain) || row.email.startsWith('admin@') || teamIndex < 0) return [];
    const key = `${row.teamName}|${row.role}`;
    const place = seen.get(key) ?? 0;
    seen.set(key, place + 1);
    const story = demoStoryOf(teamIndex, row.role, place);
    const slot = row.role === 'Coach' ? 0 : row.role === 'Volunteer' ? 1 : 2 + place;
    return story ? [{ ...row, email: row.email, story, ordinal: teamIndex * 6 + slot + 1 }] : [];
  });
}

async function requirementRowsOf(db: Database, organizationId: string, profileIds: string[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({
      id: memberRequirements.id,
      profileId: memberRequirements.profileId,
      definitionId: memberRequirements.definitionId,
    })
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.active, true),
        inArray(memberRequirements.profileId, profileIds),
      ),
    );
}

/** The demo administrator: she invited everyone and reviews what members upload. */
async function demoReviewer(db: Database, organizationId: string) {
  const [admin] = await db
    .select({ userId: profiles.appUserId, profileId: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.email, `admin${demoEmailDomain}`)));
  return admin ?? { userId: null, profileId: null };
}

/**
 * Gives the demo league a lived-in history, relative to `now`, so a newcomer sees the product at work: most members
 * accepted their invitation (an account each, same password as the demo administrator) and completed some or all of
 * their requirements, with the submissions, signatures, files, reviews, reminders and status changes the real
 * actions would have recorded; a few never accepted. Only facts are written: every status is derived by the
 * engine's own function, and a final refresh derives the overall statuses. Seeded once (marked by an audit event);
 * returns what it seeded, or null when there was nothing to do.
 */
export async function seedDemoActivity(
  deps: Pick<Deps, 'db' | 'storage'>,
  makeAccount: DemoAccountMaker,
  now: Date = new Date(),
): Promise<{ members: number; accounts: number; requirements: number } | null> {
  const { db, storage } = deps;
  const organizationId = await demoOrganizationId(db);
  if (!organizationId) return null;
  const { definitions, form } = await loadLibrary(db, organizationId);
  const members = (await loadMembers(db, organizationId)).filter((m) => m.appUserId === null);
  if (definitions.length === 0 || members.length === 0) return null;
  const rows = await requirementRowsOf(
    db,
    organizationId,
    members.map((m) => m.profileId),
  );
  const reviewer = await demoReviewer(db, organizationId);
  // Accounts first and outside the transaction: the mounted identity shares the embedded database's connection.
  const planned: (DemoMemberRows & { plan: DemoMemberPlan })[] = [];
  for (const member of members) {
    const userId = member.story.accepted ? await makeAccount(member) : null;
    const mine = rows.filter((r) => r.profileId === member.profileId);
    const plan = planDemoMember({
      story: member.story,
      person: { ...member, userId },
      definitions: definitions.filter((d) => mine.some((r) => r.definitionId === d.id)),
      form,
      reviewerUserId: reviewer.userId,
      now,
      newId: randomUUID,
    });
    planned.push({ ...member, userId, rows: mine, plan });
  }
  const files = planned.flatMap((m) => m.plan.requirements.flatMap((r) => r.files));
  const keys = new Map<SeededFile, { key: string; size: number }>();
  try {
    for (const file of files) {
      const bytes = await demoPdf(file.lines);
      const key = newStorageKey();
      keys.set(file, { key, size: bytes.length });
      await storage.put(key, bytes, 'application/pdf');
    }
    await db.transaction(async (tx) => {
      for (const member of planned)
        await writeDemoMember(tx, { organizationId, member, reviewer, keys, now });
      const seeded = {
        members: planned.length,
        accounts: planned.filter((m) => m.userId).length,
        requirements: rows.length,
      };
      await recordAuditEvent(
        tx,
        { userId: null },
        {
          organizationId,
          action: demoActivityAuditAction,
          entityType: 'organization',
          entityId: organizationId,
          data: { ...seeded, files: files.length },
        },
      );
      await refreshMemberRequirements(tx, organizationId, { now });
    });
  } catch (err) {
    await Promise.all([...keys.values()].map(({ key }) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
  return {
    members: planned.length,
    accounts: planned.filter((m) => m.userId).length,
    requirements: rows.length,
  };
}
