import { and, asc, eq, gte, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { saveConditionBodySchema, updateConditionBodySchema } from '@touchline/contracts/conditions';
import {
  concussionConditionDetails,
  concussionConditionTitle,
  type Condition,
  type ConditionKind,
  type ConditionList,
  type ConditionStatus,
} from '@touchline/contracts/conditions';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { incidents, memberConditions, storedFiles } from '../../db/schema/index.ts';
import type { Deps, JobDeps, RequestContext } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { refreshMemberRequirementsNow } from '../../requirement-core/requirements-engine.service.ts';
import { ensureClearanceDefinition } from './clearance-requirement.service.ts';
import { conditionView } from './incidents.policy.ts';
import { memberOf, profileNames, settingsOf } from './incidents.queries.ts';

export type ConditionDeps = Pick<Deps, 'db' | 'clock' | 'storage' | 'jobs' | 'appUrl'>;
type Row = typeof memberConditions.$inferSelect;

const today = (now: Date) => now.toISOString().slice(0, 10);

/** Whether a condition stands and restricts play: the member is not cleared while it does (ADR 040). */
export function isStanding(row: Pick<Row, 'restrictsPlay' | 'status' | 'until'>, now: Date): boolean {
  return row.restrictsPlay && row.status !== 'Lifted' && (row.until === null || row.until >= today(now));
}

export function presentCondition(row: Row, now: Date, clearanceName: string | null): Condition {
  return {
    id: row.id,
    profileId: row.profileId,
    incidentId: row.incidentId,
    kind: row.kind as ConditionKind,
    title: row.title,
    details: row.details,
    restrictsPlay: row.restrictsPlay,
    visibility: row.visibility as Condition['visibility'],
    liftedBy: row.liftedBy as Condition['liftedBy'],
    status: row.status as ConditionStatus,
    setBy: row.setByName ? { profileId: row.setByProfileId, name: row.setByName } : null,
    setAt: row.createdAt.toISOString(),
    until: row.until,
    clearance:
      row.clearanceSubmittedAt && clearanceName
        ? { fileName: clearanceName, submittedAt: row.clearanceSubmittedAt.toISOString() }
        : null,
    lifted: row.liftedAt
      ? { at: row.liftedAt.toISOString(), byName: row.liftedByName ?? 'Unknown', note: row.liftNote ?? '' }
      : null,
    standing: isStanding(row, now),
  };
}

/** Re-derives the member's overall status in the caller's transaction (a standing restriction: not cleared). */
async function refreshStatus(tx: Executor, organizationId: string, profileId: string, now: Date) {
  await refreshMemberRequirementsNow(tx, organizationId, { profileIds: [profileId], now });
}

/**
 * A concussion report's consequence (state concussion laws, ADR 040): each injured member is removed from play at
 * once, lifted only by a licensed health-care provider's written clearance. In the report's transaction.
 */
export async function setConcussionConditions(
  tx: Executor,
  ctx: RequestContext,
  input: { incidentId: string; profileIds: readonly string[]; setByName: string; now: Date },
) {
  const ids = [...new Set(input.profileIds)];
  if (ids.length === 0) return [];
  const rows = await tx
    .insert(memberConditions)
    .values(
      ids.map((profileId) => ({
        organizationId: ctx.organizationId,
        profileId,
        incidentId: input.incidentId,
        kind: 'RemovedFromPlay',
        title: concussionConditionTitle,
        details: concussionConditionDetails,
        restrictsPlay: true,
        visibility: 'Reviewers',
        liftedBy: 'Document',
        setByProfileId: ctx.profileId,
        setByName: input.setByName,
        createdAt: input.now,
        updatedAt: input.now,
      })),
    )
    .returning({ id: memberConditions.id, profileId: memberConditions.profileId });
  const names = await profileNames(tx, ctx.organizationId, ids);
  // The clearance is a requirement the member completes by upload, reviewed in the queue (ADR 040).
  await ensureClearanceDefinition(tx, ctx.organizationId);
  for (const row of rows) {
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: 'condition.set',
        entityType: 'member_condition',
        entityId: row.id,
        data: { profileId: row.profileId, incidentId: input.incidentId, kind: 'RemovedFromPlay' },
      },
    );
    await refreshStatus(tx, ctx.organizationId, row.profileId, input.now);
  }
  return rows.map((r) => ({ ...r, name: names.get(r.profileId) ?? 'Unknown' }));
}

