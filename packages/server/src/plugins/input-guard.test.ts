import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webClientId } from '@touchline/contracts/accounts';
import {
  controlCharacterMessage,
  loneSurrogateMessage,
  nulCharacterMessage,
} from '@touchline/contracts/text';
import type { TestApp } from '../../test/app.ts';
import { createTestSuite, type TestMember, type TestOrganization } from '../../test/factories.ts';

let t: TestApp;
let org: TestOrganization;
let admin: TestMember;

beforeAll(async () => {
  ({
    t,
    org,
    members: { admin },
  } = await createTestSuite({ admin: ['root', 'Admin'] }));
});
afterAll(async () => t.close());

type Body = { error: { code: string; validationErrors?: { field: string; in: string; message: string }[] } };
const firstError = (res: { json: () => unknown }) => (res.json() as Body).error.validationErrors?.[0];

describe('a NUL character anywhere is a 400 with a field error, never a database error', () => {
  it('POST /connect/token answers RFC 6749 invalid_request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&client_id=${webClientId}&username=x%00@e.test&password=secret123`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: nulCharacterMessage });
  });

  it('POST register-account (anonymous) names the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/register-account',
      payload: {
        email: 'nul@example.org',
        password: 'a long enough password 1',
        firstName: 'a\u0000b',
        lastName: 'Smith',
        acceptedPolicies: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toEqual({ field: 'firstName', in: 'body', message: nulCharacterMessage });
  });

  it('in a path parameter: GET plas-by-external-id/abc%00def', async () => {
    const res = await t.app.inject({
      url: '/api/app/profile/plas-by-external-id/abc%00def',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toEqual({ field: 'externalId', in: 'params', message: nulCharacterMessage });
  });

  it('in a query value: the navigation search q', async () => {
    const res = await t.app.inject({
      url: `/api/app/hierarchy-level/search?q=ab%00cd`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ field: 'q', in: 'query' });
  });

  it('in an object key of a body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/labels',
      headers: admin.auth,
      payload: { name: 'Coach', 'x\u0000': 1 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a one-line human text refuses other control characters too (contracts singleLineText)', () => {
  it.each([
    [
      'a level name',
      'POST',
      '/api/app/hierarchy-level',
      () => ({ parentId: org.root.id, name: 'Under\u001b12' }),
    ],
    ['a label name', 'POST', '/api/app/labels', () => ({ name: 'Coach\nAssistant' })],
    [
      'an invitation name',
      'POST',
      '/api/app/invitation',
      () => ({
        email: 'ctl@example.org',
        firstName: 'Ava\u0007',
        lastName: 'Lee',
        hierarchyLevelId: org.team.id,
        labelId: org.labelIds.member,
        externalId: '',
      }),
    ],
  ] as const)('%s', async (_what, method, url, payload) => {
    const res = await t.app.inject({ method, url, headers: admin.auth, payload: payload() });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)?.message).toBe(controlCharacterMessage);
  });

  it('still takes accented names and trims line breaks at the ends', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/hierarchy-level',
      headers: admin.auth,
      payload: { parentId: org.root.id, name: '\nÉquipe Zoë\r\n' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Équipe Zoë' });
  });
});

describe('a lone UTF-16 surrogate is a 400 naming the field, never a database error (issue 28)', () => {
  it('PUT hierarchy-level {"name": "\\ud800"}', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/app/hierarchy-level/${org.team.id}`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"name": "\\ud800"}',
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toEqual({ field: 'name', in: 'body', message: loneSurrogateMessage });
  });

  it('in a nested body string and an object key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/labels',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"name": "Coach", "\\udc00x": {"deep": ["ok", "a\\udfffb"]}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a surrogate pair (an emoji) is still fine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/labels',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"name": "Coach \\ud83d\\ude00"}',
    });
    expect(res.statusCode).toBe(201);
  });

  it('percent-encoded invalid UTF-8 in a query value is never a 5xx', async () => {
    const res = await t.app.inject({
      url: '/api/app/hierarchy-level/search?q=ab%ED%A0%80',
      headers: admin.auth,
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
