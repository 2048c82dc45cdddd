import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** A LIKE pattern matching a materialized path and every path below it (ADR 002). */
const subtree = (path: string) => `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function countOf(db: Executor, statement: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(statement);
  const [row] = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(row?.n ?? 0);
}

/**
 * Live memberships under the level whose member has an active completion expiring on a day in [from, to): the
 * home's "expiring soon", counted per membership as the dashboard counts.
 */
export function countExpiring(
  db: Executor,
  organizationId: string,
  levelPath: string,
  from: string,
  to: string,
): Promise<number> {
  return countOf(
    db,
    sql`select count(*)::int as n from profile_level_accesses pla
      where pla.organization_id = ${organizationId} and pla.deleted_at is null
        and pla.level_path like ${subtree(levelPath)}
        and exists (select 1 from member_requirements mr
          where mr.organization_id = ${organizationId} and mr.profile_id = pla.profile_id and mr.active
            and mr.expires_at >= ${from}::date and mr.expires_at < ${to}::date)`,
  );
}

/** Invitations to live memberships under the level that were neither accepted nor revoked. */
export function countPendingInvitations(
  db: Executor,
  organizationId: string,
  levelPath: string,
): Promise<number> {
  return countOf(
    db,
    sql`select count(*)::int as n from invitations i
      join profile_level_accesses pla on pla.id = i.profile_level_access_id
        and pla.organization_id = ${organizationId} and pla.deleted_at is null
      where i.organization_id = ${organizationId} and i.accepted_at is null and i.revoked_at is null
        and pla.level_path like ${subtree(levelPath)}`,
  );
}
