import { sql, type SQL } from 'drizzle-orm';
import {
  overallStatusValues,
  requirementStatusValues,
  type DashboardFilter,
  type DashboardInfoQuery,
} from '@touchline/contracts/dashboard';
import {
  ActiveStatus,
  activeStatusLabels,
  memberOverallStatusLabel,
  type MemberOverallStatus,
} from '@touchline/contracts/members';
import { requirementStatusLabel, type RequirementStatus } from '@touchline/contracts/requirement-status';
import { beyondRow, keysAsText, orderBy, pickedKeys, sortKeys, uuidText } from './dashboard-order.sql.ts';
import { requirementStatusBits } from '../../db/requirement-status-set.ts';

// The dashboard's SQL (ADR 016), written once and used by the list, the counts, the download and the bench, so
// they cannot disagree. Every statement is set-based over the subtree's live accesses, read from the access row
// itself: its copy of the level's materialized path (a prefix range on plas_org_level_path_idx), its copies of the
// profile's sort keys (plas_org_name_walk_idx walks them in order) and the statuses the requirement engine stores
// on it (ADR 012) — never a status derived per row.

/** Where the dashboard looks: the organization and the materialized path of the level asked about. */
export type DashboardScope = { organizationId: string; path: string };

/** The filter that narrows rows; sort and requirement/overall status filters are optional (the counts omit them). */
export type RowFilter = DashboardInfoQuery &
  Partial<Pick<DashboardFilter, 'requirementStatuses' | 'overallStatuses' | 'restricted'>>;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The tables a statement reads beside the access: the profile (search, columns), the level and the label. */
type Joins = { profile?: boolean; level?: boolean; label?: boolean };

/**
 * The FROM of every dashboard statement: accesses, with only the tables the statement reads. A live access always
 * has a live profile (archiving a profile archives its accesses in the same statement, trigger of migration 0009),
 * a live level (a level is deleted only when no live access lies under it) and a label (foreign key), so none is
 * joined to narrow the rows: at a million members those joins were most of a count's cost.
 */
function accessesFrom(organizationId: string, joins: Joins): SQL {
  const parts = [sql`profile_level_accesses pla`];
  if (joins.profile)
    parts.push(sql`join profiles p on p.id = pla.profile_id and p.organization_id = ${organizationId}`);
  if (joins.level)
    parts.push(
      sql`join hierarchy_levels lv on lv.id = pla.hierarchy_level_id and lv.organization_id = ${organizationId}`,
    );
  if (joins.label)
    parts.push(sql`join labels lb on lb.id = pla.label_id and lb.organization_id = ${organizationId}`);
  return sql.join(parts, sql` `);
}

/** Every table: the rows of the download. */
const allJoins: Joins = { profile: true, level: true, label: true };

/** A uuid list parameter as one array value (not one placeholder per element). */
function uuidArray(values: readonly string[]): SQL {
  return sql`${`{${values.join(',')}}`}::uuid[]`;
}

