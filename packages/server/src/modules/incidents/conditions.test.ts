import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { type Incident } from '@touchline/contracts/incidents';
import {
  concussionConditionTitle,
  type Condition,
  type ConditionList,
} from '@touchline/contracts/conditions';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import { memberConditions } from '../../db/schema/index.ts';
import { sweepEndedConditions } from './conditions.service.ts';
import {
  auditOf,
  mailTo,
  closeIncidentWorld,
  createIncidentWorld,
  multipart,
  overallStatusOf,
  pdfBytes,
  report,
  type IncidentWorld,
} from './incidents.test-kit.ts';

let w: IncidentWorld;
beforeAll(async () => {
  w = await createIncidentWorld();
});
afterAll(() => closeIncidentWorld(w));

const conditions = (who: TestMember | null, profileId: string) =>
  w.t.app.inject({ url: `/api/app/profile/conditions/${profileId}`, headers: who?.auth ?? {} });
const save = (who: TestMember | null, profileId: string, payload: object) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/app/profile/${profileId}/condition-save`,
    headers: who?.auth ?? {},
    payload,
  });
const update = (who: TestMember | null, profileId: string, payload: object) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/app/profile/${profileId}/condition-update`,
    headers: who?.auth ?? {},
    payload,
  });
const clearance = (
  who: TestMember | null,
  profileId: string,
  conditionId: string,
  name = 'clearance.pdf',
) => {
  const body = multipart([{ name: 'file', filename: name, data: pdfBytes }]);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/app/profile/${profileId}/condition-clearance/${conditionId}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who?.auth ?? {}) },
  });
};
const supervised = {
  kind: 'Restriction',
  title: 'Supervised contact only',
  details: 'Two adults present at every practice.',
  restrictsPlay: false,
  visibility: 'Coaches',
  liftedBy: 'Decision',
};

