import { sql } from 'drizzle-orm';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import type { Database } from '../src/db/client.ts';
import {
  contentAssignments,
  hierarchyLevels,
  labels,
  organizations,
  requirementDefinitions,
} from '../src/db/schema/index.ts';

/** A league for the requirement benchmarks: its id, and how many members and definitions it has. */
export type RequirementsWorld = { organizationId: string; members: number; definitions: number };

const divisions = 10;
const teamsPerDivision = 10;

/**
 * Seeds one league as a large club would look: a root, 10 divisions of 10 teams, `members` players with an account
 * spread over the teams (one access each, the default Player label), and `definitions` mandatory requirements
 * assigned to Player at the root (due 30 days after assignment), so every member gets every requirement.
 */
export async function seedRequirementsWorld(
  db: Database,
  opts: { members: number; definitions: number },
): Promise<RequirementsWorld> {
  const [org] = await db
    .insert(organizations)
    .values({ name: 'Bench League', countryCode: 'US', stateCode: 'CA', cityName: 'Benchville' })
    .returning({ id: organizations.id });
  if (!org) throw new Error('the bench organization was not created');
  const organizationId = org.id;
  const level = (name: string, parent: { id: string; path: string; depth: number } | null) => {
    const id = crypto.randomUUID();
    const path = `${parent?.path ?? '/'}${id}/`;
    return {
      id,
      organizationId,
      parentId: parent?.id ?? null,
      name,
      path,
      depth: parent ? parent.depth + 1 : 0,
    };
  };
  const root = level('Bench League', null);
  const divisionRows = Array.from({ length: divisions }, (_, i) => level(`Division ${i + 1}`, root));
  const teams = divisionRows.flatMap((d, i) =>
    Array.from({ length: teamsPerDivision }, (_, j) => level(`Team ${i + 1}.${j + 1}`, d)),
  );
  await db.insert(hierarchyLevels).values([root, ...divisionRows, ...teams]);
  const [player] = await db
    .insert(labels)
    .values({ organizationId, name: 'Player', isDefault: true })
    .returning({ id: labels.id });
  if (!player) throw new Error('the bench label was not created');
  const teamIds = sql`${`{${teams.map((t) => t.id).join(',')}}`}::uuid[]`;
  await db.execute(sql`with people as (
      insert into profiles (organization_id, app_user_id, first_name, last_name, email)
      select ${organizationId}, gen_random_uuid(), 'Player', 'No. ' || i, 'player' || i || '@bench.example.org'
      from generate_series(1, ${opts.members}) as i
      returning id)
    insert into profile_level_accesses
      (organization_id, profile_id, hierarchy_level_id, label_id, group_membership_status, overall_status)
    select ${organizationId}, id, (${teamIds})[1 + (row_number() over (order by id)) % ${teams.length}],
      ${player.id}, ${ActiveStatus.Active}, ${MemberOverallStatus.NotActivated}
    from people`);
  const definitions = await db
    .insert(requirementDefinitions)
    .values(
      Array.from({ length: opts.definitions }, (_, i) => ({
        organizationId,
        type: 0,
        name: `Requirement ${i + 1}`,
        dueInDays: 30,
        sortOrder: i,
      })),
    )
    .returning({ id: requirementDefinitions.id });
  await db.insert(contentAssignments).values(
    definitions.map((d) => ({
      organizationId,
      definitionId: d.id,
      hierarchyLevelId: root.id,
      labelId: player.id,
    })),
  );
  return { organizationId, members: opts.members, definitions: opts.definitions };
}

/**
 * Back to a never-refreshed state: no requirement instances or events, overall statuses reset. TRUNCATE, not
 * DELETE, so no dead rows pile up between rounds and skew later ones; only for the bench's own database, which
 * holds this league alone.
 */
export async function clearRequirements(db: Database, organizationId: string): Promise<void> {
  // CASCADE: every table hanging off member_requirements (events, submissions, files, reviews…) goes with it.
  await db.execute(sql`truncate member_requirements cascade`);
  await db.execute(sql`update profile_level_accesses set overall_status = ${MemberOverallStatus.NotActivated}
    where organization_id = ${organizationId}`);
}

/** What a refresh produced, to check two ways of doing it did the same work. */
export async function requirementsSnapshot(db: Database, organizationId: string): Promise<string> {
  const result = await db.execute(sql`select
      (select count(*) from member_requirements where organization_id = ${organizationId} and active)::int as active,
      (select coalesce(sum(status), 0) from member_requirements where organization_id = ${organizationId})::int as statuses,
      (select count(*) from member_requirements where organization_id = ${organizationId} and due_date is null)::int as undue,
      (select string_agg(action || ':' || n, ',' order by action) from (select action, count(*) as n
        from requirement_events where organization_id = ${organizationId} group by action) e) as events,
      (select string_agg(overall_status || ':' || n, ',' order by overall_status) from (select overall_status, count(*) as n
        from profile_level_accesses where organization_id = ${organizationId} group by overall_status) o) as overall`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}
