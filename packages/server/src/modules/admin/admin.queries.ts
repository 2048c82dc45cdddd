import { sql, type SQL } from 'drizzle-orm';
import type { AdminOrganizationQuery } from '@touchline/contracts/admin';
import type { Executor } from '../../db/client.ts';

// The /admin area's reads across organizations (issue 32). The platform administrator is the one reader allowed to
// see past an organization's edge, so these are the only queries of the server not scoped to one organization;
// each is still paged and bounded.

/** Rows of a raw statement, on either driver. */
export async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A timestamp as either driver returns it, as ISO text (null stays null). */
export const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One organization's row of the list, as read. */
export type OrganizationListRow = {
  id: string;
  name: string;
  is_demo: boolean;
  plan_product_name: string | null;
  subscription_status: string | null;
  member_count: number;
  vendors: string[] | null;
  created_at: Date | string;
  last_activity_at: Date | string | null;
  country_code: string | null;
  state_code: string | null;
  city_name: string | null;
  trial_ends_at: Date | string | null;
  current_period_ends_at: Date | string | null;
  billing_email: string | null;
  yardstik_status: string | null;
};

const listColumns = sql`
  o.id, o.name, o.is_demo, o.plan_product_name, o.created_at, o.country_code, o.state_code, o.city_name,
  o.billing_email, b.subscription_status, b.trial_ends_at, b.current_period_ends_at, y.status as yardstik_status,
  (select count(*)::int from profiles p where p.organization_id = o.id and p.deleted_at is null) as member_count,
  array(
    select distinct g.agency_id from background_check_client_grants g where g.organization_id = o.id
    union select 'yardstik' where y.status = 'Activated'
  ) as vendors,
  (select max(a.created_at) from audit_events a where a.organization_id = o.id) as last_activity_at`;

const listFrom = sql`
  from organizations o
  left join billing_accounts b on b.organization_id = o.id
  left join yardstik_onboardings y on y.organization_id = o.id`;

