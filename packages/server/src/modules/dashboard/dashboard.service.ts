import type {
  DashboardInfo,
  DashboardInfoQuery,
  DashboardMembersQuery,
  DashboardMembersResponse,
} from '@touchline/contracts/dashboard';
import {
  exactCountLimit,
  overallStatusValues,
  requirementStatusValues,
  type DashboardFilter,
} from '@touchline/contracts/dashboard';
import type { ActorContext } from '../../authz/actor-context.ts';
import { findLiveLevel } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { incidentAccessOf, notClearedReason } from '../incidents/incident-access.service.ts';
import { eligibilityFlagsOf } from '../eligibility/eligibility.service.ts';
import { memberActionsOf } from '../members/members.service.ts';
import { staffMovesOf } from '../requirements/requirements.service.ts';
import { dayOf } from '../../requirement-core/engine/calendar.ts';
import { sharedStandings } from '../../requirement-core/shared-standing.ts';
import { dashboardPolicy } from './dashboard.policy.ts';
import {
  presentDashboardMember,
  requirementColumns,
  type DashboardRow,
  type RequirementCell,
} from './dashboard.presenter.ts';
import { countedTiles, countsAnswer } from './level-counts.sql.ts';
import { encodeCursor, readCursor, type CursorKeys, type PageCursor } from './dashboard.cursor.ts';
import {
  countRows,
  defaultSampleFraction,
  exactCount,
  rowsOf,
  uuidBelow,
  type CountLimits,
} from './dashboard.queries.ts';
import {
  openIncidentCountStatement,
  overallCountsStatement,
  pageStatement,
  restrictedCountStatement,
  standingConditionsStatement,
  requirementCellsStatement,
  requirementCountsStatement,
  sampleAnchorStatement,
  type DashboardScope,
  type PageWindow,
} from './dashboard.sql.ts';

/** Loads the level (404 in another organization) and checks the actor may see its dashboard (403). */
export async function loadDashboardScope(db: Executor, ctx: ActorContext, levelId: string) {
  const level = await findLiveLevel(db, ctx.organizationId, levelId);
  if (!level) throw notFound('Level');
  authorize(dashboardPolicy.view(ctx, level));
  return { level, scope: { organizationId: ctx.organizationId, path: level.path } satisfies DashboardScope };
}

/**
 * Where a page lies in a list of exactly `n` rows: past the middle it is read from the other end, reversed, so the
 * database skips at most half the rows (ADR 016).
 */
export function pageWindow(n: number, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  if (offset + perPage / 2 <= n / 2) return { limit: perPage, offset, reverse: false };
  const limit = Math.max(0, Math.min(perPage, n - offset));
  return { limit, offset: Math.max(0, n - offset - limit), reverse: true };
}

/**
 * How a page is read: its window, whether its number is only about where its rows lie, and whether reading starts at
 * the list's own start in its direction (then nothing lies before the page that way).
 */
export type PagePlan = PageWindow & { positionIsEstimate: boolean; fromStart: boolean };

/**
 * Where a page lies (ADR 016, 017).
 * - A cursor reads after (or before) the row it names: the next or previous page, exact at any depth.
 * - An exact total: the page's window, read from the nearer end.
 * - An estimated total (a list of over {@link exactCountLimit} rows): a page within that many rows of the start is
 *   read exactly, one at or past the estimate's end after an exact count; otherwise it is placed from the nearer end
 *   — walked when within that many rows of it, else read after the sampled row the estimate puts just before it
 *   (a walk of a thirty-second of the distance). Its rows are real and in order; its number is marked as estimated,
 *   as the total is.
 */
