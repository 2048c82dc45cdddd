import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';

/**
 * How many live accesses of an organization store a requirement summary (ADR 016: the set of their active
 * requirements' statuses and the newest change) other than what their requirement rows say now: 0 when every write
 * path kept it.
 */
export async function requirementSummaryDrift(db: Executor, organizationId: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from profile_level_accesses pla
    cross join lateral (select coalesce(bit_or(1 << mr.status), 0)::smallint as statuses,
        max(mr.updated_at) as last_activity_at
      from member_requirements mr
      where mr.organization_id = pla.organization_id and mr.profile_id = pla.profile_id and mr.active) r
    where pla.organization_id = ${organizationId} and pla.deleted_at is null
      and (pla.requirement_statuses, pla.last_activity_at) is distinct from (r.statuses, r.last_activity_at)`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
}
