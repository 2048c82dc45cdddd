import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPhotoSchema, accountSchema, profilePhotoMaxBytes } from '@touchline/contracts/account';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestMember, createTestOrganization, type TestMember } from '../../../test/factories.ts';
import { auditActionsFor, profileRow } from './profiles.test-helpers.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
]);
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);

/** A multipart body with one file part. */
function multipart(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----touchline${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST and DELETE /api/app/account/photo', () => {
  let t: TestApp;
  let dataDir: string;
  let member: TestMember;
  let organizationId: string;
  let lonerAuth: { authorization: string };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-photo-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    const org = await createTestOrganization(t, 'Photo League');
    organizationId = org.id;
    member = await addTestMember(t, org, org.team, 'member');
    await t.createUser({ email: 'photo-loner@example.org' });
    lonerAuth = { authorization: `Bearer ${(await t.signIn('photo-loner@example.org')).access_token}` };
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const filesOnDisk = () =>
    fs.existsSync(path.join(dataDir, 'files'))
      ? fs
          .readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
      : [];
  const upload = (auth: object, field: string, name: string, type: string, bytes: Buffer) => {
    const body = multipart(field, name, type, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/api/app/account/photo',
      payload: body.payload,
      headers: { ...body.headers, ...(auth as Record<string, string>) },
    });
  };

  it('401 anonymous and 404 without an organization, storing nothing', async () => {
    expect((await upload({}, 'photo', 'me.png', 'image/png', png)).statusCode).toBe(401);
    expect((await upload(lonerAuth, 'photo', 'me.png', 'image/png', png)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/app/account/photo' })).statusCode).toBe(401);
    expect(filesOnDisk()).toEqual([]);
  });

  it('400 for another field name, a type known only by its name, a GIF, or more than 5 MB', async () => {
    const cases = [
      ['picture', 'me.png', 'image/png', png, 'Choose a photo to upload.'],
      [
        'photo',
        'me.png',
        'image/png',
        Buffer.from('just text, not an image'),
        'The photo must be a PNG, JPEG or WebP image.',
      ],
      ['photo', 'me.gif', 'image/gif', gif, 'The photo must be a PNG, JPEG or WebP image.'],
      [
        'photo',
        'huge.png',
        'image/png',
        Buffer.concat([png, Buffer.alloc(profilePhotoMaxBytes)]),
        'The photo is larger than 5 MB. Choose a smaller image.',
      ],
    ] as const;
    for (const [field, name, type, bytes, message] of cases) {
      const res = await upload(member.auth, field, name, type, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.validationErrors).toEqual([{ field: 'photo', in: 'body', message }]);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/photo',
      payload: { photo: 'x' },
      headers: member.auth,
    });
    expect(json.statusCode).toBe(400);
    expect(filesOnDisk()).toEqual([]);
    expect((await profileRow(t, member.profileId)).photoFileId).toBeNull();
  });

  it('stores a JPEG, serves it through its link, and shows it in the account and active profile', async () => {
    const res = await upload(member.auth, 'photo', 'webcam-photo.jpg', 'application/octet-stream', jpeg);
    expect(res.statusCode).toBe(201);
    const photo = accountPhotoSchema.parse(res.json());
    expect(photo).toMatchObject({ photoName: 'webcam-photo.jpg', photoExtension: 'jpeg' });
    const served = await t.app.inject(photo.photoUrl ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    const account = accountSchema.parse(
      (await t.app.inject({ url: '/api/app/account', headers: member.auth })).json(),
    );
    expect(account.profile).toMatchObject({ photoName: 'webcam-photo.jpg', photoUrl: photo.photoUrl });
    const active = await t.app.inject({
      url: `/api/app/profile?AppUserId=${member.userId}`,
      headers: member.auth,
    });
    expect(active.json().profilePicture).toBe(photo.photoUrl);
    expect(filesOnDisk()).toHaveLength(1);
  });

  it('replaces the old photo (its bytes removed, its link dead), then removes it', async () => {
    const before = accountSchema.parse(
      (await t.app.inject({ url: '/api/app/account', headers: member.auth })).json(),
    );
    const replaced = await upload(member.auth, 'photo', 'C:\\Users\\me\\portrait.webp', 'image/webp', webp);
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json()).toMatchObject({ photoName: 'portrait.webp', photoExtension: 'webp' });
    expect(filesOnDisk()).toHaveLength(1);
    expect((await t.app.inject(before.profile.photoUrl ?? '')).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/app/account/photo',
      headers: member.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(filesOnDisk()).toEqual([]);
    expect((await profileRow(t, member.profileId)).photoFileId).toBeNull();
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/app/account/photo',
      headers: member.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(await auditActionsFor(t, organizationId, member.profileId)).toEqual([
      'profile.photo_replaced',
      'profile.photo_replaced',
      'profile.photo_removed',
    ]);
  });

  it('accepts a PNG too', async () => {
    const res = await upload(member.auth, 'photo', 'me.png', 'image/png', png);
    expect(res.statusCode).toBe(201);
    expect(res.json().photoExtension).toBe('png');
  });
});
