import { sql, type SQL } from 'drizzle-orm';
import { navigationSearchLimit, type NavigationSearchResponse } from '@touchline/contracts/dashboard';
import type { Deps, RequestContext } from '../../deps.ts';
import { reachablePaths } from '../../authz/rules.ts';
import { rowsOf } from './dashboard.queries.ts';
import { likeEscape } from './dashboard.sql.ts';

/** The reachable subtrees as one OR of path prefixes (ADR 002), or false when the actor reaches none. */
function withinPaths(column: SQL, paths: readonly string[]): SQL {
  if (paths.length === 0) return sql`false`;
  return sql`(${sql.join(
    paths.map((p) => sql`${column} like ${`${likeEscape(p)}%`}`),
    sql` or `,
  )})`;
}

/**
 * GET /api/app/hierarchy-level/search?q= (the navigation's search, spec §3 `searchResults`): levels and members
 * whose name (or e-mail) contains the text, accent- and case-insensitive, in every subtree where the actor is
 * manager level or higher. Names that start with the text come first.
 */
export async function searchNavigation(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { q }: { q: string },
): Promise<NavigationSearchResponse> {
  const db = deps.db;
  const paths = reachablePaths(ctx, 'managerLevelOrHigher');
  const org = ctx.organizationId;
  const key = sql`touchline_search_key(${likeEscape(q)})`;
  const levels = await rowsOf<{ id: string; name: string; parent_name: string | null }>(
    db,
    sql`select hl.id, hl.name, parent.name as parent_name from hierarchy_levels hl
      left join hierarchy_levels parent on parent.id = hl.parent_id and parent.organization_id = ${org}
      where hl.organization_id = ${org} and hl.deleted_at is null and ${withinPaths(sql`hl.path`, paths)}
        and touchline_search_key(hl.name) like '%' || ${key} || '%'
      order by touchline_search_key(hl.name) like ${key} || '%' desc, length(hl.name), hl.name collate "C", hl.id
      limit ${navigationSearchLimit}`,
  );
  const members = await rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    email: string | null;
    level_id: string;
    level_name: string;
  }>(
    db,
    sql`select pla.id, p.first_name, p.last_name, p.email::text as email, hl.id as level_id, hl.name as level_name
      from profiles p
      join profile_level_accesses pla on pla.profile_id = p.id and pla.organization_id = ${org} and pla.deleted_at is null
      join hierarchy_levels hl on hl.id = pla.hierarchy_level_id and hl.organization_id = ${org} and hl.deleted_at is null
      where p.organization_id = ${org} and p.deleted_at is null and ${withinPaths(sql`hl.path`, paths)}
        and p.search_text like '%' || ${key} || '%'
      order by p.search_text like ${key} || '%' desc,
        touchline_search_key(p.last_name) collate "C", touchline_search_key(p.first_name) collate "C", pla.id
      limit ${navigationSearchLimit}`,
  );
  return {
    nodes: Object.fromEntries(
      levels.map((l) => [l.id, { id: l.id, name: l.name, parentName: l.parent_name }]),
    ),
    userList: Object.fromEntries(
      members.map((m) => [
        m.id,
        {
          profileLevelAccessId: m.id,
          firstName: m.first_name,
          lastName: m.last_name,
          email: m.email,
          hierarchyLevelId: m.level_id,
          levelName: m.level_name,
        },
      ]),
    ),
  };
}
