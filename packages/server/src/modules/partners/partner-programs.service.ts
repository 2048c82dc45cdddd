import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  MapPartnerProgramBody,
  PartnerMappingTargets,
  PartnerProgram,
} from '@touchline/contracts/partners';
import { findLiveLevel } from '../../authz/live-queries.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
import {
  hierarchyLevels,
  labels,
  partnerProgramMappings,
  partnerRegistrations,
} from '../../db/schema/index.ts';
import type { RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { PartnerPerson } from '../../integrations/partners/port.ts';
import { admit } from './partners-sync.ts';
import { connectionOf, requireAdmin, type PartnerDeps } from './partners-access.ts';

/** GET {id}/partners/{connectionId}/programs: the programs seen so far, their mapping and how many registered. */
export async function listPartnerPrograms(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId, connectionId }: { organizationId: string; connectionId: string },
): Promise<PartnerProgram[]> {
  await requireAdmin(deps, ctx, organizationId);
  const row = await connectionOf(deps, organizationId, connectionId);
  const programs = await deps.db
    .select({
      programId: partnerRegistrations.programId,
      name: sql<string>`max(${partnerRegistrations.programName})`,
      registrations: count(),
    })
    .from(partnerRegistrations)
    .where(eq(partnerRegistrations.connectionId, row.id))
    .groupBy(partnerRegistrations.programId)
    .orderBy(asc(partnerRegistrations.programId));
  const mappings = await mappingsOf(deps, row.id);
  const seenRoles = await deps.db
    .select({
      programId: partnerRegistrations.programId,
      role: partnerRegistrations.role,
      registrations: count(),
    })
    .from(partnerRegistrations)
    .where(eq(partnerRegistrations.connectionId, row.id))
    .groupBy(partnerRegistrations.programId, partnerRegistrations.role);
  // A child's registration brings a guardian, who lands as the partner role PARENT (ADR 041 part five): counted so.
  const guardians = await deps.db
    .select({ programId: partnerRegistrations.programId, registrations: count() })
    .from(partnerRegistrations)
    .where(and(eq(partnerRegistrations.connectionId, row.id), guardianBrought))
    .groupBy(partnerRegistrations.programId);
  for (const g of guardians) {
    const seen = seenRoles.find((r) => r.programId === g.programId && r.role === 'PARENT');
    if (seen) seen.registrations += g.registrations;
    else seenRoles.push({ programId: g.programId, role: 'PARENT', registrations: g.registrations });
  }
  const labelNames = await labelNamesOf(deps, organizationId);
  const rolesOf = (programId: string, roleLabels: Record<string, string>) => {
    const counts = new Map(
      seenRoles.filter((r) => r.programId === programId).map((r) => [r.role, r.registrations]),
    );
    for (const role of Object.keys(roleLabels)) if (!counts.has(role)) counts.set(role, 0);
    return [...counts.keys()].sort().map((role) => {
      const labelId = roleLabels[role] ?? null;
      return {
        role,
        registrations: counts.get(role) ?? 0,
        labelId,
        labelName: labelId ? (labelNames.get(labelId) ?? null) : null,
      };
    });
  };
  const known = new Set(programs.map((p) => p.programId));
  const listed: PartnerProgram[] = programs.map((p) => {
    const mapping = mappings.get(p.programId);
    return {
      programId: p.programId,
      name: p.name,
      registrations: p.registrations,
      mapping: mapping?.mapping ?? null,
      roles: rolesOf(p.programId, mapping?.roleLabels ?? {}),
    };
  });
  for (const [programId, mapping] of mappings)
    if (!known.has(programId))
      listed.push({
        programId,
        name: programId,
        registrations: 0,
        mapping: mapping.mapping,
        roles: rolesOf(programId, mapping.roleLabels),
      });
  return listed;
}

/** A registration for a child that brought (or will bring, once mapped) a guardian. */
const guardianBrought = sql`(${partnerRegistrations.guardianProfileLevelAccessId} is not null or (
  coalesce(${partnerRegistrations.prefill}->'guardian'->>'email', '') <> ''
  and (coalesce(${partnerRegistrations.prefill}->>'email', '') = ''
    or lower(${partnerRegistrations.prefill}->>'email') = lower(${partnerRegistrations.prefill}->'guardian'->>'email'))))`;

