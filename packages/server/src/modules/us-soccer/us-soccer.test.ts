import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewSource } from '@touchline/contracts/reviews';
import { usSoccerLicenseCatalog } from '@touchline/contracts/us-soccer';
import {
  createUsSoccerSandbox,
  type SandboxLicense,
  type UsSoccerSandbox,
} from '@touchline/sandbox/us-soccer/us-soccer-sandbox';
import type { TestMember } from '../../../test/factories.ts';
import { memberRequirements, profiles } from '../../db/schema/index.ts';
import {
  addRequirement,
  closeWorld,
  createWorld,
  statusOf,
  type World,
} from '../requirements/requirement-actions.test-support.ts';
import { checkUsSoccerLicense, queueUsSoccerRechecks } from './us-soccer.service.ts';

let w: World;
let sandbox: UsSoccerSandbox;
beforeAll(async () => {
  sandbox = createUsSoccerSandbox({ apiKey: 'us-soccer-test-key' });
  const apiUrl = await sandbox.listen();
  w = await createWorld({ US_SOCCER_API_URL: apiUrl, US_SOCCER_API_KEY: 'us-soccer-test-key' });
});
afterAll(async () => {
  await closeWorld(w);
  await sandbox.close();
});

const send = (who: TestMember | null, method: 'POST' | 'GET', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const setId = (who: TestMember | null, target: TestMember, ussfId: string) =>
  send(who, 'POST', `/api/app/profile/${target.profileId}/set-ussf-id`, {
    profileLevelAccessId: target.profileLevelAccessId,
    ussfId,
  });
const license = (grade: string, expires: string | null, status: SandboxLicense['status'] = 'active') => ({
  discipline: 'coach',
  license_level: grade,
  issue_date: '2025-03-01',
  expiration_date: expires,
  status,
});
const register = (
  ussfId: string,
  first: string,
  last: string,
  licenses: SandboxLicense[],
  dob: string | null = null,
) => sandbox.register({ ussf_id: ussfId, first_name: first, last_name: last, birth_date: dob, licenses });
const deps = () => w.t.app.deps;
/** How many lookups the queue holds (for one requirement, or all). */
async function queuedChecks(requirementId?: string): Promise<number> {
  const result = (await w.t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'us-soccer-license-check'
        and (${requirementId ?? null}::text is null or data->>'memberRequirementId' = ${requirementId ?? null})`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}
const requirementRow = async (id: string) =>
  (await w.t.database.db.select().from(memberRequirements).where(eq(memberRequirements.id, id)))[0]!;

describe('GET /api/app/content/us-soccer-licenses', () => {
  it('401 signed out; the catalog of grades for any member', async () => {
    expect((await send(null, 'GET', '/api/app/content/us-soccer-licenses')).statusCode).toBe(401);
    const res = await send(w.player, 'GET', '/api/app/content/us-soccer-licenses');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((g: { code: string }) => g.code)).toEqual(
      usSoccerLicenseCatalog.map((g) => g.code),
    );
  });
});

describe('a US Soccer requirement', () => {
  let definitionId = '';
  let requirementId = '';
  beforeAll(async () => {
    ({ definitionId, requirementId } = await addRequirement(w, RequirementType.USSoccer, {
      requiredLicense: 'coach-d',
    }));
  });
  const licensesUrl = () =>
    `/api/app/requirement/${definitionId}/us-soccer-licenses?plaId=${w.player.profileLevelAccessId}`;

  it('set-ussf-id: 401, 404 other organization, 403 a teammate, 400 bad id or foreign membership', async () => {
    expect((await setId(null, w.player, '1234567890123456')).statusCode).toBe(401);
    expect((await setId(w.otherAdmin, w.player, '1234567890123456')).statusCode).toBe(404);
    expect((await setId(w.teammate, w.player, '1234567890123456')).statusCode).toBe(403);
    const short = await setId(w.player, w.player, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.validationErrors).toEqual([
      expect.objectContaining({ field: 'ussfId', message: 'A US Soccer id is 16 digits' }),
    ]);
    const foreign = await send(w.player, 'POST', `/api/app/profile/${w.player.profileId}/set-ussf-id`, {
      profileLevelAccessId: w.teammate.profileLevelAccessId,
      ussfId: '1234567890123456',
    });
    expect(foreign.statusCode).toBe(400);
    const [row] = await w.t.database.db.select().from(profiles).where(eq(profiles.id, w.player.profileId));
    expect(row?.ussfId).toBeNull();
  });

  it('view licenses: 401, 404 other organization, 403 a teammate; the member before any lookup', async () => {
    expect((await send(null, 'GET', licensesUrl())).statusCode).toBe(401);
    expect((await send(w.otherAdmin, 'GET', licensesUrl())).statusCode).toBe(404);
    expect((await send(w.teammate, 'GET', licensesUrl())).statusCode).toBe(403);
    const bad = await send(
      w.player,
      'GET',
      `/api/app/requirement/${definitionId}/us-soccer-licenses?plaId=nope`,
    );
    expect(bad.statusCode).toBe(400);
    const res = await send(w.player, 'GET', licensesUrl());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ussfId: null,
      match: null,
      requiredLicense: { code: 'coach-d' },
      licenses: [],
      status: RequirementStatus.Incomplete,
    });
  });

  it('the member sets their id (204), a lookup is queued and completes it until the license expires', async () => {
    await register('3000000000000001', 'Robin', 'Keeper', [license('C', '2099-05-31')]);
    expect((await setId(w.player, w.player, '3000000000000001')).statusCode).toBe(204);
    expect(await queuedChecks(requirementId)).toBe(1);
    const result = await checkUsSoccerLicense(deps(), requirementId, new Date());
    expect(result).toMatchObject({
      outcome: 'checked',
      match: 'matched',
      status: RequirementStatus.Completed,
    });
    const row = await requirementRow(requirementId);
    expect(row.expiresAt).toBe('2099-05-31');
    expect(row.pendingReview).toBe(false);
    const view = (await send(w.manager, 'GET', licensesUrl())).json();
    expect(view).toMatchObject({
      ussfId: '3000000000000001',
      provider: 'us-soccer',
      match: 'matched',
      recordName: 'Robin Keeper',
      satisfiedBy: { code: 'coach-c', expiresOn: '2099-05-31', active: true },
    });
    // Again: nothing changes, nothing is written twice.
    expect(await checkUsSoccerLicense(deps(), requirementId, new Date())).toMatchObject({
      status: RequirementStatus.Completed,
    });
  });

  it('a grade below the required one, or a revoked license, does not complete it', async () => {
    await register('3000000000000002', 'Robin', 'Keeper', [
      license('Grassroots', '2099-01-01'),
      license('B', '2099-01-01', 'revoked'),
    ]);
    expect((await setId(w.player, w.player, '3000000000000002')).statusCode).toBe(204);
    expect(await checkUsSoccerLicense(deps(), requirementId, new Date())).toMatchObject({
      match: 'matched',
      status: RequirementStatus.Incomplete,
    });
  });

  it('a lapsed license leaves it Expired, as of the license’s own date', async () => {
    await register('3000000000000003', 'Rob', 'Keeper', [license('D', '2025-12-31', 'expired')]);
    expect((await setId(w.player, w.player, '3000000000000003')).statusCode).toBe(204);
    expect(await checkUsSoccerLicense(deps(), requirementId, new Date('2026-11-26T12:00:00Z'))).toMatchObject(
      {
        match: 'matched',
        status: RequirementStatus.Expired,
      },
    );
    expect((await requirementRow(requirementId)).expiresAt).toBe('2025-12-31');
  });

  it('a record under another name goes to a reviewer (ManualUpload), never silently accepted', async () => {
    await register('3000000000000004', 'Dana', 'Whitfield', [license('A-Youth', '2099-01-01')]);
    expect((await setId(w.player, w.player, '3000000000000004')).statusCode).toBe(204);
    expect(await checkUsSoccerLicense(deps(), requirementId, new Date())).toMatchObject({
      match: 'name_mismatch',
      status: RequirementStatus.PendingReview,
    });
    const row = await requirementRow(requirementId);
    expect(row.reviewSource).toBe(ReviewSource.ManualUpload);
    const view = (await send(w.player, 'GET', licensesUrl())).json();
    expect(view).toMatchObject({ match: 'name_mismatch', recordName: 'Dana Whitfield' });
  });

  it('an id nobody holds leaves it Incomplete; the daily recheck queues each member with an id once a day', async () => {
    expect((await setId(w.player, w.player, '3999999999999999')).statusCode).toBe(204);
    expect(await checkUsSoccerLicense(deps(), requirementId, new Date())).toMatchObject({
      match: 'not_found',
      status: RequirementStatus.Incomplete,
    });
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Incomplete);
    const at = new Date('2030-01-02T03:20:00Z');
    expect(await queueUsSoccerRechecks(deps(), at)).toBe(1);
    expect(await queueUsSoccerRechecks(deps(), at)).toBe(1);
    // Six set-ussf-id lookups above, and one recheck for the day however often the cron runs.
    expect(await queuedChecks()).toBe(6);
  });
});