/** A small-int list parameter as one array value. */
function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}::smallint[]`;
}

/**
 * Whether a level is its organization's top level (a path of one id): the organization has exactly one, which is
 * never moved or deleted (ADR 002), so every access of the organization lies under it.
 */
export function isTopLevel(path: string): boolean {
  return path.split('/').filter(Boolean).length === 1;
}

/** The WHERE of every dashboard statement: live accesses of the organization under the level, narrowed by the filter. */
function rowsWhere(scope: DashboardScope, filter: RowFilter): SQL {
  const parts: SQL[] = [sql`pla.organization_id = ${scope.organizationId}`, sql`pla.deleted_at is null`];
  // Under the top level that is the whole organization: no path test, so the name walk needs no path.
  if (!isTopLevel(scope.path)) parts.push(sql`pla.level_path like ${`${likeEscape(scope.path)}%`}`);
  if (filter.groupMembershipStatus !== 'all')
    parts.push(sql`pla.group_membership_status = ${filter.groupMembershipStatus}`);
  if (filter.labels.length) parts.push(sql`pla.label_id = any(${uuidArray(filter.labels)})`);
  if (filter.overallStatuses?.length)
    parts.push(sql`pla.overall_status = any(${intArray(filter.overallStatuses)})`);
  if (filter.search)
    parts.push(sql`p.search_text like '%' || touchline_search_key(${likeEscape(filter.search)}) || '%'`);
  // Members with at least one active requirement in any of the statuses: one bit test on the stored set.
  if (filter.requirementStatuses?.length)
    parts.push(
      sql`pla.requirement_statuses & ${requirementStatusBits(filter.requirementStatuses)}::smallint <> 0`,
    );
  // Members under a standing restricting condition (ADR 040): the few such members, read from the conditions by
  // their index, then their accesses by plas_org_profile_idx — never a condition looked up per row.
  if (filter.restricted)
    parts.push(sql`pla.profile_id = any(${standingRestrictedProfiles(scope.organizationId)})`);
  return sql.join(parts, sql` and `);
}

/** The UTC date today, as the database sees it: a condition whose `until` is before it no longer stands. */
const todayUtc = sql`(now() at time zone 'UTC')::date`;

/**
 * The profiles of the organization under a standing restricting condition (not lifted, `until` not passed; ADR 040),
 * as one array: member_conditions_org_profile_idx.
 */
export function standingRestrictedProfiles(organizationId: string): SQL {
  return sql`array(select mc.profile_id from member_conditions mc where mc.organization_id = ${organizationId}
    and mc.restricts_play and mc.status <> 'Lifted' and (mc.until is null or mc.until >= ${todayUtc}))`;
}

/** The standing restricting conditions of a page's profiles (why each is not cleared), oldest first. */
export function standingConditionsStatement(organizationId: string, profileIds: readonly string[]): SQL {
  return sql`select mc.profile_id, mc.title, mc.visibility from member_conditions mc
    where mc.organization_id = ${organizationId} and mc.profile_id = any(${uuidArray(profileIds)})
      and mc.restricts_play and mc.status <> 'Lifted' and (mc.until is null or mc.until >= ${todayUtc})
    order by mc.created_at, mc.id`;
}

/** The rows of the scope filter whose member is under a standing restricting condition (the tile). */
export function restrictedCountStatement(scope: DashboardScope, filter: RowFilter): SQL {
  return exactCountStatement(scope, { ...filter, restricted: true });
}

/** The incidents at the level and below not closed and not archived (a count, never contents; ADR 040). */
export function openIncidentCountStatement(scope: DashboardScope): SQL {
  return sql`select count(*)::int as n from incidents i where i.organization_id = ${scope.organizationId}
    and i.level_path like ${`${likeEscape(scope.path)}%`} and i.status <> 'Closed' and i.archived_at is null`;
}

/**
 * The tables picking a page (or its anchor) reads beside the access: the level or the label when the order sorts by
 * its name, and the profile when the filter searches.
 */
const pickJoins = (filter: DashboardFilter): Joins => ({
  level: filter.sortCol === 'Level',
  label: filter.sortCol === 'Role',
  profile: Boolean(filter.search),
});

/** The columns of a dashboard row. */
const rowColumns = sql`pla.id as profile_level_access_id, pla.profile_id, p.first_name, p.last_name, p.email::text as email,
    p.app_user_id, pla.hierarchy_level_id, lv.name as level_name, lv.path as level_path, pla.label_id, lb.name as role_label, lb.role,
    pla.group_membership_status, pla.overall_status, pla.last_activity_at`;

/** Where a page starts: `offset` rows after the start of reading (or after the row whose keys `after` holds). */
export type PageWindow = {
  limit: number;
  offset: number;
  reverse: boolean;
  narrowFirst?: boolean;
  after?: readonly (string | null)[];
};

/**
 * One page of rows in the filter's order, each with its sort keys as text (`sort_keys`, what a cursor holds). The
 * page is picked over narrow rows (the access id and its sort keys,
 * read from the access itself: for a whole organization in name order a walk of plas_org_name_walk_idx alone), then
 * only its rows are joined to their columns. `reverse` reads the page from the other end (the service asks for it
 * on pages past the middle, so the walk skips at most half the rows; ADR 016). `narrowFirst` picks the filter's rows
 * before ordering them — the service asks for it when a search keeps few rows: the names a search matches lie
 * together in name order (a search for "nguy" finds the Nguyens, half-way through the alphabet), so walking the
 * names to them would read half the organization. `after` starts reading after a row (a cursor, or a sampled anchor;
 * ADR 017), so any depth costs what the first page does.
 */
export function pageStatement(scope: DashboardScope, filter: DashboardFilter, page: PageWindow): SQL {
  const keys = sortKeys(filter.sortCol);
  const picked = pickedKeys(keys);
  const from = accessesFrom(scope.organizationId, pickJoins(filter));
  const where = page.after
    ? sql`${rowsWhere(scope, filter)} and ${beyondRow(keys, filter, page.reverse, page.after)}`
    : rowsWhere(scope, filter);
  const chosen = page.narrowFirst
    ? sql`with narrowed as materialized (select ${picked} from ${from} where ${where}),
      page as (select * from narrowed
        order by ${orderBy(keys, filter, page.reverse, 'narrowed')}
        limit ${page.limit} offset ${page.offset})`
    : sql`with page as (
      select ${picked} from ${from}
      where ${where}
      order by ${orderBy(keys, filter, page.reverse, null)}
      limit ${page.limit} offset ${page.offset})`;
  return sql`${chosen}
    select ${rowColumns}, ${keysAsText(keys, 'page')} as sort_keys from page
      join profile_level_accesses pla on pla.id = page.k${sql.raw(String(keys.length - 1))}
        and pla.organization_id = ${scope.organizationId}
      join hierarchy_levels lv on lv.id = pla.hierarchy_level_id and lv.organization_id = ${scope.organizationId}
      join profiles p on p.id = pla.profile_id and p.organization_id = ${scope.organizationId}
      join labels lb on lb.id = pla.label_id and lb.organization_id = ${scope.organizationId}
    order by ${orderBy(keys, filter, page.reverse, 'page')}`;
}

/** The accesses a count reads: the profile only when the filter searches it. */
const countedFrom = (scope: DashboardScope, filter: RowFilter) =>
  accessesFrom(scope.organizationId, { profile: Boolean(filter.search) });

/** Counts the filter's rows, stopping at `cap` (an exact count up to the cap costs at most cap rows). */
export function cappedCountStatement(scope: DashboardScope, filter: RowFilter, cap: number): SQL {
  return sql`select count(*)::int as n from (select 1 from ${countedFrom(scope, filter)}
    where ${rowsWhere(scope, filter)} limit ${cap}) capped`;
}

/** Counts all of the filter's rows. */
export function exactCountStatement(scope: DashboardScope, filter: RowFilter): SQL {
  return sql`select count(*)::int as n from ${countedFrom(scope, filter)} where ${rowsWhere(scope, filter)}`;
}

/**
 * The id below which an access is in the sample (the first 1/32 of the random v4 id space): the bound of
 * plas_org_name_sample_idx, which a statement uses only when it names the same literal.
 */
export const sampleIdBound = '08000000-0000-0000-0000-000000000000';

/** `pla.id < below` as a literal (so the planner can match the sample index's predicate); `below` is a uuid. */
function inSample(below: string): SQL {
  if (!uuidText.test(below)) throw new Error(`Not a uuid: ${below}`);
  return sql.raw(`pla.id < '${below}'::uuid`);
}

/**
 * The filter's rows among a uniform sample of the accesses — those whose random (v4) id sorts below `below` — for
 * the estimate of a total too large to count (ADR 016). With {@link sampleIdBound}, a count of
 * plas_org_name_sample_idx.
 */
export function sampledCountStatement(scope: DashboardScope, filter: RowFilter, below: string): SQL {
  return sql`select count(*)::int as n from ${countedFrom(scope, filter)}
    where ${rowsWhere(scope, filter)} and ${inSample(below)}`;
}

/**
 * The sort keys (as text) of the sampled row `skip` rows into the filter's sample in reading order (ADR 017): the
 * anchor a page far from both ends of an estimated list is read after. In name order, a walk of
 * plas_org_name_sample_idx; in any other, a sort of the sample (a thirty-second of the rows).
 */
export function sampleAnchorStatement(
  scope: DashboardScope,
  filter: DashboardFilter,
  reverse: boolean,
  skip: number,
  below: string,
): SQL {
  const keys = sortKeys(filter.sortCol);
  return sql`select ${keysAsText(keys, 'anchor')} as sort_keys
    from (select ${pickedKeys(keys)} from ${accessesFrom(scope.organizationId, pickJoins(filter))}
    where ${rowsWhere(scope, filter)} and ${inSample(below)}
    order by ${orderBy(keys, filter, reverse, null)}
    limit 1 offset ${skip}) anchor`;
}

/** Rows by overall status (the tiles), over the scope filter. */
export function overallCountsStatement(scope: DashboardScope, filter: RowFilter): SQL {
  return sql`select pla.overall_status as status, count(*)::int as n from ${countedFrom(scope, filter)}
    where ${rowsWhere(scope, filter)} group by pla.overall_status`;
}

/**
 * Per requirement status, the rows whose member has at least one active requirement in it (the list's filter):
 * one pass over the subtree's stored status sets, a filtered count per status.
 */
export function requirementCountsStatement(scope: DashboardScope, filter: RowFilter): SQL {
  const counts = sql.join(
    requirementStatusValues.map(
      (status) =>
        sql`count(*) filter (where pla.requirement_statuses & ${requirementStatusBits([status])}::smallint <> 0)::int`,
    ),
    sql`, `,
  );
  return sql`select unnest(${intArray(requirementStatusValues)}) as status, unnest(array[${counts}]) as n
    from ${countedFrom(scope, filter)} where ${rowsWhere(scope, filter)}`;
}

/** The active requirements of the page's profiles with their definitions, in the library's order. */
export function requirementCellsStatement(organizationId: string, profileIds: readonly string[]): SQL {
  return sql`select mr.id, mr.profile_id, mr.definition_id, mr.status, d.name, d.type, d.sort_order
    from member_requirements mr
    join requirement_definitions d on d.id = mr.definition_id and d.organization_id = ${organizationId}
    where mr.organization_id = ${organizationId} and mr.profile_id = any(${uuidArray(profileIds)}) and mr.active
    order by d.sort_order, lower(d.name) collate "C", d.id`;
}

/** A number mapped to its label in SQL, from the contracts' own label function (one source of the texts). */
function labelOf(expr: SQL, values: readonly number[], label: (value: number) => string): SQL {
  return sql`(case ${expr} ${sql.join(
    values.map((v) => sql`when ${v} then ${label(v)}`),
    sql` `,
  )} end)`;
}

const groupLabel = (value: number) =>
  value === ActiveStatus.Inactive ? activeStatusLabels.Inactive : activeStatusLabels.Active;

/** Where one page of the download starts (after the row whose sort keys `after` holds) and how many rows it takes. */
export type ExportPage = { after?: readonly (string | null)[]; limit: number };

/**
 * The export's row statement: each member's line as ready text cells — the fixed columns, then their status label
 * for each requirement column in order (blank when not theirs). The database writes the texts, so a row crosses to
 * the server as one text array rather than sixteen typed values (ADR 016: the download runs near COPY's speed).
 * With `page`, one keyset page of it (ADR 026): the rows after a row in the list's order, with their sort keys as
 * text (`sort_keys`, where the next page starts), so the download never holds the database between pages.
 */
export function exportRowsStatement(
  scope: DashboardScope,
  filter: DashboardFilter,
  columnIds: readonly string[],
  page?: ExportPage,
): SQL {
  const requirementCells = columnIds.length
    ? sql`array(select coalesce(${labelOf(sql`mr.status`, requirementStatusValues, (v) => requirementStatusLabel(v as RequirementStatus))}, '')
        from unnest(${uuidArray(columnIds)}) with ordinality c(id, n)
        left join member_requirements mr on mr.organization_id = ${scope.organizationId}
          and mr.profile_id = pla.profile_id and mr.definition_id = c.id and mr.active
        order by c.n)`
    : sql`array[]::text[]`;
  const keys = sortKeys(filter.sortCol);
  const where = page?.after
    ? sql`${rowsWhere(scope, filter)} and ${beyondRow(keys, filter, false, page.after)}`
    : rowsWhere(scope, filter);
  const sortKeysText = sql`array[${sql.join(
    keys.map((k) => sql`(${k.expr})::text`),
    sql`, `,
  )}]`;
  return sql`select array[p.first_name, p.last_name, coalesce(p.email::text, ''), lv.name, lb.name,
        ${labelOf(sql`pla.overall_status`, overallStatusValues, (v) => memberOverallStatusLabel(v as MemberOverallStatus))},
        ${labelOf(sql`pla.group_membership_status`, Object.values(ActiveStatus), groupLabel)},
        coalesce(to_char(pla.last_activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')]
      || ${requirementCells} as cells${page ? sql`, ${sortKeysText} as sort_keys` : sql``}
    from ${accessesFrom(scope.organizationId, allJoins)}
    where ${where}
    order by ${orderBy(keys, filter, false, null)}${page ? sql` limit ${page.limit}` : sql``}`;
}

/** The export's requirement columns: the organization's definitions some member actively has, in library order. */
export function exportColumnsStatement(organizationId: string): SQL {
  return sql`select d.id, d.name from requirement_definitions d
    where d.organization_id = ${organizationId} and exists (select 1 from member_requirements mr
      where mr.organization_id = ${organizationId} and mr.definition_id = d.id and mr.active)
    order by d.sort_order, touchline_search_key(d.name) collate "C", d.id`;
}

/**
 * The members (by profile, once each however many accesses they hold) of the filter's rows, at most `limit`: whom a
 * reminder to the whole filtered list reaches (ADR 033).
 */
export function filteredProfilesStatement(scope: DashboardScope, filter: RowFilter, limit: number): SQL {
  return sql`select distinct pla.profile_id from ${countedFrom(scope, filter)}
    where ${rowsWhere(scope, filter)} limit ${limit}`;
}

/** The live accesses among `ids` under the scope's level, with their profiles: a reminder's selected members. */
export function selectedAccessesStatement(scope: DashboardScope, ids: readonly string[]): SQL {
  return sql`select pla.id, pla.profile_id from profile_level_accesses pla
    where pla.organization_id = ${scope.organizationId} and pla.deleted_at is null
      and pla.level_path like ${`${likeEscape(scope.path)}%`} and pla.id = any(${uuidArray(ids)})`;
}
