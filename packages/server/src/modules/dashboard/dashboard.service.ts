import type {
  DashboardInfo,
  DashboardInfoQuery,
  DashboardMembersQuery,
  DashboardMembersResponse,
} from '@touchline/contracts/dashboard';
import { overallStatusValues, requirementStatusValues } from '@touchline/contracts/dashboard';
import type { ActorContext } from '../../authz/actor-context.ts';
import { findLiveLevel } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { memberActionsOf } from '../members/members.service.ts';
import { dashboardPolicy } from './dashboard.policy.ts';
import {
  presentDashboardMember,
  requirementColumns,
  type DashboardRow,
  type RequirementCell,
} from './dashboard.presenter.ts';
import { countRows, exactCount, rowsOf } from './dashboard.queries.ts';
import {
  overallCountsStatement,
  pageStatement,
  requirementCellsStatement,
  requirementCountsStatement,
  type DashboardScope,
  type RowFilter,
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
 * The window of a page. With an estimated total, a page in the front half is read forwards; one past the middle
 * first counts the rows exactly (one pass over the index, cheaper than walking to the page) and is then read from
 * the nearer end. The answer keeps the estimate as its total, so the total holds still while the user pages.
 */
export async function locatePage(
  db: Executor,
  scope: DashboardScope,
  filter: RowFilter,
  total: { n: number; estimate: boolean },
  page: number,
  perPage: number,
) {
  // A search that keeps few rows picks them first, then orders them (pageStatement says why).
  const narrowFirst = Boolean(filter.search) && !total.estimate && total.n <= narrowSearchLimit;
  const window = pageWindow(total.n, page, perPage);
  const located =
    window.reverse && total.estimate
      ? pageWindow(await exactCount(db, scope, filter), page, perPage)
      : window;
  return { ...located, narrowFirst };
}

/** Up to this many rows, a search's rows are picked before they are ordered: sorting them costs milliseconds. */
const narrowSearchLimit = 50_000;

/**
 * GET /api/app/hierarchy-level/{id}/members (spec §7, §3 filter, §9 defaults): one page of the members at the
 * level and below, with their level, role label, overall status and active requirements' statuses.
 */
export async function listDashboardMembers(
  db: Database,
  ctx: ActorContext,
  levelId: string,
  query: DashboardMembersQuery,
): Promise<DashboardMembersResponse> {
  const { page, perPage, ...filter } = query;
  const { scope, total, rows } = await db.transaction(
    async (tx) => {
      const { scope } = await loadDashboardScope(tx, ctx, levelId);
      const total = await countRows(tx, scope, filter);
      const window = await locatePage(tx, scope, filter, total, page, perPage);
      const rows =
        window.limit === 0 ? [] : await rowsOf<DashboardRow>(tx, pageStatement(scope, filter, window));
      return { scope, total, rows: window.reverse ? rows.reverse() : rows };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // The page's requirement cells and the actions its rows allow are independent reads: asked for together.
  const [cells, actions] = await Promise.all([
    rows.length
      ? rowsOf<RequirementCell>(
          db,
          requirementCellsStatement(
            scope.organizationId,
            rows.map((r) => r.profile_id),
          ),
        )
      : [],
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
  ]);
  return {
    items: rows.map((r) =>
      presentDashboardMember(
        r,
        cells.filter((c) => c.profile_id === r.profile_id),
        actions.get(r.profile_level_access_id) ?? [],
      ),
    ),
    totalCount: total.n,
    totalCountIsEstimate: total.estimate,
    page,
    perPage,
    requirements: requirementColumns(cells),
  };
}

/**
 * GET /api/app/hierarchy-level/{id}/dashboard-info: the tiles. Members by overall status (all 7) and, per
 * requirement status, the members the list filtered by that status would total — exact, from the stored statuses.
 */
export async function getDashboardInfo(
  db: Database,
  ctx: ActorContext,
  levelId: string,
  query: DashboardInfoQuery,
): Promise<DashboardInfo> {
  return db.transaction(
    async (tx) => {
      const { level, scope } = await loadDashboardScope(tx, ctx, levelId);
      const overall = await rowsOf<{ status: number; n: number }>(tx, overallCountsStatement(scope, query));
      const byRequirement = await rowsOf<{ status: number; n: number }>(
        tx,
        requirementCountsStatement(scope, query),
      );
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
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
