import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { TestMember } from '../../../test/factories.ts';
import { memberRequirements } from '../../db/schema/index.ts';
import {
  addRequirement,
  closeWorld,
  countsOf,
  createWorld,
  exeBytes,
  filesOnDisk,
  multipart,
  pdfBytes,
  pngBytes,
  statusOf,
  type Part,
  type World,
} from './requirement-actions.test-support.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => closeWorld(w));

const base = '/api/app/requirement';
const post = (who: TestMember | null, url: string, parts: Part[]) => {
  const body = multipart(parts);
  return w.t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(who ? who.auth : {}) },
    payload: body.payload,
  });
};
const get = (who: TestMember | null, url: string) =>
  w.t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
const del = (who: TestMember, url: string) => w.t.app.inject({ method: 'DELETE', url, headers: who.auth });
const file = (data: Buffer | string, filename = 'proof.pdf'): Part => ({
  name: 'file',
  filename,
  contentType: 'application/pdf',
  data,
});

describe('POST {id}/complete-document?plaId', () => {
  it('401, 404 other organization or unknown member, 403 for another member or a plain member', async () => {
    const { definitionId, requirementId } = await addRequirement(
      w,
      RequirementType.Document,
      {},
      'Birth certificate',
    );
    const url = `${base}/${definitionId}/complete-document?plaId=${w.player.profileLevelAccessId}`;
    const before = await countsOf(w, requirementId);
    expect((await post(null, url, [file(pdfBytes)])).statusCode).toBe(401);
    expect((await post(w.otherAdmin, url, [file(pdfBytes)])).statusCode).toBe(404);
    const unknown = `${base}/${definitionId}/complete-document?plaId=${crypto.randomUUID()}`;
    expect((await post(w.player, unknown, [file(pdfBytes)])).statusCode).toBe(404);
    expect((await post(w.teammate, url, [file(pdfBytes)])).statusCode).toBe(403);
    expect((await post(w.manager, url, [file(pdfBytes)])).statusCode).toBe(403);
    expect(await countsOf(w, requirementId)).toEqual(before);
    expect(filesOnDisk(w)).toEqual([]);
  });

  it('400 for wrong magic bytes, a path name, too large, too many or no file; nothing is left behind', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    const url = `${base}/${definitionId}/complete-document?plaId=${w.player.profileLevelAccessId}`;
    const before = await countsOf(w, requirementId);
    const disk = filesOnDisk(w);
    const refused = [
      [file(exeBytes, 'scan.pdf')],
      [file(pdfBytes), file(exeBytes, '../../etc/passwd')],
      [file(Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024)]))],
      Array.from({ length: 6 }, () => file(pdfBytes)),
      [file(Buffer.alloc(0))],
      [{ name: 'note', data: 'no file here' }],
    ];
    for (const parts of refused) {
      const res = await post(w.player, url, parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.validationErrors?.[0]?.field).toBe('file');
    }
    const notMultipart = await w.t.app.inject({ method: 'POST', url, headers: w.player.auth, payload: {} });
    expect(notMultipart.statusCode).toBe(400);
    expect(await countsOf(w, requirementId)).toEqual(before);
    expect(filesOnDisk(w)).toEqual(disk);
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Incomplete);
  });

  it('stores files under random keys, keeps only the last name segment, and awaits review; then 409', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    const url = `${base}/${definitionId}/complete-document?plaId=${w.player.profileLevelAccessId}`;
    const res = await post(w.player, url, [
      file(pdfBytes, '../../etc/passwd.pdf'),
      file(pngBytes, 'photo.png'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(RequirementStatus.PendingReview);
    const names = body.files.map((f: { name: string; contentType: string }) => [f.name, f.contentType]);
    expect(names.sort()).toEqual([
      ['passwd.pdf', 'application/pdf'],
      ['photo.png', 'image/png'],
    ]);
    expect(filesOnDisk(w).every((f) => /^[0-9a-f]{2}\/[0-9a-f-]{36}$/.test(f.split('\\').join('/')))).toBe(
      true,
    );
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.PendingReview);
    const again = await post(w.player, url, [file(pdfBytes)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/awaiting review/);
    expect((await countsOf(w, requirementId)).files).toBe(2);
  });
});