/** The organization's label names by id (deleted ones too: a role label may outlive its label's deletion). */
async function labelNamesOf(deps: PartnerDeps, organizationId: string) {
  const rows = await deps.db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(eq(labels.organizationId, organizationId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function mappingsOf(deps: PartnerDeps, connectionId: string) {
  const rows = await deps.db
    .select({
      programId: partnerProgramMappings.programId,
      hierarchyLevelId: partnerProgramMappings.hierarchyLevelId,
      labelId: partnerProgramMappings.labelId,
      roleLabels: partnerProgramMappings.roleLabels,
      labelName: labels.name,
      levelName: sql<string>`(select name from hierarchy_levels where id = ${partnerProgramMappings.hierarchyLevelId})`,
    })
    .from(partnerProgramMappings)
    .innerJoin(labels, eq(labels.id, partnerProgramMappings.labelId))
    .where(eq(partnerProgramMappings.connectionId, connectionId));
  return new Map(
    rows.map((r) => [
      r.programId,
      {
        mapping: {
          hierarchyLevelId: r.hierarchyLevelId,
          labelId: r.labelId,
          levelName: r.levelName,
          labelName: r.labelName,
        },
        roleLabels: r.roleLabels,
      },
    ]),
  );
}

/**
 * PUT {id}/partners/{connectionId}/mappings/{programId}: maps a partner program to a level and a role label of the
 * organization (404 for another's), then admits the registrations that waited for it (unmapped → invited).
 */
export async function mapPartnerProgram(
  deps: PartnerDeps,
  ctx: RequestContext,
  {
    organizationId,
    connectionId,
    programId,
    body,
  }: { organizationId: string; connectionId: string; programId: string; body: MapPartnerProgramBody },
): Promise<PartnerProgram> {
  await requireAdmin(deps, ctx, organizationId);
  const row = await connectionOf(deps, organizationId, connectionId);
  await deps.db.transaction(async (tx) => {
    const level = await findLiveLevel(tx, organizationId, body.hierarchyLevelId);
    if (!level) throw notFound('Level');
    const [label] = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(
        and(eq(labels.organizationId, organizationId), eq(labels.id, body.labelId), isNull(labels.deletedAt)),
      );
    if (!label) throw notFound('Label');
    const roleLabels = body.roleLabels && (await liveRoleLabels(tx, organizationId, body.roleLabels));
    await tx
      .insert(partnerProgramMappings)
      .values({
        connectionId: row.id,
        programId,
        hierarchyLevelId: level.id,
        labelId: label.id,
        roleLabels: roleLabels ?? {},
      })
      .onConflictDoUpdate({
        target: [partnerProgramMappings.connectionId, partnerProgramMappings.programId],
        set: {
          hierarchyLevelId: level.id,
          labelId: label.id,
          ...(roleLabels ? { roleLabels } : {}),
          updatedAt: new Date(),
        },
      });
    await recordAuditEvent(tx, ctx, {
      organizationId,
      action: 'partner.program-mapped',
      entityType: 'partner_connection',
      entityId: row.id,
      data: {
        programId,
        hierarchyLevelId: level.id,
        labelId: label.id,
        ...(roleLabels ? { roleLabels } : {}),
      },
    });
    const waiting = await tx
      .select()
      .from(partnerRegistrations)
      .where(
        and(
          eq(partnerRegistrations.connectionId, row.id),
          eq(partnerRegistrations.programId, programId),
          eq(partnerRegistrations.status, 'unmapped'),
        ),
      )
      .for('update');
    for (const w of waiting)
      if (w.prefill)
        await admit(deps, tx, row, {
          id: w.id,
          programId: w.programId,
          role: w.role,
          memberId: w.memberId,
          person: w.prefill as PartnerPerson,
        });
  });
  const programs = await listPartnerPrograms(deps, ctx, { organizationId, connectionId });
  const mapped = programs.find((p) => p.programId === programId);
  if (!mapped) throw notFound('Partner program');
  return mapped;
}

/**
 * The per-role labels asked for (a role given null lands as the program's label, so it is left out), each a live
 * label of this organization: another organization's or a deleted one is 404, like the program's label.
 */
async function liveRoleLabels(
  tx: Transaction,
  organizationId: string,
  asked: Record<string, string | null>,
): Promise<Record<string, string>> {
  const roleLabels = Object.fromEntries(
    Object.entries(asked).filter((e): e is [string, string] => e[1] !== null),
  );
  const wanted = [...new Set(Object.values(roleLabels))];
  if (wanted.length === 0) return roleLabels;
  const found = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(eq(labels.organizationId, organizationId), inArray(labels.id, wanted), isNull(labels.deletedAt)),
    );
  if (found.length !== wanted.length) throw notFound('Label');
  return roleLabels;
}

/** GET {id}/partners/mapping-targets: the organization's live levels (in tree order) and role labels. */
export async function partnerMappingTargets(
  deps: PartnerDeps,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
): Promise<PartnerMappingTargets> {
  await requireAdmin(deps, ctx, organizationId);
  const levels = await deps.db
    .select({ id: hierarchyLevels.id, name: hierarchyLevels.name, path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(and(eq(hierarchyLevels.organizationId, organizationId), isNull(hierarchyLevels.deletedAt)))
    .orderBy(asc(hierarchyLevels.path));
  const roleLabels = await deps.db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.organizationId, organizationId), isNull(labels.deletedAt)))
    .orderBy(asc(labels.sortOrder), asc(labels.name));
  return {
    levels: levels.map((l) => ({
      id: l.id,
      name: l.name,
      depth: l.path.split('/').filter(Boolean).length - 1,
    })),
    labels: roleLabels,
  };
}
