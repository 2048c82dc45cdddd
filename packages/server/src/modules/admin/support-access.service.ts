import { and, eq, isNull } from 'drizzle-orm';
import type { StartSupportSessionBody, SupportSession } from '@touchline/contracts/admin';
import { ErrorCode } from '@touchline/contracts/errors';
import { AccessTokenClaim, Role } from '@touchline/contracts/roles';
import type { Actor } from '../../authz/actor-types.ts';
import { grantsOfProfile, organizationRoles } from '../../authz/actor-context.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { organizations, profiles, supportIncidentGrants, supportSessions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { adminAuditActor, type AdminContext } from './admin-access.ts';

// Support access, "view as" (issue 32, ADR 042): a platform administrator sees an organization as one of its people,
// with a reason, for a bounded time, read-only unless writes were asked for; refused for incidents' contents. Every
// session and every request under it is in that organization's audit trail, which its administrators can read.

type SupportDeps = Pick<Deps, 'db' | 'clock'>;
type SessionRow = typeof supportSessions.$inferSelect;

/** The audit trail's entity type for everything a support session records. */
export const entityType = 'support_session';

export function present(
  row: SessionRow,
  names: { organizationName: string; firstName: string; lastName: string; roles?: string[] },
  now: Date,
): SupportSession {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationName: names.organizationName,
    profileId: row.profileId,
    viewedName: `${names.firstName} ${names.lastName}`,
    viewedUserId: row.viewedUserId,
    viewedRoles: names.roles ?? [],
    adminUserId: row.adminUserId,
    adminName: row.adminName,
    reason: row.reason,
    allowWrites: row.allowWrites,
    startedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    endedByOrganization: row.endedByUserId !== null && row.endedByUserId !== row.adminUserId,
    active: row.endedAt === null && row.expiresAt > now,
  };
}

export const withNames = {
  session: supportSessions,
  organizationName: organizations.name,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
};

async function loadOwn(db: Executor, ctx: Pick<AdminContext, 'userId'>, id: string) {
  const [row] = await db
    .select(withNames)
    .from(supportSessions)
    .innerJoin(organizations, eq(organizations.id, supportSessions.organizationId))
    .innerJoin(profiles, eq(profiles.id, supportSessions.profileId))
    .where(and(eq(supportSessions.id, id), eq(supportSessions.adminUserId, ctx.userId)));
  if (!row) throw notFound('Support session');
  return row;
}

/**
 * Starts viewing an organization as one of its people: the profile must be live, in a live organization, with an
 * account. Audited in that organization's trail with the reason. Another platform administrator is not viewed as.
 */
export async function startSupportSession(
  deps: SupportDeps,
  ctx: AdminContext,
  body: StartSupportSessionBody,
): Promise<SupportSession> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        profileId: profiles.id,
        organizationId: profiles.organizationId,
        appUserId: profiles.appUserId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        organizationName: organizations.name,
      })
      .from(profiles)
      .innerJoin(
        organizations,
        and(eq(organizations.id, profiles.organizationId), isNull(organizations.deletedAt)),
      )
      .where(and(eq(profiles.id, body.profileId), isNull(profiles.deletedAt)));
    if (!target) throw notFound('Profile');
    if (!target.appUserId) throw conflict('This person has no account yet: there is nothing to view as');
    if (target.appUserId === ctx.userId) throw conflict('You cannot view as yourself');
    const [row] = await tx
      .insert(supportSessions)
      .values({
        organizationId: target.organizationId,
        adminUserId: ctx.userId,
        adminName: nameOf(ctx.claims),
        profileId: target.profileId,
        viewedUserId: target.appUserId,
        reason: body.reason,
        allowWrites: body.allowWrites,
        expiresAt: new Date(now.getTime() + body.minutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('the support session was not stored');
    await recordAuditEvent(tx, adminAuditActor(ctx), {
      organizationId: target.organizationId,
      action: 'support_access.started',
      entityType,
      entityId: row.id,
      data: {
        reason: body.reason,
        minutes: body.minutes,
        allowWrites: body.allowWrites,
        viewedProfileId: target.profileId,
        viewedUserId: target.appUserId,
      },
    });
    return present(
      row,
      { ...target, roles: await rolesOfProfile(tx, target.organizationId, target.profileId) },
      now,
    );
  });
}

/** The administrator's name from their token's claims (empty when the token names none). */
function nameOf(claims: Record<string, unknown>): string {
  const part = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
  return `${part(AccessTokenClaim.FirstName)} ${part(AccessTokenClaim.LastName)}`.trim();
}

/** The organization roles a profile's live accesses carry (what its token's User/Role would say). */
async function rolesOfProfile(db: Executor, organizationId: string, profileId: string): Promise<string[]> {
  return organizationRoles(await grantsOfProfile(db, organizationId, profileId));
}

/** One of the administrator's own support sessions (the banner reads it). */
export async function getSupportSession(
  deps: SupportDeps,
  ctx: AdminContext,
  id: string,
): Promise<SupportSession> {
  const row = await loadOwn(deps.db, ctx, id);
  const roles = await rolesOfProfile(deps.db, row.session.organizationId, row.session.profileId);
  return present(row.session, { ...row, roles }, deps.clock());
}

