import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { requirementStatusesIn } from '../../db/requirement-status-set.ts';
import { rowsOf } from './dashboard.queries.ts';
import type { DashboardScope, RowFilter } from './dashboard.sql.ts';

// The tiles from the per-level counts (ADR 026): migration 0012's triggers keep, for every level and every value of
// what the tiles group or filter by, the number of live accesses in its subtree (each access is counted at every
// level of its path), so a level's tiles sum that level's own rows — a few hundred at most, however many members.

/** Whether the counts answer a filter: everything but a search (which reads the profiles' names) is counted. */
export function countsAnswer(filter: RowFilter): boolean {
  return !filter.search;
}

/** The subtree's counted members by overall status and requirement-status set, under the filter. */
export function levelCountsStatement(scope: DashboardScope, filter: RowFilter): SQL {
  const parts: SQL[] = [sql`c.organization_id = ${scope.organizationId}`, sql`c.level_path = ${scope.path}`];
  if (filter.groupMembershipStatus !== 'all')
    parts.push(sql`c.group_membership_status = ${filter.groupMembershipStatus}`);
  if (filter.labels.length) parts.push(sql`c.label_id = any(${`{${filter.labels.join(',')}}`}::uuid[])`);
  return sql`select c.overall_status as status, c.requirement_statuses as statuses, sum(c.members)::int as n
    from level_member_counts c where ${sql.join(parts, sql` and `)}
    group by c.overall_status, c.requirement_statuses`;
}

/** The tiles' two groupings from the counts: members by overall status, and per requirement status those with it. */
export async function countedTiles(db: Executor, scope: DashboardScope, filter: RowFilter) {
  const rows = await rowsOf<{ status: number; statuses: number; n: number }>(
    db,
    levelCountsStatement(scope, filter),
  );
  const overall = new Map<number, number>();
  const byRequirement = new Map<number, number>();
  for (const row of rows) {
    const n = Number(row.n);
    // Rows of moved or emptied levels stay at zero; they add nothing.
    if (n === 0) continue;
    overall.set(Number(row.status), (overall.get(Number(row.status)) ?? 0) + n);
    for (const status of requirementStatusesIn(Number(row.statuses)))
      byRequirement.set(status, (byRequirement.get(status) ?? 0) + n);
  }
  const asRows = (m: Map<number, number>) => [...m].map(([status, n]) => ({ status, n }));
  return { overall: asRows(overall), byRequirement: asRows(byRequirement) };
}

/** One count row that disagrees with a recount of the accesses: what the counts say and what is there. */
export type CountMismatch = {
  organization_id: string;
  level_path: string;
  label_id: string;
  group_membership_status: number;
  overall_status: number;
  requirement_statuses: number;
  counted: number;
  actual: number;
};

/**
 * Every count row (of one organization, or all) that differs from a full recount of the live accesses at every level
 * of their paths, and every recount the counts lack: empty when the triggers kept them exact. The check command and the property test read it.
 */
export function levelCountMismatches(db: Executor, organizationId?: string): Promise<CountMismatch[]> {
  const inOrg = (alias: string) =>
    organizationId ? sql`and ${sql.raw(alias)}.organization_id = ${organizationId}` : sql``;
  return rowsOf<CountMismatch>(
    db,
    sql`with counted as (
        select organization_id, level_path, label_id, group_membership_status, overall_status, requirement_statuses,
          sum(members)::int as n
        from level_member_counts c where true ${inOrg('c')} group by 1, 2, 3, 4, 5, 6),
      actual as (
        select pla.organization_id, a.p as level_path, pla.label_id, pla.group_membership_status, pla.overall_status,
          pla.requirement_statuses, count(*)::int as n
        from profile_level_accesses pla cross join lateral touchline_path_prefixes(pla.level_path) a(p)
        where pla.deleted_at is null ${inOrg('pla')} group by 1, 2, 3, 4, 5, 6)
      select organization_id, level_path, label_id, group_membership_status, overall_status, requirement_statuses,
        coalesce(counted.n, 0) as counted, coalesce(actual.n, 0) as actual
      from counted full join actual
        using (organization_id, level_path, label_id, group_membership_status, overall_status, requirement_statuses)
      where coalesce(counted.n, 0) <> coalesce(actual.n, 0)
      order by 1, 2`,
  );
}
