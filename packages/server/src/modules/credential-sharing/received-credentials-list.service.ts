import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  ReceivedCredentialList,
  ReceivedCredentialState,
} from '@touchline/contracts/credential-sharing';
import { authorize, holdsAnywhere, reachablePaths } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { profiles, receivedCredentials } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { dayOf } from '../../requirement-core/engine/calendar.ts';

// The receiving organization's page of credentials shared into it (ADR 049): for its admins and reviewers
// (director level or higher, ADR 015's reviewers), the members within their levels only, newest first.

type ListDeps = Pick<Deps, 'db'>;

/** A received credential's member holds a live access at or below one of these paths (ADR 002). */
function withinPaths(organizationId: string, paths: readonly string[]): SQL {
  if (paths.length === 0) return sql`false`;
  const patterns = `{${paths.map((p) => `"${p}%"`).join(',')}}`;
  return sql`exists (select 1 from profile_level_accesses a where a.organization_id = ${organizationId}
    and a.profile_id = ${receivedCredentials.profileId} and a.deleted_at is null
    and a.level_path like any(${patterns}::text[]))`;
}

/** Where a received row stands today. */
export function receivedStateOf(
  row: { revokedAt: Date | null; revokedReason: string | null; validUntil: string | null },
  today: string,
): ReceivedCredentialState {
  if (row.revokedAt !== null)
    return row.revokedReason === null || row.revokedReason === 'consent-withdrawn' ? 'Withdrawn' : 'Lapsed';
  return row.validUntil !== null && row.validUntil < today ? 'Expired' : 'Active';
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * GET /api/app/received-credentials/{orgId}?page&perPage: the credentials members shared into this organization —
 * who, what, from which organization, where it stands, when — for directors and administrators, scoped to the
 * members of their levels; 404 for another organization, 403 below director. The read is audited.
 */
export async function listOrganizationReceivedCredentials(
  deps: ListDeps,
  ctx: RequestContext,
  input: { orgId: string; page: number; perPage: number },
): Promise<ReceivedCredentialList> {
  if (input.orgId !== ctx.organizationId) throw notFound('Organization');
  authorize(
    holdsAnywhere(ctx, 'directorLevelOrHigher'),
    'Only directors and administrators see the credentials shared with the organization',
  );
  const where = and(
    eq(receivedCredentials.organizationId, ctx.organizationId),
    withinPaths(ctx.organizationId, reachablePaths(ctx, 'directorLevelOrHigher')),
  );
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(receivedCredentials)
    .innerJoin(profiles, and(eq(profiles.id, receivedCredentials.profileId), isNull(profiles.deletedAt)))
    .where(where);
  const rows = await deps.db
    .select({
      credential: receivedCredentials,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(receivedCredentials)
    .innerJoin(profiles, and(eq(profiles.id, receivedCredentials.profileId), isNull(profiles.deletedAt)))
    .where(where)
    .orderBy(desc(receivedCredentials.createdAt), desc(receivedCredentials.id))
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage);
  await recordAuditEvent(
    deps.db,
    { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    {
      organizationId: ctx.organizationId,
      action: 'credential.received_list_read',
      entityType: 'received_credential',
      data: { page: input.page, perPage: input.perPage, count: rows.length },
    },
  );
  const today = dayOf(new Date());
  return {
    totalCount: count?.n ?? 0,
    items: rows.map(({ credential: c, firstName, lastName }) => ({
      id: c.id,
      profileId: c.profileId,
      memberName: `${firstName} ${lastName}`,
      requirementType: c.requirementType,
      requirementName: text(c.summary['requirementName']),
      sourceOrganizationName: c.sourceOrganizationName,
      state: receivedStateOf(c, today),
      completedOn: c.completedOn,
      validUntil: c.validUntil,
      receivedAt: c.createdAt.toISOString(),
      revokedAt: c.revokedAt?.toISOString() ?? null,
    })),
  };
}
