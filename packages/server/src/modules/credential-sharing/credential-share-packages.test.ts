import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { TestMember } from '../../../test/factories.ts';
import { receivedCredentials, screeningOrders } from '../../db/schema/index.ts';
import { refreshMemberRequirementsNow } from '../../requirement-core/requirements-engine.service.ts';
import { addDefinition, assign } from '../requirements/requirements-engine.test-kit.ts';
import {
  accessOf,
  createSharingWorld,
  requirementOf,
  type SharingWorld,
} from './credential-sharing.test-support.ts';

// "The same vendor package or better" for a shared background check (ADR 049, 2026-11-30): the order keeps the
// package's searches as the vendor listed them, the summary carries them, and a receiving definition whose package's
// searches are all among them accepts it even though its package id is another (a Yardstik sub-account's packages
// are its own). PGlite, and PostgreSQL with TEST_DATABASE_URL.

const standard = ['SSN Trace', 'National Criminal Search', 'Sex Offender Registry'];
let w: SharingWorld;
let checkA = '';
let basicB = '';
let completeB = '';
let sameIdB = '';

const send = (who: TestMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

async function backgroundCheck(w: SharingWorld, org: SharingWorld['a'], name: string, content: object) {
  const id = await addDefinition(w.t, org, {
    type: RequirementType.BackgroundCheck,
    name,
    content: { vendor: 'Yardstik', packageName: name, payer: 'organization', ...content },
    validityMode: 'Duration',
    validityDays: 730,
  });
  await assign(w.t, org, id, org.team, org.labelIds.member);
  return id;
}

beforeAll(async () => {
  w = await createSharingWorld();
  checkA = await backgroundCheck(w, w.a, 'Volunteer Standard', {
    packageId: 'pkg-a-standard',
    packageSearches: standard,
  });
  basicB = await backgroundCheck(w, w.b, 'Volunteer Basic', {
    packageId: 'pkg-b-basic',
    packageSearches: ['National criminal search', 'Sex Offender Registry'],
  });
  completeB = await backgroundCheck(w, w.b, 'Volunteer Complete', {
    packageId: 'pkg-b-complete',
    packageSearches: [...standard, 'County Criminal Search'],
  });
  // A definition that lists no searches (typed in by hand): only the same package id counts.
  sameIdB = await backgroundCheck(w, w.b, 'Volunteer (typed)', { packageId: 'pkg-b-typed' });
  await refreshMemberRequirementsNow(w.t.database.db, w.a.id);
  await refreshMemberRequirementsNow(w.t.database.db, w.b.id);
  for (const definitionId of [basicB, completeB, sameIdB]) {
    const accept = await send(w.adminB, 'PUT', `/api/app/content/${definitionId}/credential-acceptance`, {
      acceptsShared: true,
      maxAgeDays: null,
    });
    expect(accept.statusCode, accept.body).toBe(200);
  }
  // The coach's check in A: the order as the ordering job records it (the vendor's listed searches; tested in
  // background-check.test.ts), then cleared.
  const requirement = await requirementOf(w, w.coachA.profileId, checkA);
  await w.t.database.db.insert(screeningOrders).values({
    organizationId: w.a.id,
    profileLevelAccessId: await accessOf(w, w.coachA.profileId),
    memberRequirementId: requirement.id,
    vendor: 'yardstik',
    vendorCandidateId: 'cand-1',
    vendorReportId: 'rep-1',
    packageId: 'pkg-a-standard',
    packageSearches: standard,
    status: 'clear',
    vendorStatus: 'clear',
  });
  const done = await send(
    w.managerA,
    'POST',
    `/api/app/requirement/${checkA}/complete-without-upload/${await accessOf(w, w.coachA.profileId)}`,
    { date: w.completedOn },
  );
  expect(done.statusCode, done.body).toBe(200);
});
afterAll(async () => w.t.close());

describe('a shared background check, by its searches', () => {
  it('shows the searches before consent and carries them in the summary', async () => {
    const page = await send(w.coachA, 'GET', `/api/app/profile/${w.coachA.profileId}/credential-sharing`);
    expect(page.statusCode, page.body).toBe(200);
    const requirement = await requirementOf(w, w.coachA.profileId, checkA);
    const credential = (
      page.json() as {
        credentials: { memberRequirementId: string; summary: Record<string, unknown> }[];
      }
    ).credentials.find((c) => c.memberRequirementId === requirement.id);
    expect(credential?.summary).toMatchObject({
      vendor: 'Yardstik',
      packageCode: 'pkg-a-standard',
      searches: standard,
    });
    const shared = await send(w.coachA, 'POST', `/api/app/profile/${w.coachA.profileId}/credential-shares`, {
      memberRequirementId: requirement.id,
      targetProfileId: w.coachB.profileId,
      consent: true,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const [copy] = await w.t.database.db
      .select()
      .from(receivedCredentials)
      .where(eq(receivedCredentials.shareId, (shared.json() as { id: string }).id));
    expect(copy?.summary).toMatchObject({ packageCode: 'pkg-a-standard', searches: standard });
  });

  it('meets a package whose searches it includes; not one that searches more, nor one whose searches are unknown', async () => {
    const status = async (definitionId: string) =>
      (await requirementOf(w, w.coachB.profileId, definitionId)).status;
    expect(await status(basicB)).toBe(RequirementStatus.Completed);
    expect(await status(completeB)).toBe(RequirementStatus.Incomplete);
    expect(await status(sameIdB)).toBe(RequirementStatus.Incomplete);
    const received = await send(
      w.coachB,
      'GET',
      `/api/app/profile/${w.coachB.profileId}/received-credentials`,
    );
    expect(received.statusCode, received.body).toBe(200);
    expect(JSON.stringify(received.json())).toContain('Volunteer Basic');
    expect(JSON.stringify(received.json())).not.toContain('Volunteer Complete');
  });
});
