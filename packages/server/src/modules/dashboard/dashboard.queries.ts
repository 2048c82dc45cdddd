import type { SQL } from 'drizzle-orm';
import { exactCountLimit } from '@touchline/contracts/dashboard';
import type { Executor } from '../../db/client.ts';
import {
  cappedCountStatement,
  countStatement,
  sampledCountStatement,
  type DashboardScope,
  type RowFilter,
} from './dashboard.sql.ts';

/** Runs one raw statement and returns its rows, whichever driver runs underneath. */
export async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

/** How many of the scope's rows the estimate samples: about ±2 % for a filter keeping a tenth of them. */
const defaultSampleSize = 20_000;

/** The uuid below which a share `fraction` of random (v4) uuids lie. */
export function uuidBelow(fraction: number): string {
  if (fraction >= 1) return 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  const head = Math.min(0xffffffff, Math.max(1, Math.round(fraction * 0x100000000)));
  return `${head.toString(16).padStart(8, '0')}-0000-0000-0000-000000000000`;
}

/**
 * The number of rows of a filter (ADR 016). Filters the indexes answer alone (level subtree, labels, group
 * membership, overall statuses) are counted exactly, however many rows — the tiles count them too. A search or a
 * requirement-status filter is counted exactly up to {@link exactCountLimit} (with a cap, so it costs at most the
 * cap); beyond, it is estimated from a uniform sample of the scope's rows and marked as an estimate.
 */
export async function countRows(
  db: Executor,
  scope: DashboardScope,
  filter: RowFilter,
  limits: { exact?: number; sample?: number } = {},
): Promise<{ n: number; estimate: boolean }> {
  const exact = limits.exact ?? exactCountLimit;
  const scopeFilter: RowFilter = { ...filter, search: '', requirementStatuses: [] };
  const countOf = async (statement: SQL) => Number((await rowsOf<{ n: number }>(db, statement))[0]?.n ?? 0);
  if (!filter.search && !filter.requirementStatuses?.length)
    return { n: await countOf(countStatement(scope, filter)), estimate: false };
  const n = await countOf(cappedCountStatement(scope, filter, exact + 1));
  if (n <= exact) return { n, estimate: false };
  const scopeTotal = await countOf(countStatement(scope, scopeFilter));
  const fraction = Math.min(1, (limits.sample ?? defaultSampleSize) / Math.max(1, scopeTotal));
  const [sample] = await rowsOf<{ sampled: number; matched: number }>(
    db,
    sampledCountStatement(scope, scopeFilter, filter, uuidBelow(fraction)),
  );
  const sampled = Number(sample?.sampled ?? 0);
  const estimated = sampled ? Math.round((scopeTotal * Number(sample?.matched ?? 0)) / sampled) : n;
  // The capped count saw more than `exact` rows, and no filter keeps more than its scope: the estimate stays between.
  return { n: Math.min(scopeTotal, Math.max(n, estimated)), estimate: true };
}
