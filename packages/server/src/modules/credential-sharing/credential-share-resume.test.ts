import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialShare } from '@touchline/contracts/credential-sharing';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { TestMember } from '../../../test/factories.ts';
import { credentialShares, receivedCredentials, requirementEvents } from '../../db/schema/index.ts';
import { addDays, dayOf } from '../../requirement-core/engine/calendar.ts';
import { refreshMemberRequirementsNow } from '../../requirement-core/requirements-engine.service.ts';
import {
  accessOf,
  createSharingWorld,
  credentialAudit,
  historyOf,
  requirementOf,
  type SharingWorld,
} from './credential-sharing.test-support.ts';

// A renewal resumes a share that lapsed by expiry (ADR 049, 2026-11-30): the consent covers the credential until the
// member stops sharing, and an expiry before the renewal completed is not the member stopping. The member can stop a
// lapsed share so that it does not resume. PGlite, and PostgreSQL with TEST_DATABASE_URL.

let w: SharingWorld;
let plaA = '';
let shareId = '';
const today = dayOf(new Date());
const oldCompletion = addDays(today, -350);

const send = (who: TestMember, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const completedOn = async (day: string) => {
  const res = await send(
    w.managerA,
    'PATCH',
    `/api/app/requirement/${w.definitionA}/completed-date-time/${plaA}`,
    {
      completedDateTime: `${day}T00:00:00.000Z`,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
};
const renew = async () => {
  const res = await send(
    w.managerA,
    'POST',
    `/api/app/requirement/${w.definitionA}/complete-without-upload/${plaA}`,
    {
      date: today,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
};
const rows = async () => {
  const [share] = await w.t.database.db
    .select()
    .from(credentialShares)
    .where(eq(credentialShares.id, shareId));
  const [copy] = await w.t.database.db
    .select()
    .from(receivedCredentials)
    .where(eq(receivedCredentials.shareId, shareId));
  return { share: share!, copy: copy! };
};
const sharesPage = async () =>
  (
    (await send(w.coachA, 'GET', `/api/app/profile/${w.coachA.profileId}/credential-sharing`)).json() as {
      shares: CredentialShare[];
    }
  ).shares;

beforeAll(async () => {
  w = await createSharingWorld();
  plaA = await accessOf(w, w.coachA.profileId);
  const accept = await send(w.adminB, 'PUT', `/api/app/content/${w.definitionB}/credential-acceptance`, {
    acceptsShared: true,
    maxAgeDays: null,
  });
  expect(accept.statusCode, accept.body).toBe(200);
  await completedOn(oldCompletion);
  const shared = await send(w.coachA, 'POST', `/api/app/profile/${w.coachA.profileId}/credential-shares`, {
    memberRequirementId: (await requirementOf(w, w.coachA.profileId, w.definitionA)).id,
    targetProfileId: w.coachB.profileId,
    consent: true,
  });
  expect(shared.statusCode, shared.body).toBe(201);
  shareId = (shared.json() as { id: string }).id;
});
afterAll(async () => w.t.close());

describe('a share whose credential expired before the renewal completed', () => {
  it('lapses as expired, and the member is told it resumes with the renewal', async () => {
    await completedOn(addDays(today, -400));
    const { share, copy } = await rows();
    expect(share.revokedReason).toBe('expired');
    expect(copy.revokedReason).toBe('source-expired');
    expect((await requirementOf(w, w.coachB.profileId, w.definitionB)).status).not.toBe(
      RequirementStatus.Completed,
    );
    expect((await sharesPage())[0]).toMatchObject({ id: shareId, resumesOnRenewal: true });
  });

  it('resumes when the renewal completes: live again with the renewed dates, both histories say so', async () => {
    await renew();
    const validUntil = addDays(today, 364);
    const { share, copy } = await rows();
    expect(share).toMatchObject({ revokedAt: null, revokedReason: null });
    expect(share.summary).toMatchObject({ completedOn: today, validUntil });
    expect(copy).toMatchObject({ revokedAt: null, revokedReason: null, completedOn: today, validUntil });
    const inB = await requirementOf(w, w.coachB.profileId, w.definitionB);
    expect(inB.status).toBe(RequirementStatus.Completed);
    const statusEvents = await w.t.database.db
      .select({ data: requirementEvents.data })
      .from(requirementEvents)
      .where(and(eq(requirementEvents.memberRequirementId, inB.id), eq(requirementEvents.action, 'status')));
    expect(statusEvents.map((e) => e.data)).toContainEqual({ reason: 'credential-resumed' });
    const inA = await requirementOf(w, w.coachA.profileId, w.definitionA);
    expect(await historyOf(w, inA.id)).toEqual([
      'credential-shared',
      'credential-share-lapsed',
      'credential-share-resumed',
    ]);
    expect(await historyOf(w, inB.id)).toEqual([
      'credential-received',
      'credential-lapsed',
      'credential-resumed',
    ]);
    const [event] = await w.t.database.db
      .select({ data: requirementEvents.data })
      .from(requirementEvents)
      .where(
        and(
          eq(requirementEvents.memberRequirementId, inB.id),
          eq(requirementEvents.action, 'credential-resumed'),
        ),
      );
    expect(event?.data).toMatchObject({
      shareId,
      completedOn: today,
      validUntil,
      lapsedOn: today,
      fromOrganization: 'Riverside Youth Soccer',
    });
    expect(await credentialAudit(w, w.a.id)).toEqual([
      'credential.shared',
      'credential.share_lapsed',
      'credential.share_resumed',
    ]);
    expect((await credentialAudit(w, w.b.id)).slice(-3)).toEqual([
      'credential.received',
      'credential.lapsed',
      'credential.resumed',
    ]);
    expect((await sharesPage())[0]).toMatchObject({ id: shareId, revokedAt: null, resumesOnRenewal: false });
    // Once more: nothing changes.
    await refreshMemberRequirementsNow(w.t.database.db, w.a.id);
    expect(await historyOf(w, inA.id)).toHaveLength(3);
  });

  it('stays stopped when the member stopped it after it lapsed', async () => {
    await completedOn(addDays(today, -400));
    expect((await rows()).share.revokedReason).toBe('expired');
    const lapsedAt = (await rows()).share.revokedAt;
    const stop = await send(
      w.coachA,
      'POST',
      `/api/app/profile/${w.coachA.profileId}/credential-shares/${shareId}/revoke`,
    );
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ resumesOnRenewal: false });
    const stopped = await rows();
    expect(stopped.share).toMatchObject({ revokedReason: 'consent-withdrawn', revokedAt: lapsedAt });
    expect(stopped.copy.revokedReason).toBe('consent-withdrawn');
    await renew();
    expect((await rows()).share.revokedReason).toBe('consent-withdrawn');
    expect((await requirementOf(w, w.coachB.profileId, w.definitionB)).status).not.toBe(
      RequirementStatus.Completed,
    );
    expect((await credentialAudit(w, w.a.id)).filter((a) => a === 'credential.share_resumed')).toHaveLength(
      1,
    );
  });
});