export async function locatePage(
  db: Executor,
  scope: DashboardScope,
  filter: DashboardFilter,
  total: { n: number; estimate: boolean },
  page: number,
  perPage: number,
  cursor?: PageCursor,
  limits: CountLimits = {},
): Promise<PagePlan> {
  // A search that keeps few rows picks them first, then orders them (pageStatement says why).
  const narrowFirst = Boolean(filter.search) && !total.estimate && total.n <= narrowSearchLimit;
  const exact = limits.exact ?? exactCountLimit;
  const offset = (page - 1) * perPage;
  if (cursor)
    return {
      limit: perPage,
      offset: 0,
      reverse: cursor.reverse,
      after: cursor.keys,
      narrowFirst,
      positionIsEstimate: total.estimate && offset + perPage > exact,
      fromStart: false,
    };
  const counted = (n: number) => {
    const window = pageWindow(n, page, perPage);
    return { ...window, narrowFirst, positionIsEstimate: false, fromStart: window.offset === 0 };
  };
  if (!total.estimate) return counted(total.n);
  if (offset + perPage <= exact)
    return { limit: perPage, offset, reverse: false, positionIsEstimate: false, fromStart: offset === 0 };
  if (offset >= total.n) return counted(await exactCount(db, scope, filter));
  const limit = Math.min(perPage, total.n - offset);
  const afterPage = total.n - offset - limit;
  const reverse = afterPage < offset;
  const distance = reverse ? afterPage : offset;
  const walked = { limit, offset: distance, reverse, positionIsEstimate: true, fromStart: distance === 0 };
  if (distance <= exact) return walked;
  // The sampled row the estimate puts just before the page: the j-th of the sample is about (j + 1) / fraction rows in.
  const fraction = limits.fraction ?? defaultSampleFraction;
  const skip = Math.floor(distance * fraction) - 1;
  const [anchor] = await rowsOf<{ sort_keys: CursorKeys }>(
    db,
    sampleAnchorStatement(scope, filter, reverse, skip, uuidBelow(fraction)),
  );
  // A sample shorter than the estimate expects (rows archived since): walk instead.
  if (!anchor) return walked;
  return { ...walked, offset: distance - Math.floor((skip + 1) / fraction), after: anchor.sort_keys };
}

/** A standing restricting condition of a page's member (dashboard.sql.ts standingConditionsStatement). */
type StandingCondition = { profile_id: string; title: string; visibility: string };

/** Each distinct reason a member is not cleared, as the caller may read it (ADR 040). */
function reasonsOf(conditions: readonly StandingCondition[], fullView: boolean): string[] {
  return [...new Set(conditions.map((c) => notClearedReason(c, fullView)))];
}

/** Up to this many rows, a search's rows are picked before they are ordered: sorting them costs milliseconds. */
const narrowSearchLimit = 50_000;

/** A page's row with its sort keys (what its cursor holds). */
type KeyedRow = DashboardRow & { sort_keys: CursorKeys };

/**
 * GET /api/app/hierarchy-level/{id}/members (spec §7, §3 filter, §9 defaults): one page of the members at the
 * level and below, with their level, role label, overall status and active requirements' statuses.
 */
