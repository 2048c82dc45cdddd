import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilter } from '@touchline/contracts/dashboard';

// The orders of the dashboard's list (ADR 016, 017): each column's sort keys, the ORDER BY they make, and the rows
// beyond a row in that order (what a page cursor reads after). The statements of dashboard.sql.ts pick pages by them.

/** Whether reading goes up: the filter's direction, turned round when the page is read from the other end. */
const readsAscending = (filter: DashboardFilter, reverse: boolean) => (filter.sortDir === 'ASC') !== reverse;

/** A uuid as text (an access id in a cursor, the sample's bound). */
export const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SQL type of a sort key's value, as a cursor carries it (text) and casts it back. */
export type SortKeyType = 'text' | 'smallint' | 'uuid' | 'timestamptz';

/**
 * One sort key: an expression, its type, and whether its NULLs need placing (e-mail, last activity — only ever the
 * first key of an order).
 */
export type SortKey = { expr: SQL; type: SortKeyType; nullable?: boolean };

/**
 * The sort keys of a column: stored keys — text unaccented and lower-cased, compared byte-wise (the same on every
 * server and in the tests' reference) — read from the access's own copies where they exist, so the default order is
 * one index walk at any depth. Every order ends on the name, then the access id, so pages never overlap.
 */
export function sortKeys(col: DashboardFilter['sortCol']): SortKey[] {
  const text = (column: SQL): SortKey => ({ expr: sql`${column} collate "C"`, type: 'text' });
  const lead: Record<DashboardFilter['sortCol'], SortKey[]> = {
    FullName: [],
    Status: [{ expr: sql`pla.overall_status`, type: 'smallint' }],
    Level: [text(sql`lv.name_sort_key`)],
    Role: [text(sql`lb.name_sort_key`)],
    Email: [{ ...text(sql`pla.email_sort_key`), nullable: true }],
    LastActivity: [{ expr: sql`pla.last_activity_at`, type: 'timestamptz', nullable: true }],
  };
  return [...lead[col], text(sql`pla.name_sort_key`), { expr: sql`pla.id`, type: 'uuid' }];
}

/** The types of a column's sort keys, in order, and whether the first may be NULL: what a cursor of it holds. */
export function sortKeyTypes(col: DashboardFilter['sortCol']): {
  types: SortKeyType[];
  nullableLead: boolean;
} {
  const keys = sortKeys(col);
  return { types: keys.map((k) => k.type), nullableLead: Boolean(keys[0]?.nullable) };
}

/**
 * The rows beyond a row in reading order (the filter's order, or its reverse): beyond the sort key values `at` of
 * that row (text, as a cursor carries them). Keys that cannot be NULL are one row comparison, which a btree walks
 * to (for the name order, plas_org_name_walk_idx starts at the row). A NULL-able first key (e-mail, last activity)
 * places NULLs last in the filter's order, so first when read in reverse.
 */
export function beyondRow(
  keys: readonly SortKey[],
  filter: DashboardFilter,
  reverse: boolean,
  at: readonly (string | null)[],
): SQL {
  const op = sql.raw(readsAscending(filter, reverse) ? '>' : '<');
  const value = (k: SortKey, v: string | null) => sql`${v}::${sql.raw(k.type)}`;
  const rowCompare = (from: number) =>
    sql`(${sql.join(
      keys.slice(from).map((k) => k.expr),
      sql`, `,
    )}) ${op} (${sql.join(
      keys.slice(from).map((k, i) => value(k, at[from + i] ?? null)),
      sql`, `,
    )})`;
  const lead = keys[0]!;
  if (!lead.nullable) return rowCompare(0);
  const leadValue = at[0] ?? null;
  const rest = rowCompare(1);
  if (leadValue === null)
    // Read forwards, NULLs come last: only NULLs lie beyond, ordered by the rest; in reverse every value does.
    return reverse
      ? sql`(${lead.expr} is not null or (${lead.expr} is null and ${rest}))`
      : sql`(${lead.expr} is null and ${rest})`;
  const past = sql`(${lead.expr} ${op} ${value(lead, leadValue)} or (${lead.expr} = ${value(lead, leadValue)} and ${rest}))`;
  return reverse ? past : sql`(${lead.expr} is null or ${past})`;
}

/** The sort keys as the columns k0, k1… of the narrow rows a page is picked from. */
export const pickedKeys = (keys: readonly SortKey[]) =>
  sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );

/** The columns k0, k1… of the named relation as one text array: what a cursor holds. */
export const keysAsText = (keys: readonly SortKey[], alias: string) =>
  sql`array[${sql.join(
    keys.map((_, i) => sql.raw(`${alias}.k${i}::text`)),
    sql`, `,
  )}]`;

/**
 * An ORDER BY over sort keys (or over their aliases k0, k1… in the named relation), in the filter's direction or its
 * reverse.
 */
export function orderBy(
  keys: readonly SortKey[],
  filter: DashboardFilter,
  reverse: boolean,
  alias: string | null,
): SQL {
  const dir = readsAscending(filter, reverse) ? sql`asc` : sql`desc`;
  // Members with no e-mail or activity come last whichever way the user sorts (first when read in reverse).
  const nulls = reverse ? sql`nulls first` : sql`nulls last`;
  return sql.join(
    keys.map((k, i) => {
      const expr = alias ? sql.raw(`${alias}.k${i}`) : k.expr;
      return k.nullable ? sql`${expr} ${dir} ${nulls}` : sql`${expr} ${dir}`;
    }),
    sql`, `,
  );
}
