import { and, asc, eq, inArray, isNull, isNotNull, sql } from 'drizzle-orm';
import { builtInIncidentTypes, type IncidentType } from '@touchline/contracts/incidents';
import type { Executor } from '../../db/client.ts';
import { liveAccessIn, liveAccessJoins } from '../../authz/live-queries.ts';
import {
  hierarchyLevels,
  incidentDocuments,
  incidentHistory,
  incidentPeople,
  incidents,
  incidentSettings,
  incidentTypes,
  labels,
  profileLevelAccesses,
  profiles,
  storedFiles,
} from '../../db/schema/index.ts';
import { defaultIncidentAccessRoles } from './incidents.policy.ts';

/** The organization's incident settings, or the defaults (ADR 040). */
export async function settingsOf(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(incidentSettings)
    .where(eq(incidentSettings.organizationId, organizationId));
  return {
    accessRoles: row?.accessRoles ?? [...defaultIncidentAccessRoles],
    triageHours: row?.triageHours ?? 24,
    guardianNoticeTypes: row?.guardianNoticeTypes ?? null,
  };
}

/** The types a report may name: the built-ins, then the organization's own (not archived). */
export async function typesOf(db: Executor, organizationId: string): Promise<IncidentType[]> {
  const own = await db
    .select()
    .from(incidentTypes)
    .where(and(eq(incidentTypes.organizationId, organizationId), isNull(incidentTypes.archivedAt)))
    .orderBy(asc(incidentTypes.name));
  const builtInCodes = new Set(builtInIncidentTypes.map((t) => t.code));
  return [
    ...builtInIncidentTypes,
    ...own
      .filter((t) => !builtInCodes.has(t.code))
      .map((t) => ({
        code: t.code,
        name: t.name,
        description: t.description,
        removesFromPlay: t.removesFromPlay,
        mandatoryReporting: t.mandatoryReporting,
        notifiesGuardian: t.notifiesGuardian,
        builtIn: false,
      })),
  ];
}

/** One live profile of the organization, with its guardian and the paths of its live accesses; undefined if none. */
export async function memberOf(db: Executor, organizationId: string, profileId: string) {
  const [profile] = await db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      guardianProfileId: profiles.guardianProfileId,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.organizationId, organizationId),
        isNull(profiles.deletedAt),
      ),
    );
  if (!profile) return undefined;
  const on = liveAccessJoins(organizationId);
  const levels = await db
    .select({ path: hierarchyLevels.path })
    .from(profileLevelAccesses)
    .innerJoin(hierarchyLevels, on.level)
    .where(and(liveAccessIn(organizationId), eq(profileLevelAccesses.profileId, profileId)));
  return { ...profile, levelPaths: levels.map((l) => l.path) };
}

/** The level paths of the actor's children (profiles whose guardian is the actor's profile). */
export async function childLevelPaths(db: Executor, organizationId: string, guardianProfileId: string) {
  const on = liveAccessJoins(organizationId);
  const rows = await db
    .select({ path: hierarchyLevels.path })
    .from(profileLevelAccesses)
    .innerJoin(profiles, on.profile)
    .innerJoin(hierarchyLevels, on.level)
    .where(and(liveAccessIn(organizationId), eq(profiles.guardianProfileId, guardianProfileId)));
  return rows.map((r) => r.path);
}

/** Names of profiles by id (the organization's only). */
export async function profileNames(db: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, organizationId),
        inArray(profiles.id, [...ids]),
        isNull(profiles.deletedAt),
      ),
    );
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** The incident managers of a level (holders of an access role at it or above) who have an address. */
export async function incidentManagersOf(
  db: Executor,
  organizationId: string,
  levelPath: string,
  accessRoles: readonly string[],
) {
  const on = liveAccessJoins(organizationId);
  const rows = await db
    .selectDistinct({ profileId: profiles.id, email: profiles.email, firstName: profiles.firstName })
    .from(profileLevelAccesses)
    .innerJoin(profiles, on.profile)
    .innerJoin(hierarchyLevels, on.level)
    .innerJoin(labels, on.label)
    .where(
      and(
        liveAccessIn(organizationId),
        inArray(labels.role, [...accessRoles]),
        isNotNull(profiles.email),
        sql`${levelPath} like ${hierarchyLevels.path} || '%'`,
      ),
    );
  return rows.flatMap((r) =>
    r.email ? [{ profileId: r.profileId, email: r.email, firstName: r.firstName }] : [],
  );
}

/** Incident rows by id with their level's name. */
export function incidentRows(db: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ incident: incidents, levelName: hierarchyLevels.name })
    .from(incidents)
    .innerJoin(hierarchyLevels, eq(hierarchyLevels.id, incidents.hierarchyLevelId))
    .where(and(eq(incidents.organizationId, organizationId), inArray(incidents.id, [...ids])));
}

/** What belongs to a set of incidents: people, live documents and history, oldest first. */
export async function incidentParts(db: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return { people: [], documents: [], history: [] };
  const list = [...ids];
  const [people, documents, history] = await Promise.all([
    db
      .select()
      .from(incidentPeople)
      .where(and(eq(incidentPeople.organizationId, organizationId), inArray(incidentPeople.incidentId, list)))
      .orderBy(asc(incidentPeople.position)),
    db
      .select({
        id: incidentDocuments.id,
        incidentId: incidentDocuments.incidentId,
        createdAt: incidentDocuments.createdAt,
        fileName: storedFiles.originalName,
        contentType: storedFiles.contentType,
        byteSize: storedFiles.byteSize,
      })
      .from(incidentDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, incidentDocuments.fileId))
      .where(
        and(
          eq(incidentDocuments.organizationId, organizationId),
          inArray(incidentDocuments.incidentId, list),
          isNull(incidentDocuments.archivedAt),
        ),
      )
      .orderBy(asc(incidentDocuments.createdAt)),
    db
      .select()
      .from(incidentHistory)
      .where(
        and(eq(incidentHistory.organizationId, organizationId), inArray(incidentHistory.incidentId, list)),
      )
      .orderBy(asc(incidentHistory.seq)),
  ]);
  return { people, documents, history };
}