describe('files of a requirement: view, download, archive, delete', () => {
  it('lists and links files for the member and a manager above, not for others', async () => {
    const { definitionId } = await addRequirement(w, RequirementType.Document, {}, 'Medical');
    const pla = w.player.profileLevelAccessId;
    await post(w.player, `${base}/${definitionId}/complete-document?plaId=${pla}`, [
      file(pdfBytes, 'medical.pdf'),
    ]);
    const list = await get(w.manager, `${base}/${definitionId}/files-to-view?plaId=${pla}`);
    expect(list.statusCode).toBe(200);
    const [first] = list.json().items;
    expect(first.name).toBe('medical.pdf');
    expect((await get(w.teammate, `${base}/${definitionId}/files-to-view?plaId=${pla}`)).statusCode).toBe(
      403,
    );
    expect((await get(w.otherAdmin, `${base}/${definitionId}/files-to-view?plaId=${pla}`)).statusCode).toBe(
      404,
    );
    const link = await get(w.player, `${base}/${definitionId}/download-file/${first.id}?plaId=${pla}`);
    expect(link.statusCode).toBe(200);
    const bytes = await get(null, link.json().url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(pdfBytes)).toBe(true);
    expect(
      (await get(w.teammate, `${base}/${definitionId}/download-file/${first.id}?plaId=${pla}`)).statusCode,
    ).toBe(403);
    const missing = await get(
      w.player,
      `${base}/${definitionId}/download-file/${crypto.randomUUID()}?plaId=${pla}`,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('zips every file of the member the actor may download', async () => {
    const pla = w.player.profileLevelAccessId;
    const zip = await get(w.player, `${base}/download-file-archive?plaId=${pla}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from('Medical/medical.pdf'))).toBe(true);
    expect((await get(w.teammate, `${base}/download-file-archive?plaId=${pla}`)).statusCode).toBe(403);
    expect((await get(w.otherAdmin, `${base}/download-file-archive?plaId=${pla}`)).statusCode).toBe(404);
    expect((await get(w.player, `${base}/download-file-archive?plaId=not-an-id`)).statusCode).toBe(400);
  });

  it('the member cannot delete while in review (409), a manager may not (403), a director may', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    const pla = w.player.profileLevelAccessId;
    const done = await post(w.player, `${base}/${definitionId}/complete-document?plaId=${pla}`, [
      file(pdfBytes),
    ]);
    const fileId = done.json().files[0].id;
    const events = (await countsOf(w, requirementId)).events;
    const url = `${base}/${definitionId}/delete-document-attachment/${fileId}?plaId=${pla}`;
    expect((await del(w.player, url)).statusCode).toBe(409);
    expect((await del(w.manager, url)).statusCode).toBe(403);
    const before = filesOnDisk(w).length;
    const res = await del(w.director, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files).toEqual([]);
    expect(filesOnDisk(w).length).toBe(before - 1);
    expect((await del(w.director, url)).statusCode).toBe(404);
    expect((await countsOf(w, requirementId)).events).toBe(events + 1);
  });
});

describe('extension-content-file and the training certificate', () => {
  it('returns the definition link, 404 without one', async () => {
    const linked = await addRequirement(w, RequirementType.Document, {
      linkUrl: 'https://example.org/form.pdf',
    });
    const pla = w.player.profileLevelAccessId;
    const res = await get(w.player, `${base}/${linked.definitionId}/extension-content-file?plaId=${pla}`);
    expect(res.json()).toEqual({ url: 'https://example.org/form.pdf', expiresAt: null });
    const bare = await addRequirement(w, RequirementType.Document);
    expect(
      (await get(w.player, `${base}/${bare.definitionId}/extension-content-file?plaId=${pla}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(w.teammate, `${base}/${linked.definitionId}/extension-content-file?plaId=${pla}`))
        .statusCode,
    ).toBe(403);
  });

  it('a certificate goes to review as a ManualUpload; a document call on it is a 400 (ADR 025)', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.CustomTraining, {
      trainingUrl: 'https://training.example.org',
      certificateRequired: true,
    });
    const pla = w.player.profileLevelAccessId;
    const wrong = await post(w.player, `${base}/${definitionId}/complete-document?plaId=${pla}`, [
      file(pdfBytes),
    ]);
    expect(wrong.statusCode).toBe(400);
    const url = `${base}/${definitionId}/upload-custom-training-certificate?plaId=${pla}`;
    const page = Buffer.from('<!doctype html><html><body>Certificate of completion</body></html>');
    const html = await post(w.player, url, [file(page, 'certificate.html')]);
    expect(html.statusCode).toBe(400);
    expect(html.json().error.message).toMatch(/^certificate\.html is not a file type we accept/);
    // A type the spec accepts elsewhere is still not a certificate.
    const text = await post(w.player, url, [
      file(Buffer.from('Certificate of completion'), 'certificate.txt'),
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(
      'certificate.txt is not a file type we accept here (accepted: pdf, png, jpeg)',
    );
    const res = await post(w.player, url, [file(pdfBytes)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(RequirementStatus.PendingReview);
    const [row] = await w.t.database.db
      .select({ source: memberRequirements.reviewSource })
      .from(memberRequirements)
      .where(eq(memberRequirements.id, requirementId));
    expect(row?.source).toBe('ManualUpload');
  });

  it('a training that trusts certificates is completed by the upload', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.CustomTraining, {
      trainingUrl: 'https://training.example.org',
      certificateRequired: true,
      certificatesTrusted: true,
    });
    const pla = w.player.profileLevelAccessId;
    const res = await post(
      w.player,
      `${base}/${definitionId}/upload-custom-training-certificate?plaId=${pla}`,
      [file(pdfBytes)],
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(RequirementStatus.Completed);
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Completed);
  });
});
