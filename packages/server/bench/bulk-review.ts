import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { DatabaseHandle } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { report, summarize } from './measure.ts';

const items = 10_000;
const rounds = 5;

type World = { org: string; definitionId: string; userId: string; profileId: string; plaIds: string[] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One organization with a reviewer (Admin at the root) and `items` members each with a pending upload. */
async function buildWorld(db: DatabaseHandle['db']): Promise<World> {
  const [ids] = rowsOf<{
    org: string;
    root: string;
    player: string;
    admin: string;
    def: string;
    user: string;
  }>(
    await db.execute(sql`select gen_random_uuid()::text as org, gen_random_uuid()::text as root,
      gen_random_uuid()::text as player, gen_random_uuid()::text as admin, gen_random_uuid()::text as def,
      gen_random_uuid()::text as "user"`),
  );
  if (!ids) throw new Error('no ids');
  const path = `/${ids.root}/`;
  await db.execute(sql`insert into organizations (id, name) values (${ids.org}, 'Bench review league')`);
  await db.execute(sql`insert into hierarchy_levels (id, organization_id, name, depth, path)
    values (${ids.root}, ${ids.org}, 'Bench root', 0, ${path})`);
  await db.execute(sql`insert into labels (id, organization_id, name, is_default, role) values
    (${ids.player}, ${ids.org}, 'Player', true, null), (${ids.admin}, ${ids.org}, 'Admin', false, 'Admin')`);
  await db.execute(sql`insert into requirement_definitions (id, organization_id, type, name)
    values (${ids.def}, ${ids.org}, 0, 'Birth certificate')`);
  const [reviewer] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into profiles (organization_id, first_name, last_name, app_user_id)
      values (${ids.org}, 'Rita', 'Reviewer', ${ids.user}) returning id::text`),
  );
  if (!reviewer) throw new Error('no reviewer');
  await db.execute(sql`insert into profile_level_accesses (organization_id, profile_id, hierarchy_level_id, label_id)
    values (${ids.org}, ${reviewer.id}, ${ids.root}, ${ids.admin})`);
  await db.execute(sql`with p as (
      insert into profiles (organization_id, first_name, last_name, app_user_id, email)
      select ${ids.org}, 'Player', n::text, gen_random_uuid(), 'player' || n || '@bench.test'
      from generate_series(1, ${items}) n returning id)
    insert into profile_level_accesses (organization_id, profile_id, hierarchy_level_id, label_id)
    select ${ids.org}, p.id, ${ids.root}, ${ids.player} from p`);
  await db.execute(sql`insert into member_requirements (organization_id, profile_id, definition_id,
      profile_level_access_id)
    select ${ids.org}, pla.profile_id, ${ids.def}, pla.id from profile_level_accesses pla
    where pla.organization_id = ${ids.org} and pla.label_id = ${ids.player}`);
  const plas = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text from profile_level_accesses
      where organization_id = ${ids.org} and label_id = ${ids.player} order by id`),
  );
  return {
    org: ids.org,
    definitionId: ids.def,
    userId: ids.user,
    profileId: reviewer.id,
    plaIds: plas.map((p) => p.id),
  };
}

/** Puts every member's requirement back to a pending upload (not timed). */
async function resetPending(db: DatabaseHandle['db'], w: World) {
  await db.execute(sql`update member_requirements set pending_review = true, review_outcome = ${ReviewOutcome.Pending},
      review_source = 'ManualUpload', status = ${RequirementStatus.PendingReview},
      completed_at = now() - interval '1 day', expires_at = null, rejected_at = null
    where organization_id = ${w.org}`);
  await db.execute(sql`update profile_level_accesses set overall_status = ${MemberOverallStatus.NotConfirmed}
    where organization_id = ${w.org} and profile_id <> ${w.profileId}`);
}

/** The same update in raw SQL: facts and statuses, one event, one decision and one audit row per item. */
async function rawBulk(db: DatabaseHandle['db'], w: World) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`with v as (
        select mr.id, mr.definition_id, mr.profile_id, mr.completed_at from member_requirements mr
        join unnest(${`{${w.plaIds.join(',')}}`}::uuid[]) as p(id) on p.id = mr.profile_level_access_id
        where mr.organization_id = ${w.org} and mr.definition_id = ${w.definitionId}),
      upd as (update member_requirements mr set pending_review = false, review_outcome = ${ReviewOutcome.Approved},
          status = ${RequirementStatus.Completed}, updated_at = now()
        from v where mr.id = v.id returning mr.id),
      ev as (insert into requirement_events (organization_id, member_requirement_id, action, from_status, to_status,
          actor_user_id, data)
        select ${w.org}, v.id, 'review', 7, 3, ${w.userId}::uuid, '{"reviewDecision":1}'::jsonb from v),
      rv as (insert into requirement_reviews (organization_id, member_requirement_id, reviewer_user_id, outcome,
          review_source, completed_at)
        select ${w.org}, v.id, ${w.userId}::uuid, 1, 'ManualUpload', v.completed_at from v)
      insert into audit_events (organization_id, actor_user_id, action, entity_type, entity_id, data)
      select ${w.org}, ${w.userId}::uuid, 'requirement.review', 'member_requirement', v.id, '{}'::jsonb from v`);
  });
}

/**
 * POST bulk-review of 10,000 items through the whole request path (auth, validation of the body, the set-based
 * service, overall statuses) against the same writes in raw SQL, in the same run (ADR 015; goal ≤ 4×).
 */
export async function benchBulkReview(database: DatabaseHandle) {
  const w = await buildWorld(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  const verifyAccessToken = async () => ({ userId: w.userId, profileId: w.profileId, roles: [], claims: {} });
  const app = await buildApp(config, { database, verifyAccessToken });
  await app.ready();
  const payload = {
    requirements: w.plaIds.map((plaId) => ({ id: w.definitionId, plaId })),
    review: { reviewDecision: ReviewOutcome.Approved, reviewNotes: '' },
  };
  const endpoint = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/app/requirement/bulk-review',
      headers: { authorization: 'Bearer bench' },
      payload,
    });
    if (res.statusCode !== 200)
      throw new Error(`bulk-review answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  };
  const timed = async (run: () => Promise<void>) => {
    await resetPending(database.db, w);
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  await timed(endpoint);
  await timed(() => rawBulk(database.db, w));
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    a.push(await timed(endpoint));
    b.push(await timed(() => rawBulk(database.db, w)));
  }
  const result = summarize(a, b);
  report(
    `bulk-review of ${items} items on ${database.kind}: endpoint vs the same update in raw SQL`,
    result,
    {
      max: 4,
    },
  );
  await app.close();
}
