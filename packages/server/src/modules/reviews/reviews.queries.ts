import { sql, type SQL } from 'drizzle-orm';
import { Direction, ReviewListTab, type ReviewFilter } from '@touchline/contracts/reviews';
import type { Executor } from '../../db/client.ts';

/** A row of the review list as the queries return it (timestamps as the driver gives them). */
export type ReviewRow = {
  key: string;
  memberRequirementId: string;
  definitionId: string;
  plaId: string;
  memberName: string;
  requirementName: string;
  requirementType: number;
  reviewSource: string;
  levelId: string;
  levelName: string;
  completedAt: Date | string | null;
  decisionId: string | null;
  outcome: number | null;
  notes: string | null;
  reviewerName: string | null;
  reviewedAt: Date | string | null;
  decisionSource: string | null;
  decisionCompletedAt: Date | string | null;
  total?: number | string;
};

/** Where the queue is read from: the organization, the reviewer's topmost level paths, and the filters. */
export type ReviewScope = { organizationId: string; paths: readonly string[]; filter: ReviewFilter };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `path LIKE ANY('{p1%,p2%}')`: the level is at or below one of the reviewer's topmost levels (ADR 002). */
function withinPaths(paths: readonly string[]): SQL {
  if (paths.length === 0) return sql`false`;
  return sql`l.path like any(${`{${paths.map((p) => `"${p}%"`).join(',')}}`}::text[])`;
}

function filters(scope: ReviewScope): SQL {
  const { filter, organizationId } = scope;
  const parts: SQL[] = [withinPaths(scope.paths)];
  if (filter.requirementType !== undefined) parts.push(sql`d.type = ${filter.requirementType}`);
  if (filter.reviewSource !== undefined)
    parts.push(sql`${sourceColumn(filter.type)} = ${filter.reviewSource}`);
  if (filter.levelId !== undefined)
    parts.push(sql`l.path like (select f.path || '%' from hierarchy_levels f
      where f.id = ${filter.levelId}::uuid and f.organization_id = ${organizationId})`);
  return sql.join(parts, sql` and `);
}

const sourceColumn = (tab: string) =>
  tab === ReviewListTab.Historical ? sql`rr.review_source` : sql`coalesce(mr.review_source, 'ManualUpload')`;

const memberColumns = sql`mr.id::text as "memberRequirementId", d.id::text as "definitionId",
  pla.id::text as "plaId", p.first_name || ' ' || p.last_name as "memberName", d.name as "requirementName",
  d.type::int as "requirementType", l.id::text as "levelId", l.name as "levelName"`;

/** FROM of the Pending tab: active, pending completions of live members, definitions and levels. */
function pendingFrom(organizationId: string): SQL {
  return sql`from member_requirements mr
    join requirement_definitions d on d.id = mr.definition_id and d.organization_id = ${organizationId}
      and d.deleted_at is null
    join profile_level_accesses pla on pla.id = mr.profile_level_access_id and pla.organization_id = ${organizationId}
      and pla.deleted_at is null
    join profiles p on p.id = mr.profile_id and p.organization_id = ${organizationId} and p.deleted_at is null
    join hierarchy_levels l on l.id = pla.hierarchy_level_id and l.organization_id = ${organizationId}
      and l.deleted_at is null
    where mr.organization_id = ${organizationId} and mr.pending_review and mr.active`;
}

/** FROM of the Historical tab: every decision, kept even when the member or the definition is gone. */
function historyFrom(organizationId: string): SQL {
  return sql`from requirement_reviews rr
    join member_requirements mr on mr.id = rr.member_requirement_id and mr.organization_id = ${organizationId}
    join requirement_definitions d on d.id = mr.definition_id and d.organization_id = ${organizationId}
    join profile_level_accesses pla on pla.id = mr.profile_level_access_id and pla.organization_id = ${organizationId}
    join profiles p on p.id = mr.profile_id and p.organization_id = ${organizationId}
    join hierarchy_levels l on l.id = pla.hierarchy_level_id and l.organization_id = ${organizationId}
    left join profiles rp on rp.id = rr.reviewer_profile_id and rp.organization_id = ${organizationId}
    where rr.organization_id = ${organizationId}`;
}

const pendingSelect = sql`select mr.id::text as key, ${memberColumns},
  coalesce(mr.review_source, 'ManualUpload') as "reviewSource", mr.completed_at as "completedAt",
  null as "decisionId", null as outcome, null as notes, null as "reviewerName", null as "reviewedAt",
  null as "decisionSource", null as "decisionCompletedAt"`;

const historySelect = sql`select rr.id::text as key, ${memberColumns}, rr.review_source as "reviewSource",
  mr.completed_at as "completedAt", rr.id::text as "decisionId", rr.outcome::int as outcome, rr.notes,
  coalesce(rp.first_name || ' ' || rp.last_name, 'A reviewer') as "reviewerName", rr.created_at as "reviewedAt",
  rr.review_source as "decisionSource", rr.completed_at as "decisionCompletedAt"`;

/** Pending oldest first (first in, first reviewed); decisions newest first. */
const pendingOrder = sql`order by mr.completed_at asc nulls last, mr.id asc`;
const historyOrder = sql`order by rr.created_at desc, rr.id desc`;

