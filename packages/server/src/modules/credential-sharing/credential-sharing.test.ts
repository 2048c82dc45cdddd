import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import { addDays, dayOf } from '../../requirement-core/engine/calendar.ts';
import { rederiveDateDependentStatuses } from '../../requirement-core/requirements-engine.service.ts';
import { overallOf } from '../requirements/requirements-engine.test-kit.ts';
import {
  accessOf,
  createSharingWorld,
  credentialAudit,
  historyOf,
  requirementOf,
  type SharingWorld,
} from './credential-sharing.test-support.ts';

// Clearance that travels with the member (ADR 049): the route matrices and the isolation matrix across two
// organizations. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let w: SharingWorld;
beforeAll(async () => {
  w = await createSharingWorld();
});
afterAll(async () => w.t.close());

const send = (who: TestMember | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const sharingUrl = (profileId: string) => `/api/app/profile/${profileId}/credential-sharing`;
const sharesUrl = (profileId: string) => `/api/app/profile/${profileId}/credential-shares`;
const revokeUrl = (profileId: string, shareId: string) => `${sharesUrl(profileId)}/${shareId}/revoke`;
const receivedUrl = (profileId: string) => `/api/app/profile/${profileId}/received-credentials`;
const acceptanceUrl = (definitionId: string) => `/api/app/content/${definitionId}/credential-acceptance`;
const requirementA = () => requirementOf(w, w.coachA.profileId, w.definitionA);
const statusInB = async (profileId: string) => (await requirementOf(w, profileId, w.definitionB)).status;
const shareBody = async (targetProfileId: string) => ({
  memberRequirementId: (await requirementA()).id,
  targetProfileId,
  consent: true,
});

describe('PUT/GET /api/app/content/{id}/credential-acceptance', () => {
  it('401, 404 another organization, 403 below admin, 400 bad input, then the setting', async () => {
    expect((await send(null, 'GET', acceptanceUrl(w.definitionB))).statusCode).toBe(401);
    expect((await send(w.adminA, 'GET', acceptanceUrl(w.definitionB))).statusCode).toBe(404);
    expect(
      (await send(w.adminA, 'PUT', acceptanceUrl(w.definitionB), { acceptsShared: true, maxAgeDays: null }))
        .statusCode,
    ).toBe(404);
    expect((await send(w.managerB, 'GET', acceptanceUrl(w.definitionB))).statusCode).toBe(403);
    expect(
      (await send(w.managerB, 'PUT', acceptanceUrl(w.definitionB), { acceptsShared: true, maxAgeDays: null }))
        .statusCode,
    ).toBe(403);
    const bad = await send(w.adminB, 'PUT', acceptanceUrl(w.definitionB), {
      acceptsShared: 'yes',
      maxAgeDays: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(['acceptsShared', 'maxAgeDays']);
    expect((await send(w.adminB, 'GET', acceptanceUrl('not-an-id'))).statusCode).toBe(400);
    const before = await send(w.adminB, 'GET', acceptanceUrl(w.definitionB));
    expect(before.json()).toMatchObject({ shareable: true, acceptsShared: false, maxAgeDays: null });
  });
});

describe('before consent', () => {
  it('the receiver sees nothing of the other organization: 404 for its profiles, nothing received', async () => {
    expect((await send(w.adminB, 'GET', receivedUrl(w.coachA.profileId))).statusCode).toBe(404);
    expect((await send(w.adminB, 'GET', sharingUrl(w.coachA.profileId))).statusCode).toBe(404);
    expect((await send(w.adminB, 'GET', receivedUrl(w.coachB.profileId))).json()).toEqual({ items: [] });
    expect(await statusInB(w.coachB.profileId)).toBe(RequirementStatus.Incomplete);
  });
});

describe('GET /api/app/profile/{id}/credential-sharing', () => {
  it('401, 404 another organization, 403 anyone but the member or guardian, then exactly what would be shared', async () => {
    expect((await send(null, 'GET', sharingUrl(w.coachA.profileId))).statusCode).toBe(401);
    expect((await send(w.adminC, 'GET', sharingUrl(w.coachA.profileId))).statusCode).toBe(404);
    expect((await send(w.coachA, 'GET', sharingUrl(w.coachB.profileId))).statusCode).toBe(404);
    expect((await send(w.managerA, 'GET', sharingUrl(w.coachA.profileId))).statusCode).toBe(403);
    expect((await send(w.adminA, 'GET', sharingUrl(w.coachA.profileId))).statusCode).toBe(403);
    expect((await send(w.otherParentA, 'GET', sharingUrl(w.childA))).statusCode).toBe(403);
    expect((await send(w.coachA, 'GET', sharingUrl('nope'))).statusCode).toBe(400);
    const res = await send(w.coachA, 'GET', sharingUrl(w.coachA.profileId));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.credentials).toHaveLength(1);
    expect(body.credentials[0].summary).toEqual({
      requirementType: 7,
      requirementName: 'Age verification',
      result: 'Completed',
      completedOn: w.completedOn,
      validUntil: addDays(w.completedOn, 364),
      vendor: null,
      packageCode: 'Age',
      packageName: 'Age',
      searches: null,
      sandbox: false,
    });
    // Only the coach's own membership in B: not C (no membership), not anyone else's.
    expect(body.destinations).toEqual([
      {
        profileId: w.coachB.profileId,
        organizationId: w.b.id,
        organizationName: 'Hillcrest United',
        memberName: 'Sam Okafor',
      },
    ]);
  });
});

describe('POST /api/app/profile/{id}/credential-shares, then revoke: the isolation matrix', () => {
  it('401, 404, 403 and 400 change nothing', async () => {
    const body = await shareBody(w.coachB.profileId);
    expect((await send(null, 'POST', sharesUrl(w.coachA.profileId), body)).statusCode).toBe(401);
    expect((await send(w.adminC, 'POST', sharesUrl(w.coachA.profileId), body)).statusCode).toBe(404);
    expect((await send(w.adminB, 'POST', sharesUrl(w.coachA.profileId), body)).statusCode).toBe(404);
    expect((await send(w.managerA, 'POST', sharesUrl(w.coachA.profileId), body)).statusCode).toBe(403);
    const noConsent = await send(w.coachA, 'POST', sharesUrl(w.coachA.profileId), {
      ...body,
      consent: false,
    });
    expect(noConsent.statusCode).toBe(400);
    expect(validationFields(noConsent)).toEqual(['consent']);
    expect(validationFields(await send(w.coachA, 'POST', sharesUrl(w.coachA.profileId), {}))).toEqual([
      'consent',
      'memberRequirementId',
      'targetProfileId',
    ]);
    // Into C, where the coach has no membership, or onto someone else's profile in B: refused.
    for (const target of [w.adminC.profileId, w.strangerB.profileId, w.coachA.profileId]) {
      const res = await send(w.coachA, 'POST', sharesUrl(w.coachA.profileId), {
        ...body,
        targetProfileId: target,
      });
      expect(res.statusCode).toBe(400);
      expect(validationFields(res)).toEqual(['targetProfileId']);
    }
    const notMine = await send(w.coachA, 'POST', sharesUrl(w.coachA.profileId), {
      ...body,
      memberRequirementId: (await requirementOf(w, w.childA, w.definitionA)).id,
    });
    expect(validationFields(notMine)).toEqual(['memberRequirementId']);
    expect((await send(w.adminB, 'GET', receivedUrl(w.coachB.profileId))).json()).toEqual({ items: [] });
    expect(await credentialAudit(w, w.a.id)).toEqual([]);
  });

  it('after consent the receiver sees only the summary; with acceptance it satisfies; after revocation nothing', async () => {
    const created = await send(
      w.coachA,
      'POST',
      sharesUrl(w.coachA.profileId),
      await shareBody(w.coachB.profileId),
    );
    expect(created.statusCode, created.body).toBe(201);
    const share = created.json();
    expect(share).toMatchObject({ targetOrganizationName: 'Hillcrest United', revokedAt: null });
    const again = await send(
      w.coachA,
      'POST',
      sharesUrl(w.coachA.profileId),
      await shareBody(w.coachB.profileId),
    );
    expect(again.statusCode).toBe(409);

    // Received, but B does not accept shared credentials yet: still not met.
    const received = await send(w.adminB, 'GET', receivedUrl(w.coachB.profileId));
    expect(received.statusCode).toBe(200);
    const [item] = received.json().items;
    expect(Object.keys(item).sort()).toEqual(
      ['id', 'profileId', 'receivedAt', 'revokedAt', 'satisfies', 'sourceOrganizationName', 'summary'].sort(),
    );
    expect(item.summary).toEqual(share.summary);
    expect(item.satisfies).toEqual([]);
    expect(await statusInB(w.coachB.profileId)).toBe(RequirementStatus.Incomplete);
    // Still 404 for everything of A's own.
    expect((await send(w.adminB, 'GET', sharingUrl(w.coachA.profileId))).statusCode).toBe(404);
    expect((await send(w.adminB, 'POST', revokeUrl(w.coachA.profileId, share.id))).statusCode).toBe(404);
    expect((await send(w.strangerB, 'GET', receivedUrl(w.coachB.profileId))).statusCode).toBe(403);
    expect((await send(w.coachB, 'GET', receivedUrl(w.coachB.profileId))).statusCode).toBe(200);

    // B accepts: the requirement is satisfied by the shared credential, and the member is cleared.
    const accept = await send(w.adminB, 'PUT', acceptanceUrl(w.definitionB), {
      acceptsShared: true,
      maxAgeDays: 365,
    });
    expect(accept.statusCode).toBe(200);
    expect(await statusInB(w.coachB.profileId)).toBe(RequirementStatus.Completed);
    expect(await overallOf(w.t, w.coachB.profileLevelAccessId)).toBe(MemberOverallStatus.Cleared);
    // The member's own list in B says so too (it re-derives for today with the same input).
    const mine = (await send(w.coachB, 'GET', '/api/app/requirement/my-requirements')).json();
    expect(mine.items.map((i: { status: number }) => i.status)).toEqual([RequirementStatus.Completed]);
    const satisfied = (await send(w.managerB, 'GET', receivedUrl(w.coachB.profileId))).json();
    expect(satisfied.items[0].satisfies).toEqual([{ definitionId: w.definitionB, name: 'Age verification' }]);

    // Revocation: 403 for a manager of A, 404 through B's profile, then the member revokes.
    expect((await send(w.managerA, 'POST', revokeUrl(w.coachA.profileId, share.id))).statusCode).toBe(403);
    expect((await send(w.coachB, 'POST', revokeUrl(w.coachB.profileId, share.id))).statusCode).toBe(404);
    const revoked = await send(w.coachA, 'POST', revokeUrl(w.coachA.profileId, share.id));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect(await statusInB(w.coachB.profileId)).toBe(RequirementStatus.Incomplete);
    expect(await overallOf(w.t, w.coachB.profileLevelAccessId)).toBe(MemberOverallStatus.Incomplete);
    const mineAfter = (await send(w.coachB, 'GET', '/api/app/requirement/my-requirements')).json();
    expect(mineAfter.items.map((i: { status: number }) => i.status)).toEqual([RequirementStatus.Incomplete]);
    const after = (await send(w.adminB, 'GET', receivedUrl(w.coachB.profileId))).json();
    expect(after.items[0].revokedAt).not.toBeNull();
    expect(after.items[0].satisfies).toEqual([]);
    expect((await send(w.coachA, 'POST', revokeUrl(w.coachA.profileId, share.id))).statusCode).toBe(200);

    // Both sides' histories and audit trails.
    expect(await credentialAudit(w, w.a.id)).toEqual(['credential.shared', 'credential.share_revoked']);
    expect(await credentialAudit(w, w.b.id)).toEqual([
      'credential.received',
      'credential_acceptance.set',
      'credential.revoked',
    ]);
    expect(await historyOf(w, (await requirementA()).id)).toEqual([
      'credential-shared',
      'credential-share-revoked',
    ]);
    const inB = await requirementOf(w, w.coachB.profileId, w.definitionB);
    expect(await historyOf(w, inB.id)).toEqual(['credential-received', 'credential-revoked']);
  });

  it('two consents sent at once make one share; the other is told it is already shared', async () => {
    const body = await shareBody(w.coachB.profileId);
    const answers = await Promise.all([
      send(w.coachA, 'POST', sharesUrl(w.coachA.profileId), body),
      send(w.coachA, 'POST', sharesUrl(w.coachA.profileId), body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const live = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
    expect((await send(w.coachA, 'POST', revokeUrl(w.coachA.profileId, live.id))).statusCode).toBe(200);
  });

  it('a guardian shares for their child only; an expiry or a stricter age returns it to not met', async () => {
    const page = (await send(w.guardianA, 'GET', sharingUrl(w.childA))).json();
    expect(page.destinations.map((d: { profileId: string }) => d.profileId)).toEqual([w.childB]);
    const childRequirement = (await requirementOf(w, w.childA, w.definitionA)).id;
    const body = { memberRequirementId: childRequirement, targetProfileId: w.childB, consent: true };
    // Not onto the guardian's own profile there, and the other parent may not share this child.
    const own = await send(w.guardianA, 'POST', sharesUrl(w.childA), {
      ...body,
      targetProfileId: w.guardianB.profileId,
    });
    expect(validationFields(own)).toEqual(['targetProfileId']);
    expect((await send(w.otherParentA, 'POST', sharesUrl(w.childA), body)).statusCode).toBe(403);
    const created = await send(w.guardianA, 'POST', sharesUrl(w.childA), body);
    expect(created.statusCode, created.body).toBe(201);
    expect(await statusInB(w.childB)).toBe(RequirementStatus.Completed);
    expect((await send(w.guardianB, 'GET', receivedUrl(w.childB))).json().items).toHaveLength(1);

    // Not older than 5 days: the ten-day-old credential no longer counts (Expired, not met).
    await send(w.adminB, 'PUT', acceptanceUrl(w.definitionB), { acceptsShared: true, maxAgeDays: 5 });
    expect(await statusInB(w.childB)).toBe(RequirementStatus.Expired);
    await send(w.adminB, 'PUT', acceptanceUrl(w.definitionB), { acceptsShared: true, maxAgeDays: null });
    expect(await statusInB(w.childB)).toBe(RequirementStatus.Completed);

    // The daily re-derivation a year on: the credential's own validity has ended.
    const later = new Date(Date.now() + 400 * 86_400_000);
    await rederiveDateDependentStatuses(w.t.database.db, w.b.id, later, dayOf(later));
    expect(await statusInB(w.childB)).toBe(RequirementStatus.Expired);
    await rederiveDateDependentStatuses(w.t.database.db, w.b.id, new Date());
    expect(await statusInB(w.childB)).toBe(RequirementStatus.Completed);

    // Not accepted any more: back to not met.
    await send(w.adminB, 'PUT', acceptanceUrl(w.definitionB), { acceptsShared: false, maxAgeDays: null });
    expect(await statusInB(w.childB)).toBe(RequirementStatus.Incomplete);
    expect(await accessOf(w, w.childB)).toBeTruthy();
  });
});
