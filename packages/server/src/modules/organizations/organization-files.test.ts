import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileUrlResponseSchema, organizationFileSchema } from '@touchline/contracts/organizations';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { storageKeyPattern } from '../../storage/storage.ts';
import { organizationPhotoUrl } from './organizations.service.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string };
/** A multipart/form-data request body, written out by hand so the test controls every header. */
function multipart(parts: Part[]) {
  const boundary = `----touchline${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.filename === undefined ? '' : `; filename="${p.filename}"`) +
        `\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`,
    ),
    Buffer.from(p.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let t: TestApp;
let dataDir: string;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let director: TestMember;
let divisionAdmin: TestMember;
let player: TestMember;
let otherAdmin: TestMember;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  director = await addTestMember(t, org, org.root, 'Director');
  divisionAdmin = await addTestMember(t, org, org.division, 'Admin');
  player = await addTestMember(t, org, org.team, 'member');
  otherAdmin = await addTestMember(t, other, other.root, 'Admin');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under DATA_DIR/files, relative to it. */
function filesOnDisk(): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'));
}

const fileUrl = (id: string, purpose = 'photo') => `/api/app/organization/${id}/file?purpose=${purpose}`;
const linkUrl = (id: string) => `/api/app/organization/${id}/file-url-with-token/?purpose=photo`;
const upload = (who: TestMember | null, id: string, parts: Part[], purpose = 'photo') => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: fileUrl(id, purpose),
    headers: { ...body.headers, ...(who ? who.auth : {}) },
    payload: body.payload,
  });
};
const photo = (data: Buffer = png, filename = 'logo.png'): Part[] => [
  { name: 'file', filename, contentType: 'image/png', data },
];
const liveRows = () => t.database.db.select().from(storedFiles).where(eq(storedFiles.organizationId, org.id));

describe('POST /api/app/organization/{id}/file?purpose=photo', () => {
  it('401 anonymous, 404 another organization, 403 below admin-level at the top level', async () => {
    expect((await upload(null, org.id, photo())).statusCode).toBe(401);
    expect((await upload(otherAdmin, org.id, photo())).statusCode).toBe(404);
    expect((await upload(admin, other.id, photo())).statusCode).toBe(404);
    expect((await upload(director, org.id, photo())).statusCode).toBe(403);
    expect((await upload(divisionAdmin, org.id, photo())).statusCode).toBe(403);
    expect((await upload(player, org.id, photo())).statusCode).toBe(403);
    expect(filesOnDisk()).toEqual([]);
    expect(await liveRows()).toEqual([]);
  });

  it('400 for bad input, with a field error and nothing stored', async () => {
    const notAnImage = await upload(
      admin,
      org.id,
      photo(Buffer.from('just some text, not an image'), 'logo.png'),
    );
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().error.validationErrors).toEqual([
      { field: 'file', in: 'body', message: 'Upload a PNG, JPEG, WebP or GIF image' },
    ]);
    const pdf = await upload(
      admin,
      org.id,
      photo(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'logo.png'),
    );
    expect(pdf.statusCode).toBe(400);
    const empty = await upload(admin, org.id, photo(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const noFile = await upload(admin, org.id, [{ name: 'caption', data: 'our logo' }]);
    expect(noFile.json().error.validationErrors[0].message).toBe('Choose a file to upload');
    const tooLarge = await upload(admin, org.id, photo(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)])));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.validationErrors[0].message).toBe('The file is larger than 5 MB');
    const badPurpose = await upload(admin, org.id, photo(), 'resume');
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json().error.validationErrors[0]).toMatchObject({ field: 'purpose', in: 'query' });
    const json = await t.app.inject({
      method: 'POST',
      url: fileUrl(org.id),
      headers: admin.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(filesOnDisk()).toEqual([]);
    expect(await liveRows()).toEqual([]);
  });

  it('stores the photo under a random key whatever the name says, and replaces the previous one', async () => {
    const first = await upload(admin, org.id, photo(png, '../../../../tmp/evil/..\\passwd.png'));
    expect(first.statusCode).toBe(201);
    const stored = organizationFileSchema.parse(first.json());
    expect(stored).toMatchObject({ purpose: 'photo', contentType: 'image/png', byteSize: png.length });
    expect(stored.originalName).not.toMatch(/[\\/]/);
    const onDisk = filesOnDisk();
    expect(onDisk).toHaveLength(1);
    expect(onDisk[0]).toMatch(storageKeyPattern);
    expect(fs.existsSync('/tmp/evil')).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'files', onDisk[0] ?? ''))).toEqual(png);

    const second = await upload(admin, org.id, [
      { name: 'file', filename: 'logo.gif', contentType: 'image/png', data: gif },
    ]);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ contentType: 'image/gif', originalName: 'logo.gif' });
    const rows = await liveRows();
    expect(rows.filter((r) => r.deletedAt === null).map((r) => r.id)).toEqual([second.json().id]);
    expect(rows.find((r) => r.id === stored.id)?.deletedAt).toBeInstanceOf(Date);
    expect(filesOnDisk()).toEqual([rows.find((r) => r.id === second.json().id)?.storageKey]);
  });
});

describe('GET {id}/file and {id}/file-url-with-token/, and the link itself', () => {
  it('401 anonymous and 404 another organization; every member may look', async () => {
    expect((await t.app.inject(fileUrl(org.id))).statusCode).toBe(401);
    expect((await t.app.inject(linkUrl(org.id))).statusCode).toBe(401);
    expect((await t.app.inject({ url: fileUrl(org.id), headers: otherAdmin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: linkUrl(org.id), headers: otherAdmin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: fileUrl(other.id), headers: otherAdmin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: fileUrl(org.id, 'cv'), headers: player.auth })).statusCode).toBe(400);
    const meta = await t.app.inject({ url: fileUrl(org.id), headers: player.auth });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({
      purpose: 'photo',
      contentType: 'image/gif',
      originalName: 'logo.gif',
    });
  });

  it('gives an expiring link that serves the bytes with their type, refusing forged and expired tokens', async () => {
    const res = await t.app.inject({ url: linkUrl(org.id), headers: player.auth });
    expect(res.statusCode).toBe(200);
    const link = fileUrlResponseSchema.parse(res.json());
    const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(15);
    const served = await t.app.inject(link.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(gif);
    expect(served.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({ url: link.url, headers: { range: 'bytes=2-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-5/${gif.length}`);
    expect(part.rawPayload).toEqual(gif.subarray(2, 6));
    const outside = await t.app.inject({ url: link.url, headers: { range: `bytes=${gif.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${gif.length}`);

    const token = link.url.split('/').pop() ?? '';
    const [payload, signature] = token.split('.');
    const longer = Buffer.from(payload ?? '', 'base64url');
    longer.writeUInt32BE(4_000_000_000, 32);
    const forgedPayload = longer.toString('base64url');
    for (const forged of [`${forgedPayload}.${signature}`, `${payload}.${'A'.repeat(22)}`, 'nonsense']) {
      expect((await t.app.inject(`/api/files/${forged}`)).statusCode).toBe(404);
    }
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(link.expiresAt) + 1000 });
    try {
      const expired = await t.app.inject(link.url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().error.message).toMatch(/expired/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the photo in the organization list and to the profiles module', async () => {
    const list = (
      await t.app.inject({ url: '/api/app/organization/organization-list', headers: admin.auth })
    ).json();
    expect(list.items[0].image).toMatch(/^\/api\/files\//);
    expect((await t.app.inject(list.items[0].image)).statusCode).toBe(200);
    expect(await organizationPhotoUrl(t.app.deps, org.id)).toMatch(/^\/api\/files\//);
    expect(await organizationPhotoUrl(t.app.deps, other.id)).toBeNull();
  });
});

describe('DELETE /api/app/organization/{id}/file?purpose=photo', () => {
  it('401 anonymous, 404 another organization, 403 below admin-level, 400 bad purpose', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: fileUrl(org.id) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: fileUrl(org.id), headers: otherAdmin.auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: fileUrl(org.id), headers: director.auth })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: fileUrl(org.id), headers: player.auth })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: fileUrl(org.id, 'x'), headers: admin.auth })).statusCode,
    ).toBe(400);
    expect(filesOnDisk()).toHaveLength(1);
  });

  it('removes the photo: 204, gone from storage, its links dead, and a second removal finds nothing', async () => {
    const link = (await t.app.inject({ url: linkUrl(org.id), headers: admin.auth })).json().url as string;
    const res = await t.app.inject({ method: 'DELETE', url: fileUrl(org.id), headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(filesOnDisk()).toEqual([]);
    expect((await t.app.inject(link)).statusCode).toBe(404);
    expect((await t.app.inject({ url: fileUrl(org.id), headers: admin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: linkUrl(org.id), headers: admin.auth })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: fileUrl(org.id), headers: admin.auth })).statusCode,
    ).toBe(404);
    expect((await liveRows()).every((r) => r.deletedAt !== null)).toBe(true);
  });
});
