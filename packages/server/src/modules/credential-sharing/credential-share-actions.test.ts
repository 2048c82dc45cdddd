import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardMember } from '@touchline/contracts/dashboard';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { TestMember } from '../../../test/factories.ts';
import { multipartFile } from '../verification/verification.test-support.ts';
import {
  accessOf,
  createSharingWorld,
  requirementOf,
  type SharingWorld,
} from './credential-sharing.test-support.ts';

// What is offered on a requirement met by a shared credential (ADR 049, 2026-11-29 "Actions on a requirement met by
// a share"): the engine counts it as met, so the member is offered nothing that redoes it and staff no reopen or
// completion by hand — the answers name the share instead, and the server refuses the moves with the reason.
// PGlite, and PostgreSQL with TEST_DATABASE_URL.

let w: SharingWorld;
let plaB = '';
beforeAll(async () => {
  w = await createSharingWorld();
  const accept = await send(w.adminB, 'PUT', `/api/app/content/${w.definitionB}/credential-acceptance`, {
    acceptsShared: true,
    maxAgeDays: null,
  });
  expect(accept.statusCode, accept.body).toBe(200);
  plaB = await accessOf(w, w.coachB.profileId);
});
afterAll(async () => w.t.close());

const send = (who: TestMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

async function shareCoach(): Promise<void> {
  const res = await send(w.coachA, 'POST', `/api/app/profile/${w.coachA.profileId}/credential-shares`, {
    memberRequirementId: (await requirementOf(w, w.coachA.profileId, w.definitionA)).id,
    targetProfileId: w.coachB.profileId,
    consent: true,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The coach's row on B's dashboard, as B's manager reads it. */
async function dashboardRowOfCoach(): Promise<DashboardMember> {
  const res = await send(
    w.managerB,
    'GET',
    `/api/app/hierarchy-level/${w.b.division.id}/members?perPage=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().items as DashboardMember[]).find((m) => m.profileId === w.coachB.profileId);
  if (!row) throw new Error('the coach is not on the dashboard');
  return row;
}

describe('before anything is shared (the member’s own requirement, not met)', () => {
  it('the member is offered to do it and staff to complete it', async () => {
    const mine = await send(w.coachB, 'GET', '/api/app/requirement/my-requirements');
    expect(mine.json().items[0]).toMatchObject({
      status: RequirementStatus.Incomplete,
      nextAction: 'complete',
      sharedCredential: null,
    });
    const view = await send(
      w.coachB,
      'GET',
      `/api/app/requirement/${w.definitionB}/age-verification?plaId=${plaB}`,
    );
    expect(view.json().maySubmit).toBe(true);
    const cell = (await dashboardRowOfCoach()).requirements[0];
    expect(cell).toMatchObject({ allowedActions: ['markComplete'], sharedCredential: null });
  });
});

describe('a requirement met by a credential shared from another organization', () => {
  beforeAll(shareCoach);

  it('offers the member nothing that would redo it, and names the share', async () => {
    expect((await requirementOf(w, w.coachB.profileId, w.definitionB)).status).toBe(
      RequirementStatus.Completed,
    );
    const mine = await send(w.coachB, 'GET', '/api/app/requirement/my-requirements');
    expect(mine.json().items[0]).toMatchObject({
      status: RequirementStatus.Completed,
      allowedActions: [],
      nextAction: null,
      sharedCredential: { sourceOrganizationName: 'Riverside Youth Soccer', completedOn: w.completedOn },
    });
    const view = await send(
      w.coachB,
      'GET',
      `/api/app/requirement/${w.definitionB}/age-verification?plaId=${plaB}`,
    );
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().maySubmit).toBe(false);
  });

  it('refuses the member’s hand-in with the reason (409), before any file is read', async () => {
    const body = multipartFile('file', 'proof.png', 'image/png', Buffer.from('not read'));
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${w.definitionB}/age-verification?plaId=${plaB}&proofType=BirthCertificate&dateOfBirth=1990-05-14`,
      headers: { ...body.headers, ...w.coachB.auth },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(
      'This requirement is met by your credential shared from Riverside Youth Soccer; there is nothing to do here. Renew it at Riverside Youth Soccer: while you share it, the renewal counts here too',
    );
  });

  it('offers staff no reopen or completion on the dashboard, and names the share there', async () => {
    const cell = (await dashboardRowOfCoach()).requirements[0];
    expect(cell).toMatchObject({
      status: RequirementStatus.Completed,
      allowedActions: [],
      sharedCredential: { sourceOrganizationName: 'Riverside Youth Soccer', completedOn: w.completedOn },
    });
    // The other members' cells are as before.
    const res = await send(
      w.managerB,
      'GET',
      `/api/app/hierarchy-level/${w.b.division.id}/members?perPage=100`,
    );
    const stranger = (res.json().items as DashboardMember[]).find(
      (m) => m.profileId === w.strangerB.profileId,
    );
    expect(stranger?.requirements[0]).toMatchObject({
      allowedActions: ['markComplete'],
      sharedCredential: null,
    });
  });

  it('refuses staff reopen and completion by hand with what to do instead (409); nothing changes', async () => {
    const staffRefusal =
      "This requirement is met by a credential shared from Riverside Youth Soccer; it cannot be reopened or completed here. The member can stop sharing it, and whether it still holds is Riverside Youth Soccer's own review to decide";
    const reopen = await send(
      w.managerB,
      'POST',
      `/api/app/requirement/${w.definitionB}/mark-incomplete/${plaB}`,
      { note: 'try' },
    );
    expect(reopen.statusCode, reopen.body).toBe(409);
    expect(reopen.json().error.message).toBe(staffRefusal);
    const complete = await send(
      w.managerB,
      'POST',
      `/api/app/requirement/${w.definitionB}/complete-without-upload/${plaB}`,
      { date: w.completedOn },
    );
    expect(complete.statusCode, complete.body).toBe(409);
    expect(complete.json().error.message).toBe(staffRefusal);
    const row = await requirementOf(w, w.coachB.profileId, w.definitionB);
    expect(row).toMatchObject({ status: RequirementStatus.Completed, completedAt: null });
    // The moves still answer 403 and 404 before any of this (the matrices of the requirement routes hold).
    const asMember = await send(
      w.strangerB,
      'POST',
      `/api/app/requirement/${w.definitionB}/mark-incomplete/${plaB}`,
      {},
    );
    expect(asMember.statusCode).toBe(403);
    const fromC = await send(
      w.adminC,
      'POST',
      `/api/app/requirement/${w.definitionB}/mark-incomplete/${plaB}`,
      {},
    );
    expect(fromC.statusCode).toBe(404);
  });

  it('offers everything again once the member stops sharing', async () => {
    const page = await send(w.coachA, 'GET', `/api/app/profile/${w.coachA.profileId}/credential-sharing`);
    const shareId = page.json().shares[0].id as string;
    const stop = await send(
      w.coachA,
      'POST',
      `/api/app/profile/${w.coachA.profileId}/credential-shares/${shareId}/revoke`,
    );
    expect(stop.statusCode, stop.body).toBe(200);
    const mine = await send(w.coachB, 'GET', '/api/app/requirement/my-requirements');
    expect(mine.json().items[0]).toMatchObject({
      status: RequirementStatus.Incomplete,
      nextAction: 'complete',
      sharedCredential: null,
    });
    const cell = (await dashboardRowOfCoach()).requirements[0];
    expect(cell).toMatchObject({ allowedActions: ['markComplete'], sharedCredential: null });
    const complete = await send(
      w.managerB,
      'POST',
      `/api/app/requirement/${w.definitionB}/complete-without-upload/${plaB}`,
      { date: w.completedOn },
    );
    expect(complete.statusCode, complete.body).toBe(200);
  });
});
