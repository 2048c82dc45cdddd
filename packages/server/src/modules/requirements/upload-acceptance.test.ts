import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { addTestMember, type TestMember } from '../../../test/factories.ts';
import { formVersions } from '../../db/schema/index.ts';
import {
  addRequirement,
  closeWorld,
  countsOf,
  createWorld,
  filesOnDisk,
  multipart,
  pdfBytes,
  pngBytes,
  type World,
} from './requirement-actions.test-support.ts';

let w: World;
let admin: TestMember;
const ids = { document: '', form: '', training: '', documentRequirement: '' };

beforeAll(async () => {
  w = await createWorld();
  admin = await addTestMember(w.t, w.org, w.org.root, 'Admin');
  const document = await addRequirement(w, RequirementType.Document, {}, 'Medical');
  const fields = [{ id: 'proof', label: 'Proof', kind: 'file', required: true }];
  const form = await addRequirement(w, RequirementType.Form, { fields }, 'Kit form');
  await w.t.database.db
    .insert(formVersions)
    .values({ organizationId: w.org.id, definitionId: form.definitionId, version: 1, fields });
  const training = await addRequirement(w, RequirementType.CustomTraining, {
    trainingUrl: 'https://training.example.org',
    certificateRequired: true,
  });
  Object.assign(ids, {
    document: document.definitionId,
    documentRequirement: document.requirementId,
    form: form.definitionId,
    training: training.definitionId,
  });
});
afterAll(async () => closeWorld(w));

const base = '/api/app/requirement';
const pla = () => w.player.profileLevelAccessId;
/** Every upload route, who may call it, and the multipart field its file goes in. */
const uploadRoutes = (): { name: string; url: string; who: TestMember; field: string }[] => [
  {
    name: 'complete-document',
    url: `${base}/${ids.document}/complete-document?plaId=${pla()}`,
    who: w.player,
    field: 'file',
  },
  {
    name: 'content-form-file',
    url: `${base}/${ids.form}/content-form-file?plaId=${pla()}&fieldId=proof`,
    who: w.player,
    field: 'file',
  },
  {
    name: 'upload-custom-training-certificate',
    url: `${base}/${ids.training}/upload-custom-training-certificate?plaId=${pla()}`,
    who: w.player,
    field: 'file',
  },
  {
    name: 'content template',
    url: `/api/app/content/content-document/${w.org.id}/file`,
    who: admin,
    field: 'file',
  },
  { name: 'account photo', url: '/api/app/account/photo', who: w.player, field: 'photo' },
  {
    name: 'organization photo',
    url: `/api/app/organization/${w.org.id}/file?purpose=photo`,
    who: admin,
    field: 'file',
  },
];

const send = (who: TestMember, url: string, payload: Buffer, contentType: string) =>
  w.t.app.inject({ method: 'POST', url, headers: { ...who.auth, 'content-type': contentType }, payload });
const upload = (who: TestMember, url: string, filename: string, data: Buffer | string, field = 'file') => {
  const body = multipart([{ name: field, filename, contentType: 'application/octet-stream', data }]);
  return send(who, url, body.payload, body.headers['content-type']);
};

describe('a malformed multipart body is a 400 on every upload route (never a 500)', () => {
  it.each(['no boundary', 'truncated body', 'boundary that never appears'])('%s', async (kind) => {
    for (const route of uploadRoutes()) {
      const body = multipart([{ name: route.field, filename: 'a.png', data: pngBytes }]);
      const contentType = body.headers['content-type'];
      const res =
        kind === 'no boundary'
          ? await send(route.who, route.url, body.payload, 'multipart/form-data')
          : kind === 'truncated body'
            ? await send(route.who, route.url, body.payload.subarray(0, 90), contentType)
            : await send(route.who, route.url, Buffer.from('garbage without parts'), contentType);
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(400);
      expect(res.json().error.validationErrors?.[0]?.field).toBe(route.field);
    }
  });
});

