import type { SQL } from 'drizzle-orm';
import { exactCountLimit } from '@touchline/contracts/dashboard';
import type { Executor } from '../../db/client.ts';
import {
  cappedCountStatement,
  exactCountStatement,
  sampledCountStatement,
  type DashboardScope,
  type RowFilter,
} from './dashboard.sql.ts';

/** Runs one raw statement and returns its rows, whichever driver runs underneath. */
export async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * The share of accesses (by id) the estimate samples. Past the cap a filter keeps over 100,000 rows, so the sample
 * holds over 3,000 of them: an estimate within about 2 % (one standard error), at a thirty-second of a full count.
 */
export const defaultSampleFraction = 1 / 32;

/** The exact-count limit and sample share, overridable so the tests can exercise estimates on small data. */
export type CountLimits = { exact?: number; fraction?: number };

/** The uuid below which a share `fraction` of random (v4) uuids lie. */
export function uuidBelow(fraction: number): string {
  if (fraction >= 1) return 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  const head = Math.min(0xffffffff, Math.max(1, Math.round(fraction * 0x100000000)));
  return `${head.toString(16).padStart(8, '0')}-0000-0000-0000-000000000000`;
}

/**
 * The number of rows of a filter (ADR 016): counted exactly up to {@link exactCountLimit} — with a cap, so a
 * million-row subtree costs no more than the cap — and beyond it estimated from a uniform sample of the accesses
 * (those whose random id falls in the first `fraction` of the id space: the same rows on every request, so the
 * estimate holds still while the user pages), marked as an estimate.
 */
export async function countRows(
  db: Executor,
  scope: DashboardScope,
  filter: RowFilter,
  limits: CountLimits = {},
): Promise<{ n: number; estimate: boolean }> {
  const exact = limits.exact ?? exactCountLimit;
  const [capped] = await rowsOf<{ n: number }>(db, cappedCountStatement(scope, filter, exact + 1));
  const n = Number(capped?.n ?? 0);
  if (n <= exact) return { n, estimate: false };
  const fraction = limits.fraction ?? defaultSampleFraction;
  const [sample] = await rowsOf<{ n: number }>(db, sampledCountStatement(scope, filter, uuidBelow(fraction)));
  // The capped count saw more than `exact` rows: the estimate never says fewer.
  return { n: Math.max(n, Math.round(Number(sample?.n ?? 0) / fraction)), estimate: true };
}

/** The exact number of rows of a filter, however many (for locating a page past the middle of an estimated list). */
export async function exactCount(db: Executor, scope: DashboardScope, filter: RowFilter): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, exactCountStatement(scope, filter));
  return Number(row?.n ?? 0);
}
