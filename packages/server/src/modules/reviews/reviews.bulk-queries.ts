import { sql } from 'drizzle-orm';
import type { ReviewItemRef } from '@touchline/contracts/reviews';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { ActorContext } from '../../authz/actor-context.ts';
import type { Executor } from '../../db/client.ts';
import { uuidList } from './reviews.queries.ts';

/** An item of a bulk review as one locking read finds it: the member, their level, the requirement's facts. */
export type BulkItemRow = {
  index: number;
  memberName: string;
  levelPath: string;
  id: string;
  profileId: string;
  definitionId: string;
  completedAt: Date | null;
  expiresAt: string | null;
  dueDate: string | null;
  pendingReview: boolean;
  reviewOutcome: number | null;
  waitingOn: number | null;
  rejectedAt: Date | null;
  reviewSource: string | null;
  name: string;
  type: number;
  expiringSoonDays: number;
  validityMode: string;
  validityDays: number | null;
  annualRenewalDate: string | null;
  content: Record<string, unknown>;
};

/** An array literal of text values, NULL for null (dates and timestamps as ISO text, no quoting needed). */
function textList(values: readonly (string | null)[], type: string) {
  return sql`${`{${values.map((v) => v ?? 'NULL').join(',')}}`}::${sql.raw(type)}[]`;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

type RawItemRow = Omit<BulkItemRow, 'completedAt' | 'rejectedAt'> & {
  completedAt: string | null;
  rejectedAt: string | null;
};

type Resolved = {
  index: number;
  definitionId: string;
  profileId: string;
  memberName: string;
  levelPath: string;
};

/**
 * Every item of a bulk review in two set-based reads (ADR 015), whatever the planner's statistics (PGlite has no
 * autovacuum): unnest(ids, plaIds) WITH ORDINALITY joined by primary key to the live access, member and level;
 * then the active requirements of those members and definitions (`= any(array)` filters, hashed by PostgreSQL, so
 * a plan without statistics stays linear where `IN (SELECT unnest…)` went quadratic),
 * locked for the transaction and paired with their items. An item that does not come back was not found.
 */
export async function lockItems(
  db: Executor,
  organizationId: string,
  items: readonly ReviewItemRef[],
): Promise<BulkItemRow[]> {
  const resolved = (
    (await db.execute(sql`select (v.ord - 1)::int as index, v.definition_id::text as "definitionId",
      p.id::text as "profileId", p.first_name || ' ' || p.last_name as "memberName", l.path as "levelPath"
    from unnest(${uuidList(items.map((i) => i.id))}, ${uuidList(items.map((i) => i.plaId))})
      with ordinality as v(definition_id, pla_id, ord)
    join profile_level_accesses pla on pla.id = v.pla_id and pla.organization_id = ${organizationId}
      and pla.deleted_at is null
    join profiles p on p.id = pla.profile_id and p.organization_id = ${organizationId} and p.deleted_at is null
    join hierarchy_levels l on l.id = pla.hierarchy_level_id and l.organization_id = ${organizationId}
      and l.deleted_at is null`)) as unknown as { rows: Resolved[] }
  ).rows;
  if (resolved.length === 0) return [];
  const profileIds = [...new Set(resolved.map((r) => r.profileId))];
  const definitionIds = [...new Set(resolved.map((r) => r.definitionId))];
  const result = await db.execute(sql`select mr.id::text as id, mr.profile_id::text as "profileId",
      mr.definition_id::text as "definitionId", ${iso('mr.completed_at')} as "completedAt",
      mr.expires_at::text as "expiresAt", mr.due_date::text as "dueDate", mr.pending_review as "pendingReview",
      mr.review_outcome::int as "reviewOutcome", mr.waiting_on::int as "waitingOn",
      ${iso('mr.rejected_at')} as "rejectedAt", mr.review_source as "reviewSource", d.name, d.type::int as type,
      d.expiring_soon_days::int as "expiringSoonDays", d.validity_mode as "validityMode",
      d.validity_days::int as "validityDays", d.annual_renewal_date as "annualRenewalDate", d.content
    from member_requirements mr
    join requirement_definitions d on d.id = mr.definition_id and d.organization_id = ${organizationId}
      and d.deleted_at is null
    where mr.organization_id = ${organizationId} and mr.active
      and mr.profile_id = any(${uuidList(profileIds)}) and mr.definition_id = any(${uuidList(definitionIds)})
    order by mr.id
    for update of mr`);
  const rows = (result as unknown as { rows: Omit<RawItemRow, 'index' | 'memberName' | 'levelPath'>[] }).rows;
  const byKey = new Map(rows.map((r) => [`${r.definitionId}/${r.profileId}`, r]));
  return resolved.flatMap((item) => {
    const r = byKey.get(`${item.definitionId}/${item.profileId}`);
    if (!r) return [];
    return [
      {
        ...r,
        ...item,
        completedAt: r.completedAt === null ? null : new Date(r.completedAt),
        rejectedAt: r.rejectedAt === null ? null : new Date(r.rejectedAt),
      },
    ];
  });
}

/** One row's decision as the set-based write stores it. */
export type BulkWrite = {
  id: string;
  definitionId: string;
  profileId: string;
  fromStatus: number;
  toStatus: number;
  completedAt: Date | null;
  expiresAt: string | null;
  judged: Date | null;
  source: string;
};

/** What every row of one bulk decision shares. */
export type BulkDecision = {
  ctx: ActorContext;
  requestId: string;
  decision: number;
  notes: string;
  now: Date;
  data: Record<string, unknown>;
};

/**
 * The whole bulk write as ONE statement: the facts and statuses (UPDATE … FROM unnest), a requirement event, a
 * requirement_reviews row and an audit event per item (data-modifying CTEs over the same rows).
 */
export async function writeBulkDecisions(
  db: Executor,
  d: BulkDecision,
  writes: readonly BulkWrite[],
): Promise<void> {
  const org = d.ctx.organizationId;
  const now = sql`${d.now.toISOString()}::timestamptz`;
  const rejected = d.decision === ReviewOutcome.Approved ? sql`null::timestamptz` : now;
  const data = sql`${JSON.stringify(d.data)}::jsonb`;
  const iso = (v: Date | null) => v?.toISOString() ?? null;
  await db.execute(sql`with v as (
      select * from unnest(${uuidList(writes.map((w) => w.id))},
        ${textList(
          writes.map((w) => String(w.fromStatus)),
          'smallint',
        )},
        ${textList(
          writes.map((w) => String(w.toStatus)),
          'smallint',
        )},
        ${textList(
          writes.map((w) => iso(w.completedAt)),
          'timestamptz',
        )},
        ${textList(
          writes.map((w) => w.expiresAt),
          'date',
        )},
        ${textList(
          writes.map((w) => iso(w.judged)),
          'timestamptz',
        )},
        ${textList(
          writes.map((w) => w.source),
          'text',
        )},
        ${uuidList(writes.map((w) => w.definitionId))},
        ${uuidList(writes.map((w) => w.profileId))})
      as v(id, from_status, to_status, completed_at, expires_at, judged, source, definition_id, profile_id)),
    upd as (
      update member_requirements mr set pending_review = false, review_outcome = ${d.decision}::smallint,
        rejected_at = ${rejected}, completed_at = v.completed_at, expires_at = v.expires_at, status = v.to_status,
        status_evaluated_on = ${d.now.toISOString().slice(0, 10)}::date, updated_at = ${now}
      from v where mr.id = v.id and mr.organization_id = ${org}
      returning mr.id),
    ev as (
      insert into requirement_events
        (organization_id, member_requirement_id, action, from_status, to_status, actor_user_id, data, created_at)
      select ${org}, v.id, 'review', v.from_status, v.to_status, ${d.ctx.userId}::uuid, ${data}, ${now} from v),
    rv as (
      insert into requirement_reviews (organization_id, member_requirement_id, reviewer_user_id, reviewer_profile_id,
        outcome, notes, review_source, completed_at, batch_id, created_at)
      select ${org}, v.id, ${d.ctx.userId}::uuid, ${d.ctx.profileId}::uuid, ${d.decision}::smallint, ${d.notes},
        v.source, v.judged, ${String(d.data.batchId)}::uuid, ${now} from v)
    insert into audit_events (organization_id, actor_user_id, actor_profile_id, action, entity_type, entity_id, data,
      request_id, created_at)
    select ${org}, ${d.ctx.userId}::uuid, ${d.ctx.profileId}::uuid, 'requirement.review', 'member_requirement', v.id,
      jsonb_build_object('definitionId', v.definition_id, 'profileId', v.profile_id, 'fromStatus', v.from_status,
        'toStatus', v.to_status, 'reviewSource', v.source, 'bulk', true) || ${data}, ${d.requestId}, ${now}
    from v`);
}
