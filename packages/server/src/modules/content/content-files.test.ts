import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contentDefinitionSchema, contentFileSchema } from '@touchline/contracts/content';
import { storedFiles } from '../../db/schema/index.ts';
import { as, contentWorld, createDefinition, libraryState, type ContentWorld } from './content.test-kit.ts';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// The first bytes of a WebM (EBML header with DocType "webm"): what file-type reads.
const webm = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');

/** A multipart body with one file part. */
function multipart(name: string, bytes: Buffer) {
  const boundary = `----touchline${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('content files: document templates and videos', () => {
  let w: ContentWorld;
  let documentId: string;
  let videoId: string;
  const upload = (
    who: { auth: { authorization: string } } | null,
    path: string,
    name: string,
    bytes: Buffer,
  ) => {
    const body = multipart(name, bytes);
    return w.t.app.inject({
      method: 'POST',
      url: path,
      payload: body.payload,
      headers: { ...body.headers, ...(who?.auth ?? {}) },
    });
  };
  beforeAll(async () => {
    w = await contentWorld();
    documentId = await createDefinition(w.t, w.admin, w.org.id, 'document', {});
    videoId = await createDefinition(w.t, w.admin, w.org.id, 'video', { url: 'https://v.example/x.mp4' });
  });
  afterAll(() => w.t.close());

  it('refuses anonymous, other organizations, lower roles and wrong kinds, storing nothing', async () => {
    const before = await libraryState(w.t, w.org.id);
    const files = () =>
      w.t.database.db.select().from(storedFiles).where(eq(storedFiles.organizationId, w.org.id));
    const filesBefore = await files();
    const path = `/api/app/content/content-document/${w.org.id}/file`;
    expect((await upload(null, path, 'a.pdf', pdf)).statusCode).toBe(401);
    expect((await upload(w.otherAdmin, path, 'a.pdf', pdf)).statusCode).toBe(404);
    expect(
      (await upload(w.admin, `/api/app/content/content-document/${w.other.id}/file`, 'a.pdf', pdf))
        .statusCode,
    ).toBe(404);
    for (const who of [w.divisionAdmin, w.director, w.manager])
      expect((await upload(who, path, 'a.pdf', pdf)).statusCode).toBe(403);
    expect(
      (await upload(w.admin, `/api/app/content/content-waiver/${w.org.id}/file`, 'a.pdf', pdf)).statusCode,
    ).toBe(404);
    expect(await libraryState(w.t, w.org.id)).toEqual(before);
    expect(await files()).toEqual(filesBefore);
  });

  it('answers 400 for wrong magic bytes, an empty file, binary text and a non-video, storing nothing', async () => {
    const files = () =>
      w.t.database.db.select().from(storedFiles).where(eq(storedFiles.organizationId, w.org.id));
    const filesBefore = await files();
    const path = `/api/app/content/content-document/${w.org.id}/file`;
    for (const [name, bytes] of [
      ['evil.pdf', Buffer.from('MZ\u0090\u0000not a pdf at all')],
      ['empty.pdf', Buffer.alloc(0)],
      ['notes.txt', Buffer.from([0x41, 0x00, 0x42])],
      ['page.html', Buffer.from('<html></html>')],
    ] as const) {
      const res = await upload(w.admin, path, name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.validationErrors[0].field).toBe('file');
    }
    expect(
      (await upload(w.admin, `/api/app/content/content-video/${w.org.id}/file`, 'v.webm', pdf)).statusCode,
    ).toBe(400);
    expect(await files()).toEqual(filesBefore);
  });

  it('stores a template by its bytes with a safe name and a link; content then refers to it; a video too', async () => {
    const res = await upload(
      w.admin,
      `/api/app/content/content-document/${w.org.id}/file`,
      '../../etc/Consent form.pdf',
      pdf,
    );
    expect(res.statusCode).toBe(201);
    const file = contentFileSchema.parse(res.json());
    expect(file).toMatchObject({
      originalName: 'Consent form.pdf',
      contentType: 'application/pdf',
      byteSize: pdf.length,
    });
    const download = await w.t.app.inject({ method: 'GET', url: file.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const saved = await as(w.t, w.admin).post(`/api/app/content/content-document/${documentId}`, {
      content: { templateFileId: file.id },
    });
    expect(contentDefinitionSchema.parse(saved.json()).file?.id).toBe(file.id);
    const text = await upload(
      w.admin,
      `/api/app/content/content-document/${w.org.id}/file`,
      'list.csv',
      Buffer.from('a,b\n1,2\n'),
    );
    expect(text.json().contentType).toBe('text/csv');
    const video = await upload(
      w.admin,
      `/api/app/content/content-video/${w.org.id}/file`,
      'intro.webm',
      webm,
    );
    expect(video.json()).toMatchObject({ contentType: 'video/webm' });
    const wrongPurpose = await as(w.t, w.admin).post(`/api/app/content/content-video/${videoId}`, {
      content: { fileId: file.id },
    });
    expect(wrongPurpose.statusCode).toBe(400);
    const withVideo = await as(w.t, w.admin).post(`/api/app/content/content-video/${videoId}`, {
      content: { fileId: video.json().id },
    });
    expect(withVideo.json()).toMatchObject({
      content: { url: null, requiredWatchedPercent: 90 },
      file: { contentType: 'video/webm' },
    });
  });
});
