import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident, IncidentList } from '@touchline/contracts/incidents';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import {
  auditOf,
  mailTo,
  closeIncidentWorld,
  createIncidentWorld,
  report,
  type IncidentWorld,
} from './incidents.test-kit.ts';

let w: IncidentWorld;
beforeAll(async () => {
  w = await createIncidentWorld();
});
afterAll(() => closeIncidentWorld(w));

const url = '/api/app/incident/settings';
const get = (who: TestMember | null) => w.t.app.inject({ url, headers: who?.auth ?? {} });
const put = (who: TestMember | null, payload: object) =>
  w.t.app.inject({ method: 'PUT', url, headers: who?.auth ?? {}, payload });
const addType = (who: TestMember | null, payload: object) =>
  w.t.app.inject({
    method: 'POST',
    url: '/api/app/incident/incident-types',
    headers: who?.auth ?? {},
    payload,
  });

describe('incident settings: who reads incidents, and the triage deadline', () => {
  it('GET and PUT: 401, 403 below admin, 400 with field errors; defaults Admin and Director, 24 hours', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(w.director)).statusCode).toBe(403);
    expect((await put(w.director, { accessRoles: ['Admin'], triageHours: 4 })).statusCode).toBe(403);
    expect((await get(w.admin)).json()).toEqual({
      accessRoles: ['Admin', 'Director'],
      triageHours: 24,
      guardianNoticeTypes: null,
    });
    expect(validationFields(await put(w.admin, { accessRoles: ['Director'], triageHours: 0 }))).toEqual([
      'accessRoles',
      'triageHours',
    ]);
    expect(validationFields(await put(w.admin, { accessRoles: ['Owner'], triageHours: 4 }))).toEqual([
      'accessRoles.0',
    ]);
    // Another organization's admin sets their own organization's, never this one's.
    await put(w.otherAdmin, { accessRoles: ['Admin'], triageHours: 2 });
    expect((await get(w.admin)).json()).toEqual({
      accessRoles: ['Admin', 'Director'],
      triageHours: 24,
      guardianNoticeTypes: null,
    });
  });

  it('granting Managers and not Directors moves who reads; the deadline moves the triage reminder; audited', async () => {
    const id = (await report(w, w.coach)).id;
    expect(
      (await w.t.app.inject({ url: `/api/app/incident/${id}/incident`, headers: w.manager.auth })).statusCode,
    ).toBe(404);
    expect((await put(w.admin, { accessRoles: ['Admin', 'Manager'], triageHours: 4 })).statusCode).toBe(200);
    const asManager = await w.t.app.inject({
      url: `/api/app/incident/${id}/incident`,
      headers: w.manager.auth,
    });
    expect(asManager.json()).toMatchObject({ access: 'manager' });
    expect(
      (await w.t.app.inject({ url: `/api/app/incident/${id}/incident`, headers: w.director.auth }))
        .statusCode,
    ).toBe(404);
    const next = (await report(w, w.coach)) as unknown as Incident;
    expect(Date.parse(next.triageDueAt) - Date.parse(next.reportedAt)).toBe(4 * 3600_000);
    expect(await auditOf(w, 'incident.settings_updated')).toHaveLength(1);
  });
});

describe('which types tell a guardian (configurable per type)', () => {
  it('the organization’s list replaces the types’ defaults: an injury no longer mails, a property report does', async () => {
    expect(
      validationFields(
        await put(w.admin, { accessRoles: ['Admin'], triageHours: 24, guardianNoticeTypes: ['Bad code'] }),
      ),
    ).toEqual(['guardianNoticeTypes.0']);
    const saved = await put(w.admin, {
      accessRoles: ['Admin', 'Director'],
      triageHours: 24,
      guardianNoticeTypes: ['property'],
    });
    expect(saved.json()).toMatchObject({ guardianNoticeTypes: ['property'] });
    const before = (await mailTo(w, w.parent)).length;
    await report(w, w.coach, {
      type: 'injury',
      involved: [{ profileId: w.child.profileId, role: 'Injured' }],
    });
    expect(await mailTo(w, w.parent)).toHaveLength(before);
    await report(w, w.coach, {
      type: 'property',
      involved: [{ profileId: w.child.profileId, role: 'Witness' }],
    });
    expect(await mailTo(w, w.parent)).toHaveLength(before + 1);
  });
});

describe('POST /api/app/incident/incident-types', () => {
  const type = {
    name: 'Heat illness',
    description: 'Heat exhaustion or heat stroke signs.',
    notifiesGuardian: true,
  };

  it('401, 403 below admin, 400 with field errors, 409 a name in use; 201 and reports can use it', async () => {
    expect((await addType(null, type)).statusCode).toBe(401);
    expect((await addType(w.director, type)).statusCode).toBe(403);
    expect(validationFields(await addType(w.admin, { name: '', description: ' ' }))).toEqual([
      'description',
      'name',
    ]);
    expect((await addType(w.admin, { ...type, name: 'Injury' })).statusCode).toBe(409);
    const added = await addType(w.admin, type);
    expect([added.statusCode, added.json()]).toEqual([
      201,
      {
        code: 'org-heat-illness',
        ...type,
        removesFromPlay: false,
        mandatoryReporting: false,
        builtIn: false,
      },
    ]);
    expect((await addType(w.admin, type)).statusCode).toBe(409);
    const list = (
      await w.t.app.inject({ url: '/api/app/incident/incidents', headers: w.coach.auth })
    ).json() as IncidentList;
    expect(list.types.map((t) => t.code)).toContain('org-heat-illness');
    expect((await report(w, w.coach, { type: 'org-heat-illness' })) as unknown as Incident).toMatchObject({
      typeName: 'Heat illness',
    });
    // Another organization does not have it.
    const foreign = await w.t.app.inject({
      method: 'POST',
      url: '/api/app/incident/incident',
      headers: w.otherAdmin.auth,
      payload: {
        type: 'org-heat-illness',
        occurredAt: '2026-11-28T10:00:00Z',
        hierarchyLevelId: w.other.team.id,
        involved: [{ name: 'X', role: 'Injured' }],
        whatHappened: 'Hot.',
      },
    });
    expect(validationFields(foreign)).toEqual(['type']);
  });
});