/** The member and how the caller sees their conditions (404 another organization's, 403 none of the caller's). */
export async function viewOf(db: Executor, ctx: RequestContext, profileId: string) {
  const member = await memberOf(db, ctx.organizationId, profileId);
  if (!member) throw notFound('Profile');
  const { accessRoles } = await settingsOf(db, ctx.organizationId);
  const view = conditionView(ctx, accessRoles, {
    profileId,
    guardianProfileId: member.guardianProfileId,
    levelPaths: member.levelPaths,
  });
  authorize(view !== null, 'You cannot see this member’s conditions');
  return { member, view };
}

async function listFor(db: Executor, organizationId: string, profileId: string) {
  return db
    .select({ condition: memberConditions, clearanceName: storedFiles.originalName })
    .from(memberConditions)
    .leftJoin(storedFiles, eq(storedFiles.id, memberConditions.clearanceFileId))
    .where(
      and(eq(memberConditions.organizationId, organizationId), eq(memberConditions.profileId, profileId)),
    )
    .orderBy(asc(memberConditions.createdAt));
}

/** GET /api/app/profile/conditions/{id}: the profile's conditions the caller may see, and why it is not cleared. */
export async function listConditions(
  deps: ConditionDeps,
  ctx: RequestContext,
  profileId: string,
): Promise<ConditionList> {
  const { view, member } = await viewOf(deps.db, ctx, profileId);
  const now = deps.clock();
  const rows = (await listFor(deps.db, ctx.organizationId, profileId)).filter(
    (r) => view !== 'coach' || r.condition.visibility === 'Coaches',
  );
  const items = rows.map((r) => presentCondition(r.condition, now, r.clearanceName));
  const standing = items.filter((c) => c.standing).map((c) => c.title);
  await recordAuditEvent(
    deps.db,
    { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    {
      organizationId: ctx.organizationId,
      action: 'condition.list_read',
      entityType: 'profile',
      entityId: profileId,
    },
  );
  return {
    memberName: `${member.firstName} ${member.lastName}`,
    items,
    notClearedReason: standing.length > 0 ? `Not cleared: ${standing.join('; ')}` : null,
    canManage: view === 'manager',
  };
}

/** POST /api/app/profile/{id}/condition-save: incident access at one of the member's levels sets a condition. */
export async function saveCondition(
  deps: ConditionDeps,
  ctx: RequestContext,
  profileId: string,
  body: z.output<typeof saveConditionBodySchema>,
): Promise<Condition> {
  const { view } = await viewOf(deps.db, ctx, profileId);
  authorize(view === 'manager', 'Only the league’s incident reviewers set conditions');
  if (body.incidentId) {
    const [found] = await deps.db
      .select({ id: incidents.id })
      .from(incidents)
      .where(and(eq(incidents.id, body.incidentId), eq(incidents.organizationId, ctx.organizationId)));
    if (!found)
      throw invalid([{ field: 'incidentId', in: 'body', message: 'Not an incident of your organization' }]);
  }
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const names = await profileNames(tx, ctx.organizationId, [ctx.profileId]);
    const [created] = await tx
      .insert(memberConditions)
      .values({
        organizationId: ctx.organizationId,
        profileId,
        ...body,
        setByProfileId: ctx.profileId,
        setByName: names.get(ctx.profileId) ?? 'Unknown',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('the condition was not written');
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: 'condition.set',
        entityType: 'member_condition',
        entityId: created.id,
        data: { profileId, kind: body.kind, restrictsPlay: body.restrictsPlay },
      },
    );
    if (body.liftedBy === 'Document') await ensureClearanceDefinition(tx, ctx.organizationId);
    await refreshStatus(tx, ctx.organizationId, profileId, now);
    return created;
  });
  return presentCondition(row, now, null);
}