/** One page of organizations matching the filters, with the total. */
export async function organizationPage(
  db: Executor,
  q: AdminOrganizationQuery,
): Promise<{ rows: OrganizationListRow[]; total: number }> {
  const filters: SQL[] = [sql`o.deleted_at is null`];
  if (q.search) filters.push(sql`o.name ilike ${likeText(q.search)}`);
  if (q.demo) filters.push(sql`o.is_demo = ${q.demo === 'true'}`);
  if (q.billing) filters.push(sql`coalesce(b.subscription_status, 'none') = ${q.billing}`);
  const where = sql.join(filters, sql` and `);
  const order =
    q.sort === 'created'
      ? sql`o.created_at desc, o.id`
      : q.sort === 'activity'
        ? sql`last_activity_at desc nulls last, o.id`
        : sql`o.name, o.id`;
  const [rows, total] = await Promise.all([
    rowsOf<OrganizationListRow>(
      db,
      sql`select ${listColumns} ${listFrom} where ${where} order by ${order}
          limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${listFrom} where ${where}`),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** One live organization's row, or undefined. */
export async function organizationRow(db: Executor, id: string): Promise<OrganizationListRow | undefined> {
  const [row] = await rowsOf<OrganizationListRow>(
    db,
    sql`select ${listColumns} ${listFrom} where o.id = ${id} and o.deleted_at is null`,
  );
  return row;
}

/** The organization's tree, members by status, client grants and webhook counts: its page's other parts. */
export async function organizationFacts(db: Executor, id: string, since: Date) {
  const [levels, topLevel, statuses, grants, webhooks] = await Promise.all([
    rowsOf<{ count: number; depth: number | null }>(
      db,
      sql`select count(*)::int as count, max(depth)::int as depth from hierarchy_levels
          where organization_id = ${id} and deleted_at is null`,
    ),
    rowsOf<{ id: string; name: string }>(
      db,
      sql`select id, name from hierarchy_levels where organization_id = ${id} and deleted_at is null and depth <= 1
          order by depth, name limit 50`,
    ),
    rowsOf<{ status: number; count: number }>(
      db,
      sql`select overall_status::int as status, count(*)::int as count from profile_level_accesses
          where organization_id = ${id} and deleted_at is null group by overall_status order by overall_status`,
    ),
    rowsOf<{ agency_id: string; client_id: string; created_at: Date | string }>(
      db,
      sql`select agency_id, client_id, created_at from background_check_client_grants
          where organization_id = ${id} order by agency_id, client_id`,
    ),
    rowsOf<{ recent: number; unprocessed: number }>(
      db,
      sql`select count(*) filter (where received_at >= ${since.toISOString()}::timestamptz)::int as recent,
                 count(*) filter (where state in ('received', 'failed'))::int as unprocessed
          from webhook_events where organization_id = ${id}`,
    ),
  ]);
  return { levels: levels[0], topLevel, statuses, grants, webhooks: webhooks[0] };
}

/** One page of an organization's people (profiles), by name or e-mail, with the roles their labels carry. */
export async function organizationPeoplePage(
  db: Executor,
  organizationId: string,
  q: { search?: string | undefined; page: number; perPage: number },
) {
  const filters: SQL[] = [sql`p.organization_id = ${organizationId}`, sql`p.deleted_at is null`];
  if (q.search)
    filters.push(
      sql`(p.first_name || ' ' || p.last_name ilike ${likeText(q.search)} or p.email::text ilike ${likeText(q.search)})`,
    );
  const where = sql.join(filters, sql` and `);
  const [rows, total] = await Promise.all([
    rowsOf<{
      id: string;
      app_user_id: string | null;
      first_name: string;
      last_name: string;
      email: string | null;
      roles: string[] | null;
    }>(
      db,
      sql`select p.id, p.app_user_id, p.first_name, p.last_name, p.email::text as email,
            array(select distinct l.role from profile_level_accesses a join labels l on l.id = a.label_id
                  where a.profile_id = p.id and a.organization_id = p.organization_id and a.deleted_at is null
                    and l.role is not null order by l.role) as roles
          from profiles p where ${where} order by p.last_name, p.first_name, p.id
          limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from profiles p where ${where}`),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** One page of an organization's audit trail, newest first. */
export async function auditPage(
  db: Executor,
  organizationId: string,
  q: { page: number; perPage: number; entityType?: string },
) {
  const filters: SQL[] = [sql`organization_id = ${organizationId}`];
  if (q.entityType) filters.push(sql`entity_type = ${q.entityType}`);
  const where = sql.join(filters, sql` and `);
  const [rows, total] = await Promise.all([
    rowsOf<{
      id: string;
      action: string;
      entity_type: string;
      entity_id: string | null;
      actor_user_id: string | null;
      data: Record<string, unknown>;
      created_at: Date | string;
    }>(
      db,
      sql`select id, action, entity_type, entity_id, actor_user_id, data, created_at from audit_events
          where ${where} order by created_at desc, id desc limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from audit_events where ${where}`),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** An account's memberships in every organization: its live profiles with their accesses' levels and labels. */
export async function membershipsOf(db: Executor, userId: string) {
  return rowsOf<{
    organization_id: string;
    organization_name: string;
    profile_id: string;
    level_name: string | null;
    label_name: string | null;
    role: string | null;
  }>(
    db,
    sql`select o.id as organization_id, o.name as organization_name, p.id as profile_id,
               h.name as level_name, l.name as label_name, l.role
        from profiles p
        join organizations o on o.id = p.organization_id and o.deleted_at is null
        left join profile_level_accesses a on a.profile_id = p.id and a.organization_id = p.organization_id
             and a.deleted_at is null
        left join hierarchy_levels h on h.id = a.hierarchy_level_id and h.deleted_at is null
        left join labels l on l.id = a.label_id
        where p.app_user_id = ${userId} and p.deleted_at is null
        order by o.name, o.id, p.id, h.depth, h.name
        limit 500`,
  );
}

/** The job queue's depth per queue and state (pg-boss's own table), dead-letter queues included, its own internal ones not. */
export async function queueDepths(db: Executor) {
  return rowsOf<{ name: string; state: string; n: number }>(
    db,
    sql`select name, state, count(*)::int as n from pgboss.job
        where state in ('created', 'retry', 'active', 'failed') and left(name, 9) <> '__pgboss_'
        group by name, state order by name, state`,
  );
}

/** Webhook events not yet processed, and the oldest of them; mail waiting to go out, and the failing part of it. */
export async function backlog(db: Executor) {
  const [webhooks, mail] = await Promise.all([
    rowsOf<{ unprocessed: number; oldest: Date | string | null }>(
      db,
      sql`select count(*)::int as unprocessed, min(received_at) as oldest from webhook_events where state in ('received', 'failed')`,
    ),
    rowsOf<{ pending: number; failing: number; oldest: Date | string | null }>(
      db,
      sql`select count(*)::int as pending, count(*) filter (where attempts > 0)::int as failing,
                 min(created_at) as oldest from mail_outbox where delivered_at is null`,
    ),
  ]);
  return { webhooks: webhooks[0], mail: mail[0] };
}
