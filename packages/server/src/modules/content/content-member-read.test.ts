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

/** GET content-form/{id}?plaId: the member's live answers and the version they answered, for them and their managers. */
describe('GET content-form/{id}?plaId: a member reads their earlier answers', () => {
  let w: ContentWorld;
  let formId: string;
  let player: TestMember;
  let mate: TestMember;
  let coach: TestMember;
  const read = (who: TestMember | null, plaId: string) =>
    as(w.t, who).get(`${url}/content-form/${formId}?plaId=${plaId}`);
  beforeAll(async () => {
    w = await contentWorld();
    formId = await createDefinition(w.t, w.admin, w.org.id, 'form', sampleForm, 'Medical form');
    player = await addTestMember(w.t, w.org, w.org.team, 'member');
    mate = await addTestMember(w.t, w.org, w.org.team, 'member');
    coach = await addTestMember(w.t, w.org, w.org.division, 'Manager');
    await as(w.t, w.admin).post(`${url}/${formId}/assign-content`, {
      contentAssignments: [{ hierarchyLevelId: w.org.root.id, labelId: w.org.labelIds.member }],
    });
  });
  afterAll(() => w.t.close());

  it('401 anonymous, 404 another organization or an unknown member, 403 another member, 400 a bad id', async () => {
    const pla = player.profileLevelAccessId;
    expect((await read(null, pla)).statusCode).toBe(401);
    expect((await read(w.otherAdmin, pla)).statusCode).toBe(404);
    expect((await read(player, crypto.randomUUID())).statusCode).toBe(404);
    expect((await read(mate, pla)).statusCode).toBe(403);
    expect((await read(player, 'not-an-id')).statusCode).toBe(400);
  });

  it('answers null before the form is sent, then the answers with the version answered, also after a new version', async () => {
    const pla = player.profileLevelAccessId;
    const first = await read(player, pla);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().submission).toBeNull();
    const v1 = first.json().formVersion;
    const answers = { allergies: 'Yes', details: 'Peanuts' };
    const sent = await as(w.t, player).post(`/api/app/requirement/${formId}/complete-form?plaId=${pla}`, {
      formVersionId: v1.id,
      answers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const edited = await as(w.t, w.admin).post(`${url}/content-form/${formId}`, {
      content: {
        fields: [...sampleForm.fields, { id: 'doctor', label: 'Doctor', kind: 'text', required: false }],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const who of [player, coach]) {
      const res = await read(who, pla);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().formVersion.version).toBe(2);
      expect(res.json().submission).toMatchObject({
        formVersion: { id: v1.id, version: 1, fields: sampleForm.fields },
        answers,
        attachments: [],
      });
      expect(Date.parse(res.json().submission.submittedAt)).not.toBeNaN();
    }
    const plain = await as(w.t, player).get(`${url}/content-form/${formId}`);
    expect(plain.json()).not.toHaveProperty('submission');
  });
});
