import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';

/** What a scale seed built. */
export type ScaleSeed = {
  organizationId: string;
  rootLevelId: string;
  adminProfileId: string;
  adminEmail: string;
  levels: number;
  members: number;
  requirements: number;
};

const firstNames = [
  'Zoë',
  'Ava',
  'Liam',
  'Noah',
  'Émile',
  'Mia',
  'Lucas',
  'Sofía',
  'Mateo',
  'Aisha',
  'Björn',
  'Chloé',
  'Diego',
  'Elif',
  'Farah',
  'Gabriel',
  'Hana',
  'Ivan',
  'Jonas',
  'Kai',
  'Léa',
  'Malik',
  'Nora',
  'Oscar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Valentina',
  'Wei',
  'Ximena',
  'Yusuf',
  'Zara',
  'Ana',
  'Ben',
  'Cleo',
  'Dara',
];
const lastNames = [
  'Nguyen',
  'Okafor',
  'García',
  'Müller',
  'Smith',
  'Johnson',
  'Núñez',
  "O'Brien",
  'de la Cruz',
  'Kowalski',
  'Rossi',
  'Dubois',
  'Tanaka',
  'Kim',
  'Patel',
  'Andersson',
  'Ivanova',
  'Haddad',
  'Mensah',
  'Silva',
  'Çelik',
  'Ahmed',
  'Brown',
  'Williams',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Moore',
  'Taylor',
  'Thomas',
  'Jackson',
  'White',
  'Harris',
  'Martin',
  'Thompson',
  'Lopez',
  'Lee',
  'Walker',
  'Hall',
  'Young',
  'Åberg',
  'Zhou',
];

const literalArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

/**
 * A realistic organization of `members` members for benchmarks and load tests: a five-deep tree (root, 10 regions,
 * 100 districts, 1,000 clubs, teams of about 20), role labels, six requirement definitions, members with accented
 * names, and their requirement and overall statuses in realistic shares. Everything is INSERT … SELECT over
 * generate_series, so it runs at COPY speed on PostgreSQL and PGlite alike (no row-by-row round trips).
 */
