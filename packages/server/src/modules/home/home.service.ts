import { dashboardInfoQuerySchema } from '@touchline/contracts/dashboard';
import { homeExpiringWithinDays, type HomeSummary } from '@touchline/contracts/home';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { Deps, RequestContext } from '../../deps.ts';
import { getDashboardInfo, loadDashboardScope } from '../dashboard/dashboard.service.ts';
import { pendingReviewCountUnder } from '../reviews/reviews.service.ts';
import { countExpiring, countPendingInvitations } from './home.queries.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * GET /api/app/hierarchy-level/{id}/home-summary (ADR 024): the home page's numbers for a level the actor manages.
 * The same permission as the level's dashboard (404 in another organization, 403 below manager); the member and
 * status counts are the dashboard's own, so the home and the dashboard never disagree.
 */
export async function getHomeSummary(
  deps: Pick<Deps, 'db' | 'clock'>,
  ctx: RequestContext,
  { levelId }: { levelId: string },
): Promise<HomeSummary> {
  const { db } = deps;
  const now = deps.clock();
  const { level } = await loadDashboardScope(db, ctx, levelId);
  const today = day(now);
  const horizon = day(new Date(now.getTime() + homeExpiringWithinDays * 86_400_000));
  const [info, pendingReviewCount, expiringCount, pendingInvitationCount] = await Promise.all([
    getDashboardInfo(deps, ctx, { ...dashboardInfoQuerySchema.parse({}), levelId }),
    pendingReviewCountUnder(db, ctx.organizationId, level.path),
    countExpiring(db, ctx.organizationId, level.path, today, horizon),
    countPendingInvitations(db, ctx.organizationId, level.path),
  ]);
  const overall = (status: number) => info.overallStatusCounts.find((c) => c.status === status)?.count ?? 0;
  const byRequirement = (status: number) =>
    info.requirementStatusCounts.find((c) => c.status === status)?.count ?? 0;
  return {
    level: info.level,
    memberCount: info.totalCount,
    clearedCount: overall(MemberOverallStatus.Cleared),
    overdueCount: byRequirement(RequirementStatus.Overdue),
    pendingReviewCount,
    expiringCount,
    pendingInvitationCount,
  };
}
