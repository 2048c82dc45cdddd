import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFileSchema } from '@touchline/contracts/content';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { addTestMember, type TestMember } from '../../../test/factories.ts';
import { storedFiles } from '../../db/schema/index.ts';
import {
  addRequirement,
  closeWorld,
  countsOf,
  createWorld,
  multipart,
  pdfBytes,
  type World,
} from './requirement-actions.test-support.ts';

let w: World;
let admin: TestMember;
beforeAll(async () => {
  w = await createWorld();
  admin = await addTestMember(w.t, w.org, w.org.root, 'Admin');
});
afterAll(async () => closeWorld(w));

const base = '/api/app/requirement';
const get = (who: TestMember | null, url: string) =>
  w.t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

/** Uploads a document template through the content library, as an organization's Admin; returns its id. */
async function uploadTemplate(who: TestMember, organizationId: string): Promise<string> {
  const body = multipart([{ name: 'file', filename: 'Consent form.pdf', data: pdfBytes }]);
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/app/content/content-document/${organizationId}/file`,
    headers: { ...body.headers, ...who.auth },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return contentFileSchema.parse(res.json()).id;
}

describe('GET {id}/extension-content-file?plaId with a template file', () => {
  let definitionId = '';
  let requirementId = '';
  let templateId = '';
  const url = (def = definitionId, pla = w.player.profileLevelAccessId) =>
    `${base}/${def}/extension-content-file?plaId=${pla}`;
  beforeAll(async () => {
    templateId = await uploadTemplate(admin, w.org.id);
    ({ definitionId, requirementId } = await addRequirement(w, RequirementType.Document, {
      templateFileId: templateId,
      linkUrl: null,
    }));
  });

  it('401 anonymous, 404 another organization or unknown ids, 403 another member, 400 bad ids; nothing changes', async () => {
    const before = await countsOf(w, requirementId);
    expect((await get(null, url())).statusCode).toBe(401);
    expect((await get(w.otherAdmin, url())).statusCode).toBe(404);
    expect((await get(w.player, url(definitionId, crypto.randomUUID()))).statusCode).toBe(404);
    expect((await get(w.player, url(crypto.randomUUID()))).statusCode).toBe(404);
    expect((await get(w.teammate, url())).statusCode).toBe(403);
    expect((await get(w.player, url('not-an-id', 'not-an-id'))).statusCode).toBe(400);
    expect((await get(w.player, `${base}/${definitionId}/extension-content-file`)).statusCode).toBe(400);
    expect(await countsOf(w, requirementId)).toEqual(before);
  });

  it('gives the member and their manager an expiring link that downloads the template', async () => {
    for (const who of [w.player, w.manager]) {
      const res = await get(who, url());
      expect(res.statusCode, res.body).toBe(200);
      const link = res.json();
      expect(link.url).toMatch(/^\/api\/files\//);
      expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now());
      const download = await w.t.app.inject({ method: 'GET', url: link.url });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdfBytes)).toBe(true);
    }
  });

  it("never links another organization's file, and falls back to the link once the template is deleted", async () => {
    const foreign = await uploadTemplate(w.otherAdmin, w.other.id);
    const stolen = await addRequirement(w, RequirementType.Document, { templateFileId: foreign });
    expect((await get(w.player, url(stolen.definitionId))).statusCode).toBe(404);
    const both = await addRequirement(w, RequirementType.Document, {
      templateFileId: templateId,
      linkUrl: 'https://example.org/form.pdf',
    });
    expect((await get(w.player, url(both.definitionId))).json().url).toMatch(/^\/api\/files\//);
    await w.t.database.db
      .update(storedFiles)
      .set({ deletedAt: new Date() })
      .where(eq(storedFiles.id, templateId));
    expect((await get(w.player, url(both.definitionId))).json()).toEqual({
      url: 'https://example.org/form.pdf',
      expiresAt: null,
    });
    expect((await get(w.player, url())).statusCode).toBe(404);
  });
});