export async function seedScaleOrganization(db: DatabaseHandle, members: number): Promise<ScaleSeed> {
  const tag = crypto.randomUUID().slice(0, 8);
  const org = crypto.randomUUID();
  const root = crypto.randomUUID();
  const admin = crypto.randomUUID();
  // `members` counts the organization's admin too: an organization of 100,000 members is 99,999 and its admin.
  const generated = Math.max(0, members - 1);
  const teams = Math.max(1, Math.ceil(generated / 20));
  const teamsPerClub = Math.max(1, Math.ceil(teams / 1000));
  const perTeam = Math.max(1, Math.ceil(generated / (1000 * teamsPerClub)));
  const adminEmail = `admin.${tag}@scale.test`;
  const first = literalArray(firstNames);
  const last = literalArray(lastNames);
  // A bulk load: the profiles' and accesses' secondary indexes (search, sort keys, walks) are built once at the end
  // rather than updated row by row — by their own definitions, read from the catalog, so they stay the migrations' own.
  const secondary = await db.db.execute(sql`select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in ('profiles', 'profile_level_accesses')
      and indexdef not like 'CREATE UNIQUE%'`);
  const indexes = (secondary as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
  const statements = [
    ...indexes.map((i) => `drop index if exists "${i.indexname}"`),
    `insert into organizations (id, name, country_code, state_code, city_name)
      values ('${org}', 'Scale League ${tag}', 'US', 'CA', 'Benchville')`,
    `insert into hierarchy_levels (id, organization_id, parent_id, name, depth, path)
      values ('${root}', '${org}', null, 'Scale League ${tag}', 0, '/${root}/')`,
    ...[
      ['Region', 10, 1],
      ['District', 10, 2],
      ['Club', 10, 3],
      ['Team', teamsPerClub, 4],
    ].map(
      ([
        name,
        fanout,
        depth,
      ]) => `insert into hierarchy_levels (id, organization_id, parent_id, name, depth, path, sort_order)
        select c.id, '${org}', p.id, '${name} ' || p.ord || '.' || g, ${depth}, p.path || c.id || '/', g
        from (select id, path, row_number() over (order by id) as ord from hierarchy_levels
              where organization_id = '${org}' and depth = ${Number(depth) - 1}) p
        cross join generate_series(1, ${fanout}) g
        cross join lateral (select gen_random_uuid() as id, g as keep) c`,
    ),
    `insert into labels (organization_id, name, role, is_default, sort_order) values
      ('${org}', 'Admin', 'Admin', false, 0), ('${org}', 'Manager', 'Manager', false, 1),
      ('${org}', 'Player', null, true, 2), ('${org}', 'Coach', null, false, 3), ('${org}', 'Volunteer', null, false, 4)`,
    `insert into requirement_definitions (organization_id, type, name, sort_order)
      select '${org}', t, n, o from (values (2, 'Code of Conduct Waiver', 0), (4, 'Concussion Awareness Video', 1),
        (3, 'Background Check', 2), (5, 'Abuse Prevention Training', 3), (1, 'Medical Form', 4),
        (0, 'Coaching License', 5)) v(t, n, o)`,
    `insert into profiles (id, organization_id, first_name, last_name, email, app_user_id)
      values ('${admin}', '${org}', 'Ada', 'Admin', '${adminEmail}', null)`,
    `insert into profile_level_accesses (organization_id, profile_id, hierarchy_level_id, label_id, group_membership_status, overall_status)
      select '${org}', '${admin}', '${root}', (select id from labels where organization_id = '${org}' and name = 'Admin'), 0, 2`,
    // Members fill the teams in order: each team's rows are generated from the team itself, so no join is needed.
    // Profiles are written before their accesses, which copy the profile's sort keys when written (migration 0010).
    `create temp table scale_rows as
      with teams as (select id, row_number() over (order by path) - 1 as tn from hierarchy_levels
        where organization_id = '${org}' and depth = 4)
      select gen_random_uuid() as pid, t.id as level_id, t.tn * ${perTeam} + g as i
      from teams t cross join generate_series(1, ${perTeam}) g where t.tn * ${perTeam} + g <= ${generated}`,
    `insert into profiles (id, organization_id, first_name, last_name, email, app_user_id, created_at, updated_at)
      select pid, '${org}', (${first})[1 + (i * 7) % ${firstNames.length}], (${last})[1 + (i * 13) % ${lastNames.length}],
        case when i % 50 = 0 then null else 'member' || i || '.${tag}@example.org' end,
        case when i % 10 = 0 then null else gen_random_uuid() end,
        now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day'
      from scale_rows`,
    `insert into profile_level_accesses (organization_id, profile_id, hierarchy_level_id, label_id, group_membership_status, overall_status)
      select '${org}', r.pid, r.level_id, l.id, case when r.i % 20 = 0 then 1 else 0 end, 1
      from scale_rows r join labels l on l.organization_id = '${org}' and l.name = case
        when r.i % 100 < 85 then 'Player' when r.i % 100 < 95 then 'Coach'
        when r.i % 100 < 99 then 'Volunteer' else 'Manager' end`,
    'drop table scale_rows',
    `insert into member_requirements (organization_id, profile_id, definition_id, profile_level_access_id, status, active, assigned_at, updated_at)
      select '${org}', pla.profile_id, d.id, pla.id,
        (array[3,3,3,3,0,0,4,6,5,7,8,1])[1 + abs(hashtext(pla.id::text || d.id::text)) % 12],
        abs(hashtext(d.id::text || pla.id::text)) % 25 <> 0,
        now() - interval '400 days', now() - (abs(hashtext(pla.id::text)) % 300) * interval '1 day'
      from profile_level_accesses pla
      join labels l on l.id = pla.label_id
      join requirement_definitions d on d.organization_id = '${org}'
        and (d.sort_order < 2 or (l.name <> 'Player' and d.sort_order < 5) or (l.name = 'Coach' and d.sort_order = 5))
      where pla.organization_id = '${org}' and pla.profile_id <> '${admin}'`,
    // Fresh statistics before the aggregate pass, so it is planned as the million-row join it is.
    `analyze profiles; analyze profile_level_accesses; analyze member_requirements`,
    // One aggregate pass over the requirements (not three lookups per member): the overall status of each access,
    // with the set of its requirement statuses and their newest change, as the requirement engine stores them.
    `update profile_level_accesses pla
      set overall_status = s.status, requirement_statuses = s.statuses, last_activity_at = s.last_activity_at
      from (select pla.id, case
          when p.app_user_id is null then 4
          when count(mr.id) = 0 then 2
          when bool_or(mr.status = 8) then 5
          when bool_or(mr.status not in (3, 6)) then 1
          else 0 end as status,
          coalesce(bit_or(1 << mr.status), 0)::smallint as statuses, max(mr.updated_at) as last_activity_at
        from profile_level_accesses pla
        join profiles p on p.id = pla.profile_id
        left join member_requirements mr on mr.organization_id = '${org}' and mr.profile_id = pla.profile_id and mr.active
        where pla.organization_id = '${org}' and pla.profile_id <> '${admin}'
        group by pla.id, p.app_user_id) s
      where pla.id = s.id`,
    // The status pass rewrites every access: vacuumed, as autovacuum would soon, so what is measured next is the
    // table a live database holds (profiles and accesses are analyzed again once their indexes are rebuilt, below).
    'vacuum analyze profile_level_accesses',
    'vacuum analyze member_requirements',
    'analyze hierarchy_levels',
    'analyze labels',
  ];
  const run = async (statement: string) => {
    const started = performance.now();
    await db.exec(statement);
    if (process.env.SEED_TIMING)
      console.warn(`${(performance.now() - started).toFixed(0)} ms  ${statement.trim().slice(0, 60)}`);
  };
  try {
    for (const statement of statements) await run(statement);
  } finally {
    // Rebuilt even when a statement failed, so a broken seed never leaves the database without its indexes.
    for (const i of indexes) await run(i.indexdef.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
    await run('analyze profiles');
    await run('analyze profile_level_accesses');
  }
  const counted = await db.db.execute(
    sql`select count(*)::int as n from member_requirements where organization_id = ${org}`,
  );
  const requirements = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const levels = 1 + 10 + 100 + 1000 + 1000 * teamsPerClub;
  return {
    organizationId: org,
    rootLevelId: root,
    adminProfileId: admin,
    adminEmail,
    levels,
    members: generated + 1,
    requirements,
  };
}
