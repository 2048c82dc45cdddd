import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandatoryReportingDuty, type Incident, type IncidentList } from '@touchline/contracts/incidents';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import { incidentTriageReminderJob } from './incidents.mail.ts';
import {
  auditOf,
  closeIncidentWorld,
  createIncidentWorld,
  mailTo,
  multipart,
  pngBytes,
  report,
  reportBody,
  type IncidentWorld,
} from './incidents.test-kit.ts';

let w: IncidentWorld;
beforeAll(async () => {
  w = await createIncidentWorld();
});
afterAll(() => closeIncidentWorld(w));

const post = (who: TestMember | null, payload: object) =>
  w.t.app.inject({ method: 'POST', url: '/api/app/incident/incident', headers: who?.auth ?? {}, payload });
const list = (who: TestMember | null, query = '') =>
  w.t.app.inject({ url: `/api/app/incident/incidents${query}`, headers: who?.auth ?? {} });
const one = (who: TestMember | null, id: string) =>
  w.t.app.inject({ url: `/api/app/incident/${id}/incident`, headers: who?.auth ?? {} });
const put = (who: TestMember | null, id: string, payload: object) =>
  w.t.app.inject({
    method: 'PUT',
    url: `/api/app/incident/${id}/incident`,
    headers: who?.auth ?? {},
    payload,
  });

