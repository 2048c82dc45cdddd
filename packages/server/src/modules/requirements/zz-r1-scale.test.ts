import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestOrganization } from '../../../test/factories.ts';
import { refreshMemberRequirements, rederiveDateDependentStatuses } from './requirements.service.ts';
import { addDefinition, assign } from './requirements-engine.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('10,000 members', async () => {
  const org = await createTestOrganization(t);
  for (let i = 0; i < 5; i += 1) {
    const d = await addDefinition(t, org, { name: `D${i}`, dueInDays: 10, validityMode: 'Duration', validityDays: 365 });
    await assign(t, org, d, i % 2 ? org.root : org.division, org.labelIds.member);
  }
  await t.database.db.execute(sql`insert into profiles (id, organization_id, first_name, last_name, email, app_user_id)
    select gen_random_uuid(), ${org.id}, 'F' || g, 'L' || g, 'p' || g || '@x.test', gen_random_uuid() from generate_series(1, 2000) g`);
  await t.database.db.execute(sql`insert into profile_level_accesses (organization_id, profile_id, hierarchy_level_id, label_id)
    select ${org.id}, p.id, ${org.team.id}, ${org.labelIds.member} from profiles p where p.organization_id = ${org.id}`);
  let s = Date.now();
  await refreshMemberRequirements(t.database.db, org.id, { now: new Date('2026-01-01T00:00:00Z') });
  console.warn('first refresh ms', Date.now() - s);
  s = Date.now();
  await refreshMemberRequirements(t.database.db, org.id, { now: new Date('2026-01-01T00:00:00Z') });
  console.warn('second refresh ms', Date.now() - s);
  s = Date.now();
  const n = await rederiveDateDependentStatuses(t.database.db, org.id, new Date('2026-01-20T00:00:00Z'));
  console.warn('daily ms', Date.now() - s, 'changed', n);
  s = Date.now();
  await refreshMemberRequirements(t.database.db, org.id, { underLevelId: org.root.id });
  console.warn('under root ms', Date.now() - s);
}, 600_000);
