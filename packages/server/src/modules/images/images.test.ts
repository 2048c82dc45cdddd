import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestMember, createTestOrganization, type TestMember } from '../../../test/factories.ts';
import { servedFormat, servedWidth } from './images.service.ts';

let t: TestApp;
let dataDir: string;
let admin: TestMember;
let token: string;

/** An organization logo as uploaded: a 3000×1500 PNG. */
const logo = () =>
  sharp({ create: { width: 3000, height: 1500, channels: 3, background: { r: 10, g: 120, b: 80 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-images-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const org = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  const boundary = '----touchlineimages';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await logo(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/app/organization/${org.id}/file?purpose=photo`,
    headers: { ...admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(uploaded.statusCode).toBeLessThan(300);
  const link = await t.app.inject({
    url: `/api/app/organization/${org.id}/file-url-with-token/?purpose=photo`,
    headers: admin.auth,
  });
  token = new URL((link.json() as { url: string }).url, 'http://x').pathname.split('/').pop() ?? '';
}, 60_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const image = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/images/${token}?${query}`, headers });

describe('the spec §9 sizes', () => {
  it('serves the listed widths and small sizes exactly, anything else at 400', () => {
    for (const w of [640, 750, 828, 1080, 1200, 1920, 2048, 3840, 16, 384]) expect(servedWidth(w)).toBe(w);
    for (const w of [1, 399, 401, 641, 5000]) expect(servedWidth(w)).toBe(400);
  });

  it('picks AVIF, then WebP, by Accept, else the original type', () => {
    expect(servedFormat('image/avif,image/webp,*/*', 'image/png')).toBe('avif');
    expect(servedFormat('image/webp,*/*', 'image/png')).toBe('webp');
    expect(servedFormat('*/*', 'image/png')).toBe('png');
    expect(servedFormat(undefined, 'image/jpeg')).toBe('jpeg');
  });
});

describe('GET /api/images/{token}', () => {
  it('resizes to the served width in the accepted format, quality 75 by default', async () => {
    const avif = await image('w=640', { accept: 'image/avif,image/webp,*/*' });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toBe('Accept');
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(640);

    const webp = await image('w=1000', { accept: 'image/webp' });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(400);

    const png = await image('w=3840');
    expect(png.headers['content-type']).toBe('image/png');
    // Never enlarged past the 3000-pixel original.
    expect((await sharp(png.rawPayload).metadata()).width).toBe(3000);

    // The default is quality 75: the same bytes as asking for 75, not those of another quality.
    const standard = await image('w=640', { accept: 'image/webp' });
    const asked75 = await image('w=640&q=75', { accept: 'image/webp' });
    const low = await image('w=640&q=30', { accept: 'image/webp' });
    expect(standard.rawPayload.equals(asked75.rawPayload)).toBe(true);
    expect(standard.headers.etag).toBe(asked75.headers.etag);
    expect(low.headers.etag).not.toBe(standard.headers.etag);
  });

  it('answers 304 to a repeat with its validator', async () => {
    const first = await image('w=750', { accept: 'image/webp' });
    const etag = String(first.headers.etag);
    const again = await image('w=750', { accept: 'image/webp', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 400 for a bad width, 404 for a link not ours', async () => {
    expect((await image('w=0')).statusCode).toBe(400);
    expect((await image('')).statusCode).toBe(400);
    const forged = await t.app.inject({ url: '/api/images/not-a-token?w=640' });
    expect(forged.statusCode).toBe(404);
  });
});