/** One page of a tab with the total count of the filtered list. */
export async function reviewPage(
  db: Executor,
  scope: ReviewScope,
  page: { offset: number; limit: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const pending = scope.filter.type === ReviewListTab.Pending;
  const from = pending ? pendingFrom(scope.organizationId) : historyFrom(scope.organizationId);
  const result = await db.execute(sql`${pending ? pendingSelect : historySelect}, count(*) over () as total
    ${from} and ${filters(scope)} ${pending ? pendingOrder : historyOrder}
    limit ${page.limit} offset ${page.offset}`);
  const rows = rowsOf<ReviewRow>(result);
  const total = rows[0] ? Number(rows[0].total) : page.offset > 0 ? await countOf(db, scope) : 0;
  return { rows, total };
}

async function countOf(db: Executor, scope: ReviewScope): Promise<number> {
  const pending = scope.filter.type === ReviewListTab.Pending;
  const from = pending ? pendingFrom(scope.organizationId) : historyFrom(scope.organizationId);
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n ${from} and ${filters(scope)}`),
  );
  return Number(row?.n ?? 0);
}

/** How many completions await the reviewer in the levels they review (the badge). */
export function pendingCount(
  db: Executor,
  organizationId: string,
  paths: readonly string[],
): Promise<number> {
  return countOf(db, { organizationId, paths, filter: { type: ReviewListTab.Pending } });
}

/**
 * The neighbour of `currentId` in the filtered tab (keyset walk). On Pending the current item may already be
 * decided (and no longer listed): its place is its completion time, or the one its last decision judged.
 */
export async function adjacentRow(
  db: Executor,
  scope: ReviewScope,
  currentId: string,
  dir: Direction,
): Promise<ReviewRow | undefined> {
  const org = scope.organizationId;
  const next = dir === Direction.Next;
  if (scope.filter.type === ReviewListTab.Pending) {
    const key = sql`(select coalesce(c.completed_at, (select r.completed_at from requirement_reviews r
        where r.organization_id = ${org} and r.member_requirement_id = c.id order by r.created_at desc limit 1)),
        c.id from member_requirements c where c.organization_id = ${org} and c.id = ${currentId}::uuid)`;
    const cmp = next ? sql`(mr.completed_at, mr.id) > ${key}` : sql`(mr.completed_at, mr.id) < ${key}`;
    const order = next ? pendingOrder : sql`order by mr.completed_at desc, mr.id desc`;
    const result = await db.execute(
      sql`${pendingSelect} ${pendingFrom(org)} and ${filters(scope)} and ${cmp} ${order} limit 1`,
    );
    return rowsOf<ReviewRow>(result)[0];
  }
  const key = sql`(select c.created_at, c.id from requirement_reviews c
    where c.organization_id = ${org} and c.id = ${currentId}::uuid)`;
  const cmp = next ? sql`(rr.created_at, rr.id) < ${key}` : sql`(rr.created_at, rr.id) > ${key}`;
  const order = next ? historyOrder : sql`order by rr.created_at asc, rr.id asc`;
  const result = await db.execute(
    sql`${historySelect} ${historyFrom(org)} and ${filters(scope)} and ${cmp} ${order} limit 1`,
  );
  return rowsOf<ReviewRow>(result)[0];
}

/** Every decision on one member requirement, newest first (the review page's history). */
export async function decisionsOf(
  db: Executor,
  organizationId: string,
  memberRequirementId: string,
): Promise<ReviewRow[]> {
  const result = await db.execute(sql`${historySelect} ${historyFrom(organizationId)}
    and rr.member_requirement_id = ${memberRequirementId}::uuid ${historyOrder}`);
  return rowsOf<ReviewRow>(result);
}

/** The list row of one member requirement (its Pending-tab shape), whatever its state. */
export async function itemOf(
  db: Executor,
  organizationId: string,
  memberRequirementId: string,
): Promise<ReviewRow | undefined> {
  const rows = await db.execute(sql`select mr.id::text as key, ${memberColumns},
      coalesce(mr.review_source, 'ManualUpload') as "reviewSource", mr.completed_at as "completedAt",
      null as "decisionId"
    from member_requirements mr
    join requirement_definitions d on d.id = mr.definition_id and d.organization_id = ${organizationId}
    join profile_level_accesses pla on pla.id = mr.profile_level_access_id and pla.organization_id = ${organizationId}
    join profiles p on p.id = mr.profile_id and p.organization_id = ${organizationId}
    join hierarchy_levels l on l.id = pla.hierarchy_level_id and l.organization_id = ${organizationId}
    where mr.organization_id = ${organizationId} and mr.id = ${memberRequirementId}::uuid`);
  return rowsOf<ReviewRow>(rows)[0];
}

/** The address a member's reset e-mail goes to: their own, or their guardian's for a child without one. */
export async function resetRecipients(
  db: Executor,
  organizationId: string,
  profileIds: readonly string[],
): Promise<{ profileId: string; email: string | null; firstName: string; organizationName: string }[]> {
  if (profileIds.length === 0) return [];
  const result = await db.execute(sql`select p.id::text as "profileId", coalesce(p.email, g.email) as email,
      case when p.email is null and g.email is not null then g.first_name else p.first_name end as "firstName",
      o.name as "organizationName"
    from profiles p
    join organizations o on o.id = p.organization_id
    left join profiles g on g.id = p.guardian_profile_id and g.organization_id = ${organizationId}
    where p.organization_id = ${organizationId} and p.id in (select unnest(${uuidList(profileIds)}))`);
  return rowsOf(result);
}

/** A uuid[] parameter as one array literal (one bind parameter on either driver, whatever the length). */
export function uuidList(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** Whether the current item of a Next/Previous walk exists in the organization (another's reads as not found). */
export async function currentExists(
  db: Executor,
  organizationId: string,
  tab: string,
  currentId: string,
): Promise<boolean> {
  const table = tab === ReviewListTab.Historical ? sql`requirement_reviews` : sql`member_requirements`;
  const result = await db.execute(
    sql`select 1 as one from ${table} where organization_id = ${organizationId} and id = ${currentId}::uuid`,
  );
  return rowsOf(result).length > 0;
}
