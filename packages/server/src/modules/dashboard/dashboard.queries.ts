import { sql, type SQL } from 'drizzle-orm';
import { exactCountLimit } from '@touchline/contracts/dashboard';
import type { Executor } from '../../db/client.ts';
import {
  cappedCountStatement,
  countStatement,
  type DashboardScope,
  type RowFilter,
} from './dashboard.sql.ts';

/** Runs one raw statement and returns its rows, whichever driver runs underneath. */
export async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

/** The planner's row estimate of a statement (EXPLAIN, nothing executed). */
async function plannerEstimate(db: Executor, statement: SQL): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${statement}`);
  const plan = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return Math.round(rows ?? 0);
}

/**
 * The number of rows of a filter: exact up to {@link exactCountLimit}, counted with a cap so a million-row subtree
 * costs no more than the cap; beyond it the planner's estimate, marked as such (ADR 016).
 */
export async function countRows(db: Executor, scope: DashboardScope, filter: RowFilter) {
  const [capped] = await rowsOf<{ n: number }>(db, cappedCountStatement(scope, filter, exactCountLimit + 1));
  const n = Number(capped?.n ?? 0);
  if (n <= exactCountLimit) return { n, estimate: false };
  const planned = await plannerEstimate(db, countStatement(scope, filter));
  return { n: Math.max(planned, n), estimate: true };
}