/** Ends one of the administrator's own sessions now; ending an ended one changes nothing. Audited. */
export async function endSupportSession(
  deps: SupportDeps,
  ctx: AdminContext,
  id: string,
): Promise<SupportSession> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const row = await loadOwn(tx, ctx, id);
    if (row.session.endedAt !== null || row.session.expiresAt <= now) return present(row.session, row, now);
    const [ended] = await tx
      .update(supportSessions)
      .set({ endedAt: now, endedByUserId: ctx.userId, updatedAt: now })
      .where(eq(supportSessions.id, id))
      .returning();
    await recordAuditEvent(tx, adminAuditActor(ctx), {
      organizationId: row.session.organizationId,
      action: 'support_access.ended',
      entityType,
      entityId: id,
    });
    return present(ended ?? row.session, row, now);
  });
}

/** Said when a request names a support session that is not (or no longer) the administrator's active one. */
export const supportSessionEndedMessage = 'This support session has ended or expired';

/** What a refused incident request under support access reads. */
export const incidentsRefusedMessage = "Incidents' contents are not shown under support access";

/**
 * The session a platform administrator's request runs under, checked: their own, not ended, not expired; writes only
 * when it allows them; an incident's contents only read, and only while the organization grants it (else the
 * refusal is answered, for the caller to throw once the attempt is noted for the audit). Answers the actor the
 * request then runs as: the viewed person, no platform role; `incidentRead` marks a granted incident read.
 */
export async function supportActorFor(
  deps: SupportDeps,
  admin: Actor,
  sessionId: string,
  request: { write: boolean; incident: boolean },
): Promise<{ actor: Actor; session: SessionRow; refusal: AppError | null; incidentRead: boolean }> {
  const valid = /^[0-9a-f-]{36}$/i.test(sessionId);
  const [found] = valid
    ? await deps.db
        .select({
          session: supportSessions,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          email: profiles.email,
        })
        .from(supportSessions)
        .innerJoin(profiles, eq(profiles.id, supportSessions.profileId))
        .where(and(eq(supportSessions.id, sessionId), eq(supportSessions.adminUserId, admin.userId)))
    : [];
  const session = found?.session;
  const now = deps.clock();
  if (!found || !session || session.endedAt !== null || session.expiresAt <= now)
    throw new AppError(ErrorCode.Forbidden, supportSessionEndedMessage, {
      details: 'support_session_ended',
    });
  const incidentRead =
    request.incident && !request.write && (await incidentsGranted(deps.db, session.organizationId, now));
  const refusal =
    request.incident && !incidentRead
      ? new AppError(ErrorCode.Forbidden, incidentsRefusedMessage)
      : request.write && !session.allowWrites
        ? new AppError(ErrorCode.Forbidden, 'Support access is read-only: nothing can be changed')
        : null;
  return {
    refusal,
    // The viewed person's own claims as far as the product keeps them (their profile's names and e-mail), never
    // the platform role: the request sees exactly what that person sees.
    actor: {
      userId: session.viewedUserId,
      profileId: session.profileId,
      roles: [],
      claims: {
        [AccessTokenClaim.Subject]: session.viewedUserId,
        [AccessTokenClaim.CurrentProfileId]: session.profileId,
        [AccessTokenClaim.FirstName]: found.firstName,
        [AccessTokenClaim.LastName]: found.lastName,
        [AccessTokenClaim.Email]: found.email ?? '',
        supportSessionId: session.id,
        onBehalfOfUserId: admin.userId,
      },
    },
    session,
    incidentRead,
  };
}

/** Whether the organization grants support access its incidents now (a row, unexpired). */
async function incidentsGranted(db: Executor, organizationId: string, now: Date): Promise<boolean> {
  const [grant] = await db
    .select({ expiresAt: supportIncidentGrants.expiresAt })
    .from(supportIncidentGrants)
    .where(eq(supportIncidentGrants.organizationId, organizationId));
  return grant !== undefined && grant.expiresAt > now;
}

/** Records one request made under a support session in the organization's trail: "on behalf of" the viewed person. */
export async function recordSupportRequest(
  deps: SupportDeps,
  session: SessionRow,
  request: { method: string; route: string; statusCode: number; requestId: string; incidentRead: boolean },
): Promise<void> {
  await recordAuditEvent(
    deps.db,
    { userId: session.adminUserId, requestId: request.requestId },
    {
      organizationId: session.organizationId,
      // A read of incidents' contents the organization granted is its own action, so its trail shows it plainly.
      action: request.incidentRead ? 'support_access.incident_read' : 'support_access.request',
      entityType,
      entityId: session.id,
      data: {
        method: request.method,
        route: request.route,
        status: request.statusCode,
        onBehalfOfUserId: session.viewedUserId,
        onBehalfOfProfileId: session.profileId,
      },
    },
  );
}

/** Whether the actor is a platform administrator (support access is theirs alone). */
export const isPlatformAdmin = (actor: Actor) => actor.roles.includes(Role.TouchlineAdmin);