describe('POST /api/app/incident/incident', () => {
  it('401 anonymous; 400 with field errors; 400 for another organization’s level or member; 403 outside one’s levels', async () => {
    expect((await post(null, reportBody(w))).statusCode).toBe(401);
    expect(
      validationFields(await post(w.coach, { ...reportBody(w), whatHappened: '  ', involved: [] })),
    ).toEqual(['involved', 'whatHappened']);
    expect(validationFields(await post(w.coach, { ...reportBody(w), occurredAt: 'yesterday' }))).toEqual([
      'occurredAt',
    ]);
    expect(validationFields(await post(w.coach, reportBody(w, { type: 'no-such-type' })))).toEqual(['type']);
    expect(
      validationFields(await post(w.coach, reportBody(w, { hierarchyLevelId: w.other.team.id }))),
    ).toEqual(['hierarchyLevelId']);
    const foreign = reportBody(w, { involved: [{ profileId: w.otherAdmin.profileId, role: 'Witness' }] });
    expect(validationFields(await post(w.coach, foreign))).toEqual(['involved.0.profileId']);
    // The coach belongs to the team: the division above is not theirs to report at.
    expect((await post(w.coach, reportBody(w, { hierarchyLevelId: w.org.division.id }))).statusCode).toBe(
      403,
    );
    expect((await post(w.otherAdmin, reportBody(w))).statusCode).toBe(400);
  });

  it('a coach reports: 201 in the reporter view, the managers are mailed, the guardian of a child named, audited', async () => {
    const res = await post(
      w.coach,
      reportBody(w, {
        involved: [
          { profileId: w.child.profileId, role: 'Injured' },
          { profileId: null, name: 'Visiting parent', role: 'Witness' },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const incident = res.json() as Incident;
    expect(incident).toMatchObject({
      type: 'injury',
      typeName: 'Injury',
      status: 'Reported',
      access: 'reporter',
      levelName: 'Team',
      history: [],
      assignee: null,
      mandatoryReport: null,
      involved: [
        { profileId: w.child.profileId, name: 'Kim Child', role: 'Injured' },
        { profileId: null, name: 'Visiting parent', role: 'Witness' },
      ],
      reportedBy: { profileId: w.coach.profileId, name: 'Casey Coach' },
    });
    expect(await mailTo(w, w.admin)).toContain(`${w.org.name}: new incident reported (Injury)`);
    expect(await mailTo(w, w.director)).toContain(`${w.org.name}: new incident reported (Injury)`);
    expect(await mailTo(w, w.manager)).toEqual([]);
    expect(await mailTo(w, w.parent)).toContain(`${w.org.name}: Kim Child was named in an incident report`);
    expect((await auditOf(w, 'incident.reported')).map((a) => a.entityId)).toContain(incident.id);
  });

  it('a misconduct report carries the mandatory-reporting duty, due 24 hours after it', async () => {
    const res = await post(
      w.coach,
      reportBody(w, {
        type: 'misconduct',
        involved: [{ profileId: null, name: 'An assistant', role: 'Subject' }],
      }),
    );
    const incident = res.json() as Incident;
    expect(incident.mandatoryReport).toMatchObject({
      duty: mandatoryReportingDuty,
      authoritiesReportedAt: null,
    });
    const due = Date.parse(incident.mandatoryReport?.dueBy ?? '') - Date.parse(incident.reportedAt);
    expect(due).toBe(24 * 3600_000);
  });
});

describe('GET /api/app/incident/incidents?ProfileId&ProfileLevelAccessId', () => {
  let injury: string;
  beforeAll(async () => {
    injury = (await report(w, w.coach, { involved: [{ profileId: w.player.profileId, role: 'Injured' }] }))
      .id;
  });

  it('401; 404 for another organization’s profile or someone else’s access; 400 for bad ids', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(w.director, `?ProfileId=${w.otherAdmin.profileId}`)).statusCode).toBe(404);
    expect((await list(w.director, `?ProfileLevelAccessId=${w.admin.profileLevelAccessId}`)).statusCode).toBe(
      404,
    );
    expect(validationFields(await list(w.director, '?ProfileId=x&ProfileLevelAccessId=y'))).toEqual([
      'ProfileId',
      'ProfileLevelAccessId',
    ]);
    const foreign = (await list(w.otherAdmin)).json() as IncidentList;
    expect(foreign.items.map((i) => i.id)).not.toContain(injury);
  });

  it('managers read all with history; a reporter only theirs; a manager counts without contents; a player nothing', async () => {
    const director = (await list(w.director)).json() as IncidentList;
    const found = director.items.find((i) => i.id === injury);
    expect(found).toMatchObject({ access: 'manager', status: 'Reported' });
    expect(found?.history.map((h) => h.action)).toEqual(['reported']);
    expect(director.canManage).toBe(true);

    const coach = (await list(w.coach)).json() as IncidentList;
    expect(
      coach.items.every((i) => i.reportedBy.profileId === w.coach.profileId && i.access === 'reporter'),
    ).toBe(true);
    expect(coach.openCount).toBeNull();

    const manager = (await list(w.manager)).json() as IncidentList;
    expect(manager.items).toEqual([]);
    expect(manager.openCount).toBe(director.items.length);

    const player = (await list(w.player, `?ProfileId=${w.player.profileId}`)).json() as IncidentList;
    expect([player.items, player.openCount]).toEqual([[], null]);

    const byMember = (
      await list(
        w.director,
        `?ProfileId=${w.player.profileId}&ProfileLevelAccessId=${w.director.profileLevelAccessId}`,
      )
    ).json() as IncidentList;
    expect(byMember.items.map((i) => i.id)).toEqual([injury]);
    expect(byMember.types.map((t) => t.code)).toEqual([
      'injury',
      'concussion',
      'misconduct',
      'harassment',
      'property',
      'other',
    ]);
  });

  it('every list read is audited with the incidents it showed', async () => {
    await list(w.director, `?ProfileId=${w.player.profileId}`);
    const reads = await auditOf(w, 'incident.list_read');
    expect(
      reads.some(
        (a) => (a.data.incidentIds as string[]).includes(injury) && a.actorProfileId === w.director.profileId,
      ),
    ).toBe(true);
  });
});

describe('GET and PUT /api/app/incident/{id}/incident', () => {
  let id: string;
  beforeAll(async () => {
    id = (await report(w, w.coach)).id;
  });

  it('GET: 401, 404 another organization and a member who may not read it, 400 bad id, audited reads', async () => {
    expect((await one(null, id)).statusCode).toBe(401);
    expect((await one(w.otherAdmin, id)).statusCode).toBe(404);
    expect((await one(w.player, id)).statusCode).toBe(404);
    expect((await one(w.manager, id)).statusCode).toBe(404);
    expect((await one(w.director, 'nope')).statusCode).toBe(400);
    expect((await one(w.coach, id)).json()).toMatchObject({ access: 'reporter', history: [] });
    expect((await one(w.admin, id)).json()).toMatchObject({ access: 'manager' });
    const reads = (await auditOf(w, 'incident.read')).filter((a) => a.entityId === id);
    expect(reads.map((a) => a.actorProfileId).sort()).toEqual([w.coach.profileId, w.admin.profileId].sort());
  });

  it('PUT: 401, 404, 403 a reporter changing the status, 400, 409 a move the workflow has not', async () => {
    expect((await put(null, id, { status: 'UnderReview' })).statusCode).toBe(401);
    expect((await put(w.otherAdmin, id, { status: 'UnderReview' })).statusCode).toBe(404);
    expect((await put(w.player, id, { status: 'UnderReview' })).statusCode).toBe(404);
    expect((await put(w.coach, id, { status: 'Closed' })).statusCode).toBe(403);
    expect(validationFields(await put(w.director, id, {}))).toEqual(['status']);
    expect(validationFields(await put(w.director, id, { status: 'Done' }))).toEqual(['status']);
    expect(validationFields(await put(w.director, id, { assigneeProfileId: w.manager.profileId }))).toEqual([
      'assigneeProfileId',
    ]);
    expect((await put(w.director, id, { status: 'Closed' })).statusCode).toBe(200);
    expect((await put(w.director, id, { status: 'ActionTaken' })).statusCode).toBe(409);
    expect((await put(w.director, id, { status: 'UnderReview' })).json()).toMatchObject({
      status: 'UnderReview',
    });
  });

  it('the workflow writes history, never rewrites it: each change names who changed what from what to what', async () => {
    await put(w.director, id, { assigneeProfileId: w.admin.profileId, note: 'Calling the parents tonight.' });
    await put(w.admin, id, {
      status: 'ActionTaken',
      actionTaken: 'Parents called; first-aid kit restocked.',
    });
    const closed = (await put(w.admin, id, { status: 'Closed', note: 'Done.' })).json() as Incident;
    expect(closed.status).toBe('Closed');
    expect(closed.assignee).toMatchObject({ profileId: w.admin.profileId });
    expect(closed.history.map((h) => [h.action, Object.keys(h.changes).sort(), h.note])).toEqual([
      ['reported', ['status'], null],
      ['updated', ['status'], null],
      ['updated', ['status'], null],
      ['updated', ['assignee'], null],
      ['note', [], 'Calling the parents tonight.'],
      ['updated', ['actionTaken', 'status'], null],
      ['updated', ['status'], null],
      ['note', [], 'Done.'],
    ]);
    expect(closed.history[5]?.changes.status).toEqual({ from: 'UnderReview', to: 'ActionTaken' });
    expect(closed.history[3]?.changes.assignee).toEqual({
      from: null,
      to: expect.stringMatching(/^Member\d+ Admin$/),
    });
    await expect(
      w.t.database.db.execute(sql`update incident_history set note = 'rewritten'`),
    ).rejects.toThrow();
    await expect(w.t.database.db.execute(sql`delete from incident_history`)).rejects.toThrow();
  });

  it('archiving hides an incident from lists, is history, and keeps it readable by id', async () => {
    const archived = (await put(w.director, id, { archived: true })).json() as Incident;
    expect(archived.archived).toBe(true);
    expect(((await list(w.director)).json() as IncidentList).items.map((i) => i.id)).not.toContain(id);
    expect((await one(w.director, id)).statusCode).toBe(200);
  });

  it('the reporter of a misconduct concern records when and to whom it was reported', async () => {
    const concern = (
      await report(w, w.coach, {
        type: 'misconduct',
        involved: [{ profileId: null, name: 'A volunteer', role: 'Subject' }],
      })
    ).id;
    const recorded = await put(w.coach, concern, {
      authoritiesReportedAt: '2026-11-28T19:00:00Z',
      authoritiesReportedTo: 'County sheriff, case 26-1142',
      safeSportReportedAt: '2026-11-28T19:20:00Z',
      safeSportReference: 'SS-2026-00431',
    });
    expect(recorded.statusCode).toBe(200);
    expect((recorded.json() as Incident).mandatoryReport).toMatchObject({
      authoritiesReportedAt: '2026-11-28T19:00:00.000Z',
      authoritiesReportedTo: 'County sheriff, case 26-1142',
      safeSportReference: 'SS-2026-00431',
    });
    const seen = (await one(w.director, concern)).json() as Incident;
    expect(Object.keys(seen.history[1]?.changes ?? {}).sort()).toEqual([
      'authoritiesReportedAt',
      'authoritiesReportedTo',
      'safeSportReference',
      'safeSportReportedAt',
    ]);
  });
});

describe('incident documents', () => {
  let id: string;
  beforeAll(async () => {
    id = (await report(w, w.coach)).id;
  });
  const upload = (who: TestMember | null, name: string, data: Buffer | string) =>
    w.t.app.inject({
      method: 'POST',
      url: `/api/app/incident/${id}/incident-document`,
      ...(() => {
        const body = multipart([{ name: 'file', filename: name, data }]);
        return { payload: body.payload, headers: { ...body.headers, ...(who?.auth ?? {}) } };
      })(),
    });

  it('upload: 401, 404 another organization or a member who may not read it, 400 a file the rule refuses', async () => {
    expect((await upload(null, 'a.png', pngBytes)).statusCode).toBe(401);
    expect((await upload(w.otherAdmin, 'a.png', pngBytes)).statusCode).toBe(404);
    expect((await upload(w.player, 'a.png', pngBytes)).statusCode).toBe(404);
    expect(
      validationFields(await upload(w.coach, 'a.png', '<html><script>alert(1)</script></html>')),
    ).toEqual(['file']);
  });

  it('the reporter attaches a photo; a reviewer reads the blob, audited; others get 404', async () => {
    const res = await upload(w.coach, 'ankle.png', pngBytes);
    expect(res.statusCode).toBe(201);
    const doc = (res.json() as Incident).documents[0];
    expect(doc).toMatchObject({ fileName: 'ankle.png', contentType: 'image/png', byteSize: pngBytes.length });
    const url = `/api/app/incident/${id}/incident-document/${doc?.id}`;
    const blob = await w.t.app.inject({ url, headers: w.director.auth });
    expect(blob.statusCode).toBe(200);
    expect(blob.headers['content-type']).toBe('image/png');
    expect(blob.rawPayload.equals(pngBytes)).toBe(true);
    expect((await w.t.app.inject({ url })).statusCode).toBe(401);
    expect((await w.t.app.inject({ url, headers: w.player.auth })).statusCode).toBe(404);
    expect((await w.t.app.inject({ url, headers: w.otherAdmin.auth })).statusCode).toBe(404);
    expect(
      (await w.t.app.inject({ url: `/api/app/incident/${id}/incident-document/x`, headers: w.director.auth }))
        .statusCode,
    ).toBe(400);
    const reads = (await auditOf(w, 'incident.document_read')).filter((a) => a.entityId === id);
    expect(reads.map((a) => a.actorProfileId)).toEqual([w.director.profileId]);
  });
});

describe('the triage reminder', () => {
  it('mails the managers again only while the incident is still Reported', async () => {
    const waiting = (
      await report(w, w.coach, {
        type: 'property',
        involved: [{ profileId: null, name: 'Groundskeeper', role: 'Other' }],
      })
    ).id;
    const triaged = (
      await report(w, w.coach, {
        type: 'other',
        involved: [{ profileId: null, name: 'Groundskeeper', role: 'Other' }],
      })
    ).id;
    await put(w.director, triaged, { status: 'UnderReview' });
    const run = (incidentId: string) =>
      incidentTriageReminderJob.run(
        w.t.app.deps,
        { incidentId, organizationId: w.org.id },
        { jobId: 'test', attempt: 0 },
      );
    expect(await run(waiting)).toBe('reminded');
    expect(await run(triaged)).toBe('triaged');
    const subjects = await mailTo(w, w.director);
    expect(subjects.filter((s) => s.includes('waiting for triage (Property)'))).toHaveLength(1);
    expect(subjects.some((s) => s.includes('waiting for triage (Other)'))).toBe(false);
  });
});

describe('GET /api/app/incident/people?hierarchyLevelId (the roster a report can name)', () => {
  const people = (who: TestMember | null, levelId: string) =>
    w.t.app.inject({ url: `/api/app/incident/people?hierarchyLevelId=${levelId}`, headers: who?.auth ?? {} });

  it('401; 400 another organization’s level or a bad id; 403 outside one’s levels; names only to a coach', async () => {
    expect((await people(null, w.org.team.id)).statusCode).toBe(401);
    expect(validationFields(await people(w.coach, w.other.team.id))).toEqual(['hierarchyLevelId']);
    expect(validationFields(await people(w.coach, 'x'))).toEqual(['hierarchyLevelId']);
    expect((await people(w.coach, w.org.division.id)).statusCode).toBe(403);
    const roster = (await people(w.coach, w.org.team.id)).json() as { profileId: string; name: string }[];
    expect(roster.map((p) => p.name)).toEqual(['Casey Coach', 'Kim Child', 'Pat Player']);
    expect(Object.keys(roster[0] ?? {}).sort()).toEqual(['levelName', 'name', 'profileId']);
  });

  it('the list names the caller and their children, whose conditions they open', async () => {
    const family = ((await list(w.parent)).json() as IncidentList).family;
    expect(family.map((p) => p.name)).toEqual(['Robin Parent', 'Kim Child']);
  });
});