export async function listDashboardMembers(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { levelId, ...query }: DashboardMembersQuery & { levelId: string },
): Promise<DashboardMembersResponse> {
  const db = deps.db;
  const { page, perPage, after, before, ...filter } = query;
  const cursor = readCursor(filter, after, before);
  const { scope, total, rows, plan, more } = await db.transaction(
    async (tx) => {
      const { scope } = await loadDashboardScope(tx, ctx, levelId);
      const total = await countRows(tx, scope, filter);
      const plan = await locatePage(tx, scope, filter, total, page, perPage, cursor);
      // One row past the page, to know whether more lie beyond it in reading order.
      const read =
        plan.limit === 0
          ? []
          : await rowsOf<KeyedRow>(tx, pageStatement(scope, filter, { ...plan, limit: plan.limit + 1 }));
      const rows = read.slice(0, plan.limit);
      return {
        scope,
        total,
        plan,
        more: read.length > plan.limit,
        rows: plan.reverse ? rows.reverse() : rows,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const hasPrevious = plan.reverse ? more : !plan.fromStart;
  const hasNext = plan.reverse ? !plan.fromStart : more;
  // The page's requirement cells, standing conditions and the actions its rows allow are independent reads: asked
  // for together, one statement each for the whole page.
  const profileIds = rows.map((r) => r.profile_id);
  const [cells, conditions, seesIncidents, actions, flags, shared] = await Promise.all([
    rows.length
      ? rowsOf<RequirementCell>(db, requirementCellsStatement(scope.organizationId, profileIds))
      : [],
    rows.length
      ? rowsOf<StandingCondition>(db, standingConditionsStatement(scope.organizationId, profileIds))
      : [],
    incidentAccessOf(db, ctx),
    memberActionsOf(
      db,
      ctx,
      rows.map((r) => ({
        profileLevelAccessId: r.profile_level_access_id,
        profileId: r.profile_id,
        levelPath: r.level_path,
        role: r.role,
        email: r.email,
        profileUserId: r.app_user_id,
      })),
    ),
    // The page's eligibility flags (ADR 039): one set-based statement over its accesses.
    eligibilityFlagsOf(
      db,
      scope.organizationId,
      rows.map((r) => r.profile_level_access_id),
    ),
    // Requirements met by a credential shared from another organization (ADR 049): named, and not reopened here.
    sharedStandings(db, scope.organizationId, profileIds, dayOf(new Date())),
  ]);
  // Reasons are a read of conditions: audited like the restricted list (ADR 040), naming whose were shown.
  const shown = [...new Set(conditions.map((c) => c.profile_id))];
  if (shown.length)
    await recordAuditEvent(
      db,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: 'condition.dashboard_read',
        entityType: 'organization',
        entityId: ctx.organizationId,
        data: { profileIds: shown },
      },
    );
  return {
    items: rows.map((r) =>
      presentDashboardMember(
        r,
        cells.filter((c) => c.profile_id === r.profile_id),
        actions.get(r.profile_level_access_id) ?? [],
        (c) =>
          staffMovesOf(
            ctx,
            { profileId: r.profile_id, levelPath: r.level_path },
            { ...c, metByShare: shared.has(c.id) },
          ),
        reasonsOf(
          conditions.filter((c) => c.profile_id === r.profile_id),
          seesIncidents(r.level_path),
        ),
        flags.get(r.profile_level_access_id) ?? [],
        shared,
      ),
    ),
    totalCount: total.n,
    totalCountIsEstimate: total.estimate,
    page,
    perPage,
    positionIsEstimate: plan.positionIsEstimate,
    nextCursor: hasNext && rows.length ? encodeCursor(filter, rows.at(-1)!.sort_keys) : null,
    previousCursor: hasPrevious && rows.length ? encodeCursor(filter, rows[0]!.sort_keys) : null,
    requirements: requirementColumns(cells),
  };
}

/**
 * GET /api/app/hierarchy-level/{id}/dashboard-info: the tiles. Members by overall status (all 7) and, per
 * requirement status, the members the list filtered by that status would total — exact: from the per-level counts
 * (ADR 026) unless a search narrows them, then from the stored statuses of the rows it finds.
 */
export async function getDashboardInfo(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { levelId, ...query }: DashboardInfoQuery & { levelId: string },
): Promise<DashboardInfo> {
  return deps.db.transaction(
    async (tx) => {
      const { level, scope } = await loadDashboardScope(tx, ctx, levelId);
      const { overall, byRequirement } = countsAnswer(query)
        ? await countedTiles(tx, scope, query)
        : {
            overall: await rowsOf<{ status: number; n: number }>(tx, overallCountsStatement(scope, query)),
            byRequirement: await rowsOf<{ status: number; n: number }>(
              tx,
              requirementCountsStatement(scope, query),
            ),
          };
      // Ours (ADR 040): who is under a restricting condition, and the open incidents (a count, not contents).
      const [restricted] = await rowsOf<{ n: number }>(tx, restrictedCountStatement(scope, query));
      const [openIncidents] = await rowsOf<{ n: number }>(tx, openIncidentCountStatement(scope));
      const countOf = (rows: { status: number; n: number }[], status: number) =>
        Number(rows.find((r) => Number(r.status) === status)?.n ?? 0);
      return {
        level: { id: level.id, name: level.name },
        totalCount: overall.reduce((sum, r) => sum + Number(r.n), 0),
        overallStatusCounts: overallStatusValues.map((status) => ({
          status,
          count: countOf(overall, status),
        })),
        requirementStatusCounts: requirementStatusValues.map((status) => ({
          status,
          count: countOf(byRequirement, status),
        })),
        restrictedCount: Number(restricted?.n ?? 0),
        openIncidentCount: Number(openIncidents?.n ?? 0),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
