import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestMember, type TestMember } from '../../../test/factories.ts';
import { as, contentWorld, createDefinition, sampleForm, type ContentWorld } from './content.test-kit.ts';

const url = '/api/app/content';

/** A member reads the form, waiver or video they must complete, and nothing else of the library. */
describe('GET content-{kind}/{id} for members', () => {
  let w: ContentWorld;
  let formId: string;
  let waiverId: string;
  let player: TestMember;
  let coach: TestMember;
  beforeAll(async () => {
    w = await contentWorld();
    formId = await createDefinition(w.t, w.admin, w.org.id, 'form', sampleForm, 'Medical form');
    waiverId = await createDefinition(w.t, w.admin, w.org.id, 'waiver', { text: 'Risks.' }, 'Waiver');
    player = await addTestMember(w.t, w.org, w.org.team, 'member');
    coach = await addTestMember(w.t, w.org, w.org.division, 'Manager');
    const assign = await as(w.t, w.admin).post(`${url}/${formId}/assign-content`, {
      contentAssignments: [{ hierarchyLevelId: w.org.root.id, labelId: w.org.labelIds.member }],
    });
    expect(assign.statusCode).toBe(200);
  });
  afterAll(() => w.t.close());

  it('lets a member read the content of a requirement they hold, with its form version', async () => {
    const res = await as(w.t, player).get(`${url}/content-form/${formId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Which allergies?');
  });

  it('refuses content the member does not have to complete, and the library list', async () => {
    expect((await as(w.t, player).get(`${url}/content-waiver/${waiverId}`)).statusCode).toBe(403);
    expect((await as(w.t, coach).get(`${url}/content-form/${formId}`)).statusCode).toBe(403);
    expect((await as(w.t, player).get(`${url}?organizationId=${w.org.id}`)).statusCode).toBe(403);
    expect((await as(w.t, null).get(`${url}/content-form/${formId}`)).statusCode).toBe(401);
    expect((await as(w.t, w.otherAdmin).get(`${url}/content-form/${formId}`)).statusCode).toBe(404);
  });
});
