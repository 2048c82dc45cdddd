import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { createTestApp, type TestApp } from '../../test/app.ts';

type Parameter = { name: string; in: string; required?: boolean };
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the OpenAPI document (/api/docs/json)', () => {
  it('is valid for an independent validator, so clients generated from it work', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<
      Exclude<Parameters<typeof validate>[0], string>
    >();
    const result = await validate(doc);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('publishes each optional path segment as its own path, the parameter required where it appears', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<Document>();
    const pathParams = (path: string) =>
      (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'path');
    expect(pathParams('/api/app/profile/plas-by-external-id')).toEqual([]);
    expect(pathParams('/api/app/profile/plas-by-external-id/{externalId}')).toMatchObject([
      { name: 'externalId', required: true },
    ]);
    expect(pathParams('/api/app/profile/partner-from-current-profile')).toEqual([]);
    expect(pathParams('/api/app/profile/partner-from-current-profile/{profileLevelAccessId}')).toMatchObject([
      { name: 'profileLevelAccessId', required: true },
    ]);
  });
});
