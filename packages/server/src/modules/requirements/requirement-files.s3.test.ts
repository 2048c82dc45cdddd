import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestMember, createTestOrganization, type TestMember } from '../../../test/factories.ts';
import { loadConfig } from '../../config.ts';
import { multipart, pdfBytes } from './requirement-actions.test-support.ts';
import { addDefinition, assign } from './requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from './requirements.service.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-s3-app-'));
const bucket = 'touchline-app';
let server: S3rver;
let t: TestApp;
let player: TestMember;
let definitionId = '';

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 's3'),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  t = await createTestApp({
    DATA_DIR: path.join(root, 'data'),
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const org = await createTestOrganization(t);
  player = await addTestMember(t, org, org.team, 'member');
  definitionId = await addDefinition(t, org, {
    type: RequirementType.Document,
    content: { requiresReview: false },
  });
  await assign(t, org, definitionId, org.team, org.labelIds.member);
  await refreshMemberRequirements(t.database.db, org.id, { profileIds: [player.profileId] });
});
afterAll(async () => {
  await t.close();
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('requirement files on an S3-compatible bucket (S3_* configured)', () => {
  it('selects the S3 driver from the configuration, with path-style addressing for a custom endpoint', () => {
    expect(t.app.storage.kind).toBe('s3');
    const config = loadConfig({ S3_BUCKET: 'bkt', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(config.s3).toMatchObject({ bucket: 'bkt', region: 'us-east-1', forcePathStyle: true });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('uploads a document into the bucket (completing it without review as configured) and downloads it back', async () => {
    const pla = player.profileLevelAccessId;
    const body = multipart([{ name: 'file', filename: 'card.pdf', data: pdfBytes }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${definitionId}/complete-document?plaId=${pla}`,
      headers: { ...body.headers, ...player.auth },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(RequirementStatus.Completed);
    expect(fs.existsSync(path.join(root, 'data', 'files'))).toBe(false);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/app/requirement/${definitionId}/download-file/${res.json().files[0].id}?plaId=${pla}`,
      headers: player.auth,
    });
    const bytes = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(pdfBytes)).toBe(true);
  });
});
