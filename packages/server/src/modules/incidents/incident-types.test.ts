import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident, IncidentList } from '@touchline/contracts/incidents';
import type { OwnIncidentType, OwnIncidentTypes } from '@touchline/contracts/incident-settings';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import {
  auditOf,
  closeIncidentWorld,
  createIncidentWorld,
  report,
  type IncidentWorld,
} from './incidents.test-kit.ts';

// ADR 040: an organization archives (and restores) its own incident types; nothing is deleted, an archived type is
// not offered for new reports, and incidents reported under it keep it.

let w: IncidentWorld;
const api = '/api/app/incident/incident-types';
const list = (who: TestMember | null) => w.t.app.inject({ url: api, headers: who?.auth ?? {} });
const put = (who: TestMember | null, id: string, payload: object) =>
  w.t.app.inject({ method: 'PUT', url: `${api}/${id}`, headers: who?.auth ?? {}, payload });
const add = (who: TestMember, name: string) =>
  w.t.app.inject({
    method: 'POST',
    url: api,
    headers: who.auth,
    payload: { name, description: `When ${name.toLowerCase()} happens.` },
  });
const offered = async (who: TestMember) =>
  (
    (await w.t.app.inject({ url: '/api/app/incident/incidents', headers: who.auth })).json() as IncidentList
  ).types.map((t) => t.code);
const ownTypes = async (who: TestMember) => ((await list(who)).json() as OwnIncidentTypes).items;

let heat: OwnIncidentType;
let foreign: OwnIncidentType;
beforeAll(async () => {
  w = await createIncidentWorld();
  expect((await add(w.admin, 'Heat illness')).statusCode).toBe(201);
  expect((await add(w.otherAdmin, 'Lightning')).statusCode).toBe(201);
  heat = (await ownTypes(w.admin))[0]!;
  foreign = (await ownTypes(w.otherAdmin))[0]!;
});
afterAll(() => closeIncidentWorld(w));

describe('GET /api/app/incident/incident-types', () => {
  it('401, 403 below admin; the organization’s own types only, never the built-ins or another organization’s', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(w.director)).statusCode).toBe(403);
    expect((await list(w.coach)).statusCode).toBe(403);
    const res = await list(w.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OwnIncidentTypes).items).toEqual([
      {
        id: heat.id,
        code: 'org-heat-illness',
        name: 'Heat illness',
        description: 'When heat illness happens.',
        notifiesGuardian: false,
        archived: false,
      },
    ]);
  });
});

describe('PUT /api/app/incident/incident-types/{id}: archive and restore', () => {
  it('401, 404 another organization’s or unknown, 403 below admin, 400 bad input; nothing moves', async () => {
    expect((await put(null, heat.id, { archived: true })).statusCode).toBe(401);
    expect((await put(w.admin, foreign.id, { archived: true })).statusCode).toBe(404);
    expect((await put(w.admin, '00000000-0000-4000-8000-000000000000', { archived: true })).statusCode).toBe(
      404,
    );
    expect((await put(w.director, heat.id, { archived: true })).statusCode).toBe(403);
    expect((await put(w.coach, heat.id, { archived: true })).statusCode).toBe(403);
    expect(validationFields(await put(w.admin, heat.id, {}))).toEqual(['archived']);
    expect(validationFields(await put(w.admin, heat.id, { archived: 'yes' }))).toEqual(['archived']);
    expect(validationFields(await put(w.admin, 'not-an-id', { archived: true }))).toEqual(['typeId']);
    expect((await ownTypes(w.admin))[0]?.archived).toBe(false);
    expect((await ownTypes(w.otherAdmin))[0]?.archived).toBe(false);
    expect(await auditOf(w, 'incident.type_archived')).toHaveLength(0);
  });

  it('an archived type is not offered for new reports, and an incident reported under it keeps it', async () => {
    const before = (await report(w, w.coach, { type: 'org-heat-illness' })) as unknown as Incident;
    expect(before.typeName).toBe('Heat illness');
    const res = await put(w.admin, heat.id, { archived: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: heat.id, archived: true });
    expect(await offered(w.coach)).not.toContain('org-heat-illness');
    const refused = await w.t.app.inject({
      method: 'POST',
      url: '/api/app/incident/incident',
      headers: w.coach.auth,
      payload: {
        type: 'org-heat-illness',
        occurredAt: '2026-11-28T10:00:00Z',
        hierarchyLevelId: w.org.team.id,
        involved: [{ name: 'A spectator', role: 'Injured' }],
        whatHappened: 'Fainted in the heat.',
      },
    });
    expect(validationFields(refused)).toEqual(['type']);
    const kept = await w.t.app.inject({
      url: `/api/app/incident/${before.id}/incident`,
      headers: w.admin.auth,
    });
    expect(kept.json()).toMatchObject({
      type: 'org-heat-illness',
      typeName: 'Heat illness',
      typeDescription: 'When heat illness happens.',
    });
    // Still listed for the settings screen, archived, so it can be restored; audited.
    expect(await ownTypes(w.admin)).toEqual([expect.objectContaining({ id: heat.id, archived: true })]);
    expect(await auditOf(w, 'incident.type_archived')).toHaveLength(1);
  });

  it('a restore offers it again; restoring while a live type took its name is 409', async () => {
    expect((await add(w.admin, 'Heat illness')).statusCode).toBe(201);
    const taken = await put(w.admin, heat.id, { archived: false });
    expect(taken.statusCode).toBe(409);
    const [live] = (await ownTypes(w.admin)).filter((t) => !t.archived);
    expect((await put(w.admin, live!.id, { archived: true })).statusCode).toBe(200);
    const restored = await put(w.admin, heat.id, { archived: false });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ archived: false });
    expect(await offered(w.coach)).toContain('org-heat-illness');
    expect(await auditOf(w, 'incident.type_restored')).toHaveLength(1);
  });
});
