import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { TestMember } from '../../../test/factories.ts';
import {
  addRequirement,
  closeWorld,
  countsOf,
  createWorld,
  filesOnDisk,
  multipart,
  pdfBytes,
  type World,
} from './requirement-actions.test-support.ts';

let w: World;
let definitionId = '';
let requirementId = '';
beforeAll(async () => {
  w = await createWorld();
  ({ definitionId, requirementId } = await addRequirement(w, RequirementType.Document));
});
afterAll(async () => closeWorld(w));

type Call = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (def: string, pla: string) => string;
  body?: object;
  upload?: boolean;
  /** Who is refused with 403 (besides nobody else's member): a plain teammate, or the member for manager calls. */
  tooLow: 'teammate' | 'player';
};
const base = '/api/app/requirement';
const file = crypto.randomUUID();
const calls: Record<string, Call> = {
  'complete-document': {
    method: 'POST',
    url: (d, p) => `${base}/${d}/complete-document?plaId=${p}`,
    upload: true,
    tooLow: 'teammate',
  },
  'delete-document-attachment': {
    method: 'DELETE',
    url: (d, p) => `${base}/${d}/delete-document-attachment/${file}?plaId=${p}`,
    tooLow: 'teammate',
  },
  'delete-form-attachment': {
    method: 'DELETE',
    url: (d, p) => `${base}/${d}/delete-form-attachment/${file}?plaId=${p}`,
    tooLow: 'teammate',
  },
  'extension-content-file': {
    method: 'GET',
    url: (d, p) => `${base}/${d}/extension-content-file?plaId=${p}`,
    tooLow: 'teammate',
  },
  'content-form-file': {
    method: 'POST',
    url: (d, p) => `${base}/${d}/content-form-file?plaId=${p}&fieldId=f`,
    upload: true,
    tooLow: 'teammate',
  },
  'complete-form': {
    method: 'POST',
    url: (d, p) => `${base}/${d}/complete-form?plaId=${p}`,
    body: { formVersionId: file, answers: {} },
    tooLow: 'teammate',
  },
  'complete-waiver': {
    method: 'POST',
    url: (d, p) => `${base}/${d}/complete-waiver?plaId=${p}`,
    body: { typedName: 'x', agreed: true },
    tooLow: 'teammate',
  },
  'waiver/view': { method: 'GET', url: (d, p) => `${base}/${d}/waiver/view?plaId=${p}`, tooLow: 'teammate' },
  'waiver/download': {
    method: 'GET',
    url: (d, p) => `${base}/${d}/waiver/download?plaId=${p}`,
    tooLow: 'teammate',
  },
  'complete-video': {
    method: 'POST',
    url: (d, p) => `${base}/${d}/complete-video?plaId=${p}`,
    body: { intervals: [[0, 1]], duration: 10 },
    tooLow: 'teammate',
  },
  'take-custom-training': {
    method: 'POST',
    url: (d, p) => `${base}/${d}/take-custom-training?plaId=${p}`,
    tooLow: 'teammate',
  },
  'upload-custom-training-certificate': {
    method: 'POST',
    url: (d, p) => `${base}/${d}/upload-custom-training-certificate?plaId=${p}`,
    upload: true,
    tooLow: 'teammate',
  },
  'complete-without-upload': {
    method: 'POST',
    url: (d, p) => `${base}/${d}/complete-without-upload/${p}`,
    body: { date: '2026-01-01' },
    tooLow: 'player',
  },
  'mark-incomplete': { method: 'POST', url: (d, p) => `${base}/${d}/mark-incomplete/${p}`, tooLow: 'player' },
  'completed-date-time': {
    method: 'PATCH',
    url: (d, p) => `${base}/${d}/completed-date-time/${p}`,
    body: { completedDateTime: '2026-01-01T00:00:00Z' },
    tooLow: 'player',
  },
  'files-to-view': {
    method: 'GET',
    url: (d, p) => `${base}/${d}/files-to-view?plaId=${p}`,
    tooLow: 'teammate',
  },
  'download-file': {
    method: 'GET',
    url: (d, p) => `${base}/${d}/download-file/${file}?plaId=${p}`,
    tooLow: 'teammate',
  },
  'download-file-archive': {
    method: 'GET',
    url: (_d, p) => `${base}/download-file-archive?plaId=${p}`,
    tooLow: 'teammate',
  },
};

function call(c: Call, who: TestMember | null, url: string) {
  const auth = who ? who.auth : {};
  if (c.upload) {
    const body = multipart([{ name: 'file', filename: 'a.pdf', data: pdfBytes }]);
    return w.t.app.inject({
      method: c.method,
      url,
      headers: { ...body.headers, ...auth },
      payload: body.payload,
    });
  }
  return w.t.app.inject({ method: c.method, url, headers: auth, ...(c.body ? { payload: c.body } : {}) });
}

describe.each(Object.entries(calls))('%s', (_name, c) => {
  it('401 anonymous, 404 from another organization or for an unknown member or definition, 403 too low, 400 bad ids; nothing changes', async () => {
    const pla = w.player.profileLevelAccessId;
    const before = await countsOf(w, requirementId);
    const disk = filesOnDisk(w);
    expect((await call(c, null, c.url(definitionId, pla))).statusCode).toBe(401);
    expect((await call(c, w.otherAdmin, c.url(definitionId, pla))).statusCode).toBe(404);
    expect((await call(c, w.player, c.url(definitionId, crypto.randomUUID()))).statusCode).toBe(404);
    if (!c.url('D', 'P').startsWith(`${base}/download-file-archive`))
      expect((await call(c, w.player, c.url(crypto.randomUUID(), pla))).statusCode).toBe(404);
    expect((await call(c, w[c.tooLow], c.url(definitionId, pla))).statusCode).toBe(403);
    expect((await call(c, w.player, c.url('not-an-id', 'not-an-id'))).statusCode).toBe(400);
    expect(await countsOf(w, requirementId)).toEqual(before);
    expect(filesOnDisk(w)).toEqual(disk);
  });
});