const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>';

describe('requirement and template uploads accept only the spec mapping, when the bytes match the name', () => {
  const refused: [string, string, Buffer | string][] = [
    ['HTML with a script', 'page.html', html],
    ['HTML bytes named .pdf', 'proof.pdf', html],
    ['HTML bytes named .txt', 'notes.txt', html],
    ['SVG with onload', 'image.svg', svg],
    ['SVG bytes named .png', 'image.png', svg],
    ['SVG bytes named .xml', 'data.xml', svg],
    ['PNG bytes named .pdf', 'proof.pdf', pngBytes],
    ['PDF bytes named .png', 'proof.png', pdfBytes],
    ['text named .exe', 'run.exe', 'hello'],
    ['text with no extension', 'README', 'hello'],
  ];
  it.each(refused)('refuses %s with a 400 that says why, storing nothing', async (_what, name, data) => {
    for (const route of uploadRoutes().slice(0, 4)) {
      const before = { counts: await countsOf(w, ids.documentRequirement), disk: filesOnDisk(w).length };
      const res = await upload(route.who, route.url, name, data);
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(400);
      expect(res.json().error.validationErrors[0]).toMatchObject({ field: 'file' });
      expect(res.json().error.message).toMatch(/not a file type we accept|does not match|markup|looks like/i);
      expect({ counts: await countsOf(w, ids.documentRequirement), disk: filesOnDisk(w).length }).toEqual(
        before,
      );
    }
  });

  it.each([
    ['a PDF', 'proof.pdf', pdfBytes],
    ['a PNG', 'photo.png', pngBytes],
    ['a CSV', 'scores.csv', 'name,goals\nAva,3\nLee,1\n'],
    ['plain text', 'notes.txt', 'Allergic to peanuts; inhaler in the bag.'],
    ['XML', 'data.xml', '<?xml version="1.0"?><roster><player name="Ava"/></roster>'],
    [
      'a zip, stored as its bytes',
      'pack.zip',
      Buffer.from('504b0506000000000000000000000000000000000000', 'hex'),
    ],
  ])('takes %s', async (_what, name, data) => {
    const [formFile] = uploadRoutes().slice(1, 2);
    if (!formFile) throw new Error('no form route');
    const res = await upload(formFile.who, formFile.url, name, data);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('member uploads are served with their checked type, nosniff and a sandbox; inline only PDF and images', () => {
  it('a PDF inline, a CSV as an attachment', async () => {
    const body = multipart([
      { name: 'file', filename: 'medical.pdf', data: pdfBytes },
      { name: 'file', filename: 'scores.csv', data: 'a,b\n1,2\n' },
    ]);
    const done = await send(
      w.player,
      `${base}/${ids.document}/complete-document?plaId=${pla()}`,
      body.payload,
      body.headers['content-type'],
    );
    expect(done.statusCode, done.body).toBe(200);
    const list = await w.t.app.inject({
      url: `${base}/${ids.document}/files-to-view?plaId=${pla()}`,
      headers: w.player.auth,
    });
    const items: { id: string; name: string }[] = list.json().items;
    const served = async (name: string) => {
      const item = items.find((i) => i.name === name);
      const link = await w.t.app.inject({
        url: `${base}/${ids.document}/download-file/${item?.id}?plaId=${pla()}`,
        headers: w.player.auth,
      });
      return (await w.t.app.inject({ url: link.json().url })).headers;
    };
    const pdf = await served('medical.pdf');
    expect(pdf['content-type']).toBe('application/pdf');
    expect(pdf['content-disposition']).toMatch(/^inline;/);
    const csv = await served('scores.csv');
    expect(csv['content-type']).toMatch(/^text\/csv/);
    expect(csv['content-disposition']).toMatch(/^attachment;/);
    for (const headers of [pdf, csv]) {
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toMatch(/sandbox/);
      expect(headers['content-security-policy']).toMatch(/default-src 'none'/);
    }
  });
});