export async function conditionOf(db: Executor, ctx: RequestContext, profileId: string, conditionId: string) {
  const [row] = await db
    .select()
    .from(memberConditions)
    .where(
      and(
        eq(memberConditions.id, conditionId),
        eq(memberConditions.organizationId, ctx.organizationId),
        eq(memberConditions.profileId, profileId),
      ),
    );
  if (!row) throw notFound('Condition');
  return row;
}

/**
 * POST /api/app/profile/{id}/condition-update: a reviewer changes a condition, lifts it (with a note; one lifted by
 * a document needs its clearance handed in first), or returns a handed-in clearance. Lifted is final (409 after).
 */
export async function updateCondition(
  deps: ConditionDeps,
  ctx: RequestContext,
  profileId: string,
  body: z.output<typeof updateConditionBodySchema>,
): Promise<Condition> {
  const { view } = await viewOf(deps.db, ctx, profileId);
  authorize(view === 'manager', 'Only the league’s incident reviewers change conditions');
  const row = await conditionOf(deps.db, ctx, profileId, body.conditionId);
  if (row.status === 'Lifted') throw conflict('This condition was lifted; set a new one instead');
  if (body.lift && row.liftedBy === 'Document' && row.status !== 'ClearanceSubmitted')
    throw conflict('This condition is lifted by a clearance document, and none was handed in yet');
  if (body.rejectClearance && row.status !== 'ClearanceSubmitted')
    throw conflict('No clearance is waiting for review');
  const now = deps.clock();
  const names = await profileNames(deps.db, ctx.organizationId, [ctx.profileId]);
  const set: Partial<typeof memberConditions.$inferInsert> = { updatedAt: now };
  for (const key of ['title', 'details', 'visibility', 'until'] as const)
    if (body[key] !== undefined) Object.assign(set, { [key]: body[key] });
  if (body.lift)
    Object.assign(set, {
      status: 'Lifted',
      liftedAt: now,
      liftedByName: names.get(ctx.profileId) ?? 'Unknown',
      liftNote: body.note,
    });
  if (body.rejectClearance) Object.assign(set, { status: 'Active', clearanceSubmittedAt: null });
  const updated = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(memberConditions)
      .set(set)
      .where(eq(memberConditions.id, row.id))
      .returning();
    if (!saved) throw notFound('Condition');
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: body.lift
          ? 'condition.lifted'
          : body.rejectClearance
            ? 'condition.clearance_returned'
            : 'condition.updated',
        entityType: 'member_condition',
        entityId: row.id,
        data: {
          profileId,
          fields: Object.keys(set).filter((k) => k !== 'updatedAt'),
          note: body.note ?? null,
        },
      },
    );
    await refreshStatus(tx, ctx.organizationId, profileId, now);
    return saved;
  });
  const [withFile] = (await listFor(deps.db, ctx.organizationId, profileId)).filter(
    (r) => r.condition.id === row.id,
  );
  return presentCondition(updated, now, withFile?.clearanceName ?? null);
}

/** A checked upload: bytes whose name and content agree on an accepted type. */
export async function sweepEndedConditions(deps: Pick<Deps, 'db'>, now: Date): Promise<number> {
  const rows = await deps.db
    .selectDistinct({
      organizationId: memberConditions.organizationId,
      profileId: memberConditions.profileId,
    })
    .from(memberConditions)
    .where(
      and(
        eq(memberConditions.restrictsPlay, true),
        ne(memberConditions.status, 'Lifted'),
        lt(memberConditions.until, today(now)),
        gte(memberConditions.until, today(new Date(now.getTime() - 7 * 24 * 3600_000))),
      ),
    );
  const byOrg = new Map<string, string[]>();
  for (const r of rows) byOrg.set(r.organizationId, [...(byOrg.get(r.organizationId) ?? []), r.profileId]);
  for (const [organizationId, profileIds] of byOrg)
    await refreshMemberRequirementsNow(deps.db, organizationId, { profileIds, now });
  return rows.length;
}

/** condition-end sweep: daily, after midnight UTC. */
export const conditionEndSweepJob = defineJob({
  name: 'condition.end-sweep',
  payload: z.object({}),
  cron: '20 0 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  run: (deps: JobDeps) => sweepEndedConditions(deps, new Date()),
});
