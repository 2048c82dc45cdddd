import { and, count, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type {
  AdminAuditEvent,
  SupportIncidentGrant,
  SupportIncidentGrantBody,
  SupportSession,
} from '@touchline/contracts/admin';
import type { ListResponse } from '@touchline/contracts/pagination';
import { liveRootLevel } from '../../authz/live-queries.ts';
import { authorize, holdsAt } from '../../authz/rules.ts';
import { recordAuditEvent, type AuditActor } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import {
  auditEvents,
  organizations,
  profiles,
  supportIncidentGrants,
  supportSessions,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { forbidden, notFound } from '../../errors.ts';
import { entityType, present, withNames } from './support-access.service.ts';

// The organization's side of support access (issue 32, ADR 042): its administrators see every session the platform
// opened in it and what was done under it, may end one early, and alone decide whether support access may read the
// organization's incidents — off by default, for a bounded time, never decided under support access itself.

type OrgSupportDeps = Pick<Deps, 'db' | 'clock'>;
type Paging = { page: number; perPage: number };

/** Another organization reads as not found; below admin level at its top, 403. */
async function requireOrganizationAdmin(
  db: Executor,
  ctx: RequestContext,
  organizationId: string,
  message: string,
): Promise<void> {
  const root = organizationId === ctx.organizationId ? await liveRootLevel(db, organizationId) : undefined;
  if (!root) throw notFound('Organization');
  authorize(holdsAt(ctx, 'adminLevel', root.path), message);
}

const listMessage = 'Only the organization’s administrators see its support access sessions';
const actorOf = (ctx: RequestContext): AuditActor => ({
  userId: ctx.userId,
  profileId: ctx.profileId,
  requestId: ctx.requestId,
});

/** Every support session in the organization, newest first (GET …/support-sessions). */
export async function listOrganizationSupportSessions(
  deps: OrgSupportDeps,
  ctx: RequestContext,
  organizationId: string,
  q: Paging,
): Promise<ListResponse<SupportSession>> {
  await requireOrganizationAdmin(deps.db, ctx, organizationId, listMessage);
  const where = eq(supportSessions.organizationId, organizationId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(withNames)
      .from(supportSessions)
      .innerJoin(organizations, eq(organizations.id, supportSessions.organizationId))
      .innerJoin(profiles, eq(profiles.id, supportSessions.profileId))
      .where(where)
      .orderBy(desc(supportSessions.createdAt), desc(supportSessions.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    deps.db.select({ n: count() }).from(supportSessions).where(where),
  ]);
  const now = deps.clock();
  return { items: rows.map((r) => present(r.session, r, now)), totalCount: total?.n ?? 0 };
}

/** One session of the organization's, with its names; another organization's (or none) is not found. */
async function sessionOf(db: Executor, organizationId: string, sessionId: string) {
  const [row] = await db
    .select(withNames)
    .from(supportSessions)
    .innerJoin(organizations, eq(organizations.id, supportSessions.organizationId))
    .innerJoin(profiles, eq(profiles.id, supportSessions.profileId))
    .where(and(eq(supportSessions.id, sessionId), eq(supportSessions.organizationId, organizationId)));
  if (!row) throw notFound('Support session');
  return row;
}

/**
 * What happened under one session, newest first: its start and end, every request made under it (refused ones too),
 * and every event those requests themselves wrote (joined by request id) — the organization's whole view of it.
 */
export async function listSupportSessionAudit(
  deps: OrgSupportDeps,
  ctx: RequestContext,
  organizationId: string,
  sessionId: string,
  q: Paging,
): Promise<ListResponse<AdminAuditEvent>> {
  await requireOrganizationAdmin(deps.db, ctx, organizationId, listMessage);
  await sessionOf(deps.db, organizationId, sessionId);
  const ofSession = and(
    eq(auditEvents.organizationId, organizationId),
    eq(auditEvents.entityType, entityType),
    eq(auditEvents.entityId, sessionId),
  );
  const requestIds = deps.db
    .select({ id: auditEvents.requestId })
    .from(auditEvents)
    .where(and(ofSession, isNotNull(auditEvents.requestId)));
  const where = and(
    eq(auditEvents.organizationId, organizationId),
    or(ofSession, inArray(auditEvents.requestId, requestIds)),
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    deps.db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      actorUserId: r.actorUserId,
      data: r.data,
      createdAt: r.createdAt.toISOString(),
    })),
    totalCount: total?.n ?? 0,
  };
}

