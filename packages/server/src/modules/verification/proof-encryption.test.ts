import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, storedFiles } from '../../db/schema/index.ts';
import { derivedFileKeyId } from '../../storage/file-cipher.ts';
import { birthCertificate } from './verification.samples.ts';
import {
  addAgeVerification,
  closeWorld,
  createWorld,
  filesOnDisk,
  multipartFile,
  type World,
} from './verification.test-support.ts';

let w: World;
let ageId = '';
beforeAll(async () => {
  w = await createWorld();
  ageId = await addAgeVerification(w, 'Age');
}, 240_000);
afterAll(async () => closeWorld(w));

describe('proof images are encrypted at rest and opened only through the audited, expiring view', () => {
  it('the stored bytes are sealed; the member’s link returns the image as sent, whole or by range', async () => {
    const jane = w.members[0]!;
    const image = await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' });
    const body = multipartFile('file', 'proof.png', 'image/png', image);
    const sent = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${ageId}/age-verification?plaId=${jane.profileLevelAccessId}&proofType=BirthCertificate&dateOfBirth=2013-05-14`,
      headers: { ...body.headers, ...jane.auth },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(200);

    const [row] = await w.t.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.organizationId, w.org.id), eq(storedFiles.purpose, 'verification-proof')));
    expect(row).toMatchObject({ encryptionKeyId: derivedFileKeyId, byteSize: image.length });
    const [onDisk] = filesOnDisk(w);
    const stored = fs.readFileSync(path.join(w.dataDir, 'files', onDisk!));
    expect(stored.equals(image)).toBe(false);
    expect(stored.includes(image.subarray(0, 64))).toBe(false);
    // No PNG signature: nothing on disk reads as the child's document.
    expect(stored.subarray(0, 8).equals(image.subarray(0, 8))).toBe(false);

    const link = await w.t.app.inject({
      method: 'GET',
      url: `/api/app/requirement/${ageId}/age-verification-proof?plaId=${jane.profileLevelAccessId}`,
      headers: jane.auth,
    });
    expect(link.statusCode).toBe(200);
    const file = await w.t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(image)).toBe(true);
    const part = await w.t.app.inject({
      method: 'GET',
      url: link.json().url,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${image.length}`);
    expect(part.rawPayload.equals(image.subarray(0, 100))).toBe(true);
    const views = await w.t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, w.org.id), eq(auditEvents.action, 'verification.image_viewed')),
      );
    expect(views).toHaveLength(1);
  });

  it('a sealed file altered in storage is not served', async () => {
    const [onDisk] = filesOnDisk(w);
    const full = path.join(w.dataDir, 'files', onDisk!);
    const stored = fs.readFileSync(full);
    stored[stored.length - 1] = stored[stored.length - 1]! ^ 1;
    fs.writeFileSync(full, stored);
    const jane = w.members[0]!;
    const link = await w.t.app.inject({
      method: 'GET',
      url: `/api/app/requirement/${ageId}/age-verification-proof?plaId=${jane.profileLevelAccessId}`,
      headers: jane.auth,
    });
    const file = await w.t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(500);
    expect(file.rawPayload.length).toBeLessThan(1000);
  });
});
