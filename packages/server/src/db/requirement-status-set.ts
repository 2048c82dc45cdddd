import { sql, type SQL } from 'drizzle-orm';

/**
 * The encoding of `profile_level_accesses.requirement_statuses` (ADR 016): the set of a member's active requirement
 * statuses as one small integer, bit n for status n. The requirement engine writes it; the dashboard filters and
 * counts by it. Both read this one definition, so neither owns the other's internals (issue 17 item 7).
 */
export function requirementStatusBits(statuses: readonly number[]): number {
  return statuses.reduce((bits, status) => bits | (1 << status), 0);
}

/** The statuses a stored set holds, lowest first (statuses fit in the column's 16 bits). */
export function requirementStatusesIn(bits: number): number[] {
  const statuses: number[] = [];
  for (let status = 0; status < 16; status++) if (bits & (1 << status)) statuses.push(status);
  return statuses;
}

/** SQL: the stored set of the requirement statuses `status` takes over an aggregate's rows. */
export function requirementStatusSetAggregate(status: SQL): SQL {
  return sql`coalesce(bit_or(1 << ${status}), 0)::smallint`;
}