/**
 * One of the organization's administrators ends a session early: from the next request on, the platform's
 * administrator sees nothing more. Ending an ended or expired session changes nothing. Audited.
 */
export async function endSupportSessionByOrganization(
  deps: OrgSupportDeps,
  ctx: RequestContext,
  organizationId: string,
  sessionId: string,
): Promise<SupportSession> {
  await requireOrganizationAdmin(deps.db, ctx, organizationId, 'Only administrators end support sessions');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const row = await sessionOf(tx, organizationId, sessionId);
    if (row.session.endedAt !== null || row.session.expiresAt <= now) return present(row.session, row, now);
    const [ended] = await tx
      .update(supportSessions)
      .set({ endedAt: now, endedByUserId: ctx.userId, updatedAt: now })
      .where(and(eq(supportSessions.id, sessionId), isNull(supportSessions.endedAt)))
      .returning();
    await recordAuditEvent(tx, actorOf(ctx), {
      organizationId,
      action: 'support_access.ended',
      entityType,
      entityId: sessionId,
      data: { by: 'organization' },
    });
    return present(ended ?? row.session, row, now);
  });
}

const grantMessage = 'Only the organization’s administrators decide what support access may read';
/** Said when support access itself tries to change the grant: only the organization's own people decide it. */
export const grantUnderSupportMessage = 'Support access cannot change what support access may read';

async function grantOf(db: Executor, organizationId: string, now: Date): Promise<SupportIncidentGrant> {
  const [row] = await db
    .select()
    .from(supportIncidentGrants)
    .where(eq(supportIncidentGrants.organizationId, organizationId));
  const active = row !== undefined && row.expiresAt > now;
  return {
    active,
    expiresAt: active ? row.expiresAt.toISOString() : null,
    grantedByUserId: active ? row.grantedByUserId : null,
    grantedAt: active ? row.updatedAt.toISOString() : null,
  };
}

/** GET …/support-incident-access: whether support access may read incidents now (off by default). */
export async function getSupportIncidentGrant(
  deps: OrgSupportDeps,
  ctx: RequestContext,
  organizationId: string,
): Promise<SupportIncidentGrant> {
  await requireOrganizationAdmin(deps.db, ctx, organizationId, grantMessage);
  return grantOf(deps.db, organizationId, deps.clock());
}

/**
 * PUT …/support-incident-access: lets support sessions read (never change) the organization's incidents for the
 * given hours from now, replacing any earlier grant. Refused under support access. Audited.
 */
export async function grantSupportIncidentAccess(
  deps: OrgSupportDeps,
  ctx: RequestContext,
  organizationId: string,
  body: SupportIncidentGrantBody,
  underSupport: boolean,
): Promise<SupportIncidentGrant> {
  await requireOrganizationAdmin(deps.db, ctx, organizationId, grantMessage);
  if (underSupport) throw forbidden(grantUnderSupportMessage);
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + body.hours * 3_600_000);
  return deps.db.transaction(async (tx) => {
    const values = {
      grantedByUserId: ctx.userId,
      grantedByProfileId: ctx.profileId,
      expiresAt,
      updatedAt: now,
    };
    await tx
      .insert(supportIncidentGrants)
      .values({ organizationId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: supportIncidentGrants.organizationId, set: values });
    await recordAuditEvent(tx, actorOf(ctx), {
      organizationId,
      action: 'support_access.incidents_granted',
      entityType: 'organization',
      entityId: organizationId,
      data: { hours: body.hours, expiresAt: expiresAt.toISOString() },
    });
    return grantOf(tx, organizationId, now);
  });
}

/** DELETE …/support-incident-access: withdraws the grant now; withdrawing none changes nothing. Audited. */
export async function withdrawSupportIncidentAccess(
  deps: OrgSupportDeps,
  ctx: RequestContext,
  organizationId: string,
  underSupport: boolean,
): Promise<SupportIncidentGrant> {
  await requireOrganizationAdmin(deps.db, ctx, organizationId, grantMessage);
  if (underSupport) throw forbidden(grantUnderSupportMessage);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(supportIncidentGrants)
      .where(eq(supportIncidentGrants.organizationId, organizationId))
      .returning({ expiresAt: supportIncidentGrants.expiresAt });
    if (removed.some((r) => r.expiresAt > now))
      await recordAuditEvent(tx, actorOf(ctx), {
        organizationId,
        action: 'support_access.incidents_withdrawn',
        entityType: 'organization',
        entityId: organizationId,
      });
    return grantOf(tx, organizationId, now);
  });
}