describe('the concussion path: report → removed from play → clearance uploaded → reviewed → lifted', () => {
  it('runs end to end, with the member not cleared while the condition stands', async () => {
    expect(await overallStatusOf(w, w.child)).toBe(MemberOverallStatus.NoRequirements);
    const incident = (await report(w, w.coach, {
      type: 'concussion',
      involved: [
        { profileId: w.child.profileId, role: 'Injured' },
        { profileId: w.player.profileId, role: 'Witness' },
      ],
      whatHappened: 'Head-to-head collision; dazed and slow to get up.',
    })) as unknown as Incident;

    // At once: the injured member is removed from play, and only them.
    expect(await overallStatusOf(w, w.child)).toBe(MemberOverallStatus.Incomplete);
    expect(await overallStatusOf(w, w.player)).toBe(MemberOverallStatus.NoRequirements);
    const seen = (await conditions(w.parent, w.child.profileId)).json() as ConditionList;
    expect(seen.notClearedReason).toBe(`Not cleared: ${concussionConditionTitle}`);
    expect(seen.memberName).toBe('Kim Child');
    const [removal] = seen.items;
    expect(removal).toMatchObject({
      kind: 'RemovedFromPlay',
      incidentId: incident.id,
      restrictsPlay: true,
      liftedBy: 'Document',
      status: 'Active',
      standing: true,
    });
    const history = (
      (
        await w.t.app.inject({ url: `/api/app/incident/${incident.id}/incident`, headers: w.director.auth })
      ).json() as Incident
    ).history;
    expect(history.map((h) => h.action)).toEqual(['reported', 'removed_from_play']);
    const id = removal?.id ?? '';

    // A document-lifted condition cannot be lifted before its clearance is handed in.
    expect(
      (await update(w.director, w.child.profileId, { conditionId: id, lift: true, note: 'ok' })).statusCode,
    ).toBe(409);
    // Who hands it in: the member or their guardian (not another member, not another organization).
    expect((await clearance(null, w.child.profileId, id)).statusCode).toBe(401);
    expect((await clearance(w.otherAdmin, w.child.profileId, id)).statusCode).toBe(404);
    expect((await clearance(w.player, w.child.profileId, id)).statusCode).toBe(403);
    expect(validationFields(await clearance(w.parent, w.child.profileId, id, 'clearance.png'))).toEqual([
      'file',
    ]);
    const handedIn = await clearance(w.parent, w.child.profileId, id);
    expect(handedIn.statusCode).toBe(200);
    expect(handedIn.json()).toMatchObject({
      status: 'ClearanceSubmitted',
      clearance: { fileName: 'clearance.pdf' },
      standing: true,
    });
    expect(await overallStatusOf(w, w.child)).toBe(MemberOverallStatus.Incomplete);

    // The reviewer reads the clearance (audited), then lifts with a note.
    const read = await w.t.app.inject({
      url: `/api/app/profile/${w.child.profileId}/condition-clearance/${id}`,
      headers: w.director.auth,
    });
    expect([read.statusCode, read.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await auditOf(w, 'condition.clearance_read')).map((a) => a.entityId)).toEqual([id]);
    expect(
      validationFields(await update(w.director, w.child.profileId, { conditionId: id, lift: true })),
    ).toEqual(['note']);
    const lifted = await update(w.director, w.child.profileId, {
      conditionId: id,
      lift: true,
      note: 'Written clearance from Dr. Alvarez (MD), dated 2026-12-05; 7-day graduated protocol completed.',
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({
      status: 'Lifted',
      standing: false,
      lifted: { note: expect.stringContaining('Dr. Alvarez') },
    });
    expect(await overallStatusOf(w, w.child)).toBe(MemberOverallStatus.NoRequirements);
    expect(
      ((await conditions(w.child, w.child.profileId)).json() as ConditionList).notClearedReason,
    ).toBeNull();
    expect((await update(w.director, w.child.profileId, { conditionId: id, title: 'x' })).statusCode).toBe(
      409,
    );
    expect((await auditOf(w, 'condition.lifted')).map((a) => a.entityId)).toEqual([id]);
  });
});

describe('GET /api/app/profile/conditions/{id}', () => {
  let coachOnly: Condition;
  let reviewersOnly: Condition;
  beforeAll(async () => {
    coachOnly = (await save(w.director, w.player.profileId, supervised)).json() as Condition;
    reviewersOnly = (
      await save(w.director, w.player.profileId, {
        kind: 'MedicalInfo',
        title: 'Medical condition on file: asthma, inhaler',
        restrictsPlay: false,
        visibility: 'Reviewers',
        liftedBy: 'Decision',
      })
    ).json() as Condition;
  });

  it('401, 404 another organization’s member, 403 another member, 400 a bad id', async () => {
    expect((await conditions(null, w.player.profileId)).statusCode).toBe(401);
    expect((await conditions(w.director, w.otherAdmin.profileId)).statusCode).toBe(404);
    expect((await conditions(w.otherAdmin, w.player.profileId)).statusCode).toBe(404);
    expect((await conditions(w.child, w.player.profileId)).statusCode).toBe(403);
    expect((await conditions(w.parent, w.player.profileId)).statusCode).toBe(403);
    expect((await conditions(w.director, 'x')).statusCode).toBe(400);
  });

  it('reviewers and the member see all; a manager of the member’s levels sees the Coaches ones; reads audited', async () => {
    const ids = (who: TestMember) =>
      conditions(who, w.player.profileId).then((r) => (r.json() as ConditionList).items.map((c) => c.id));
    expect(await ids(w.director)).toEqual([coachOnly.id, reviewersOnly.id]);
    expect(await ids(w.player)).toEqual([coachOnly.id, reviewersOnly.id]);
    expect(await ids(w.manager)).toEqual([coachOnly.id]);
    expect(((await conditions(w.manager, w.player.profileId)).json() as ConditionList).canManage).toBe(false);
    expect(
      (await auditOf(w, 'condition.list_read')).some((a) => a.actorProfileId === w.manager.profileId),
    ).toBe(true);
    // Neither restricts play: the member stays as they were.
    expect(await overallStatusOf(w, w.player)).toBe(MemberOverallStatus.NoRequirements);
  });
});

describe('POST /api/app/profile/{id}/condition-save and condition-update', () => {
  it('save: 401, 404 another organization, 403 below incident access, 400 with field errors, 201 audited', async () => {
    expect((await save(null, w.player.profileId, supervised)).statusCode).toBe(401);
    expect((await save(w.otherAdmin, w.player.profileId, supervised)).statusCode).toBe(404);
    expect((await save(w.manager, w.player.profileId, supervised)).statusCode).toBe(403);
    expect((await save(w.player, w.player.profileId, supervised)).statusCode).toBe(403);
    expect(
      validationFields(
        await save(w.director, w.player.profileId, { ...supervised, title: '', until: '12/01' }),
      ),
    ).toEqual(['title', 'until']);
    expect(
      validationFields(
        await save(w.director, w.player.profileId, { ...supervised, incidentId: crypto.randomUUID() }),
      ),
    ).toEqual(['incidentId']);
    const res = await save(w.admin, w.child.profileId, {
      ...supervised,
      restrictsPlay: true,
      until: '2099-01-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ standing: true, setBy: { profileId: w.admin.profileId } });
    expect(await overallStatusOf(w, w.child)).toBe(MemberOverallStatus.Incomplete);
    expect((await auditOf(w, 'condition.set')).some((a) => a.entityId === (res.json() as Condition).id)).toBe(
      true,
    );
  });

  it('update: 401, 404, 403, 400; a decision lifts with a note and the member is cleared again', async () => {
    const made = (
      await save(w.director, w.player.profileId, { ...supervised, restrictsPlay: true })
    ).json() as Condition;
    expect(await overallStatusOf(w, w.player)).toBe(MemberOverallStatus.Incomplete);
    const lift = { conditionId: made.id, lift: true, note: 'Reviewed with the board.' };
    expect((await update(null, w.player.profileId, lift)).statusCode).toBe(401);
    expect((await update(w.otherAdmin, w.player.profileId, lift)).statusCode).toBe(404);
    expect((await update(w.director, w.child.profileId, lift)).statusCode).toBe(404);
    expect((await update(w.manager, w.player.profileId, lift)).statusCode).toBe(403);
    expect(validationFields(await update(w.director, w.player.profileId, { conditionId: 'x' }))).toEqual([
      'conditionId',
    ]);
    expect(
      validationFields(await update(w.director, w.player.profileId, { ...lift, rejectClearance: true })),
    ).toEqual(['lift']);
    const changed = await update(w.director, w.player.profileId, {
      conditionId: made.id,
      until: '2099-06-30',
    });
    expect(changed.json()).toMatchObject({ until: '2099-06-30', status: 'Active' });
    expect((await update(w.director, w.player.profileId, lift)).json()).toMatchObject({
      status: 'Lifted',
      standing: false,
    });
    expect(await overallStatusOf(w, w.player)).toBe(MemberOverallStatus.NoRequirements);
  });

  it('a restriction whose end has passed no longer stands', async () => {
    const past = (
      await save(w.director, w.coach.profileId, { ...supervised, restrictsPlay: true, until: '2020-01-01' })
    ).json() as Condition;
    expect(past.standing).toBe(false);
    expect(await overallStatusOf(w, w.coach)).toBe(MemberOverallStatus.NoRequirements);
  });
});

describe('GET /api/app/incident/restricted-members (who is not cleared, and why)', () => {
  const restricted = (who: TestMember | null, query = '') =>
    w.t.app.inject({ url: `/api/app/incident/restricted-members${query}`, headers: who?.auth ?? {} });

  it('401, 404 someone else’s access, 400 a bad id, 403 below manager; reasons as the caller may read them', async () => {
    await save(w.director, w.child.profileId, {
      ...supervised,
      kind: 'RemovedFromPlay',
      title: 'Removed from play — reviewers only',
      restrictsPlay: true,
      visibility: 'Reviewers',
    });
    expect((await restricted(null)).statusCode).toBe(401);
    expect(
      (await restricted(w.director, `?ProfileLevelAccessId=${w.admin.profileLevelAccessId}`)).statusCode,
    ).toBe(404);
    expect(validationFields(await restricted(w.director, '?ProfileLevelAccessId=x'))).toEqual([
      'ProfileLevelAccessId',
    ]);
    expect((await restricted(w.coach)).statusCode).toBe(403);
    expect((await restricted(w.otherAdmin)).json()).toEqual({ items: [], totalCount: 0 });

    const director = (await restricted(w.director)).json() as {
      items: { name: string; reasons: string[] }[];
    };
    expect(director.items).toEqual([
      expect.objectContaining({
        name: 'Kim Child',
        reasons: ['Supervised contact only', 'Removed from play — reviewers only'],
        clearanceWaiting: false,
      }),
    ]);
    const manager = (
      await restricted(w.manager, `?ProfileLevelAccessId=${w.manager.profileLevelAccessId}`)
    ).json() as {
      items: { name: string; reasons: string[] }[];
    };
    expect(manager.items).toEqual([
      expect.objectContaining({
        name: 'Kim Child',
        reasons: ['Supervised contact only', 'A condition for the league’s reviewers'],
      }),
    ]);
    expect((await auditOf(w, 'condition.restricted_list_read')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('a clearance handed in waits for a reviewer', () => {
  it('is flagged on the restricted list, and the member’s incident reviewers are mailed', async () => {
    const made = (
      await save(w.director, w.child.profileId, {
        ...supervised,
        kind: 'RemovedFromPlay',
        title: 'Removed from play — ankle',
        restrictsPlay: true,
        visibility: 'Reviewers',
        liftedBy: 'Document',
      })
    ).json() as Condition;
    const before = (await mailTo(w, w.director)).length;
    expect((await clearance(w.parent, w.child.profileId, made.id)).statusCode).toBe(200);
    const list = (
      await w.t.app.inject({ url: '/api/app/incident/restricted-members', headers: w.director.auth })
    ).json() as {
      items: { name: string; clearanceWaiting: boolean }[];
    };
    expect(list.items.find((i) => i.name === 'Kim Child')?.clearanceWaiting).toBe(true);
    const mails = await mailTo(w, w.director);
    expect(mails.slice(before)).toEqual([`${w.org.name}: a clearance was handed in for Kim Child`]);
    expect(await mailTo(w, w.manager)).toEqual([]);
  });
});

describe('the daily sweep of conditions whose end passed', () => {
  it('re-derives the member once the restriction’s last day is behind: cleared-looking again', async () => {
    const made = (
      await save(w.admin, w.parent.profileId, { ...supervised, restrictsPlay: true, until: '2099-01-01' })
    ).json() as Condition;
    expect(await overallStatusOf(w, w.parent)).toBe(MemberOverallStatus.Incomplete);
    // Its last day was yesterday (written as the calendar would have it, without a re-derivation).
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    await w.t.database.db
      .update(memberConditions)
      .set({ until: yesterday })
      .where(eq(memberConditions.id, made.id));
    expect(await overallStatusOf(w, w.parent)).toBe(MemberOverallStatus.Incomplete);
    expect(await sweepEndedConditions(w.t.app.deps, new Date())).toBeGreaterThanOrEqual(1);
    expect(await overallStatusOf(w, w.parent)).toBe(MemberOverallStatus.NoRequirements);
  });
});
