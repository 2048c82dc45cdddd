import { describe, expect, it } from 'vitest';
import { fcraConsentText } from '@touchline/contracts/background-checks';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { validationFields } from '../../../test/factories.ts';
import {
  at,
  base,
  consentBody,
  definitionId,
  genericId,
  memberPaysId,
  people,
  pkg,
  send,
  useBackgroundCheckWorld,
} from './background-check.test-support.ts';

useBackgroundCheckWorld();

describe('background-check routes: who may call them', () => {
  it('GET background-check-by-id: 401, 404 other organization, 403 another member, 400 bad plaId, 200 member and manager', async () => {
    const who = people.teammate;
    const url = at(definitionId, 'background-check-by-id', who);
    expect((await send(null, 'GET', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await send(people.clear, 'GET', url)).statusCode).toBe(403);
    expect(
      (await send(who, 'GET', `${base}/${definitionId}/background-check-by-id?plaId=nope`)).statusCode,
    ).toBe(400);
    const own = await send(who, 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      status: RequirementStatus.Incomplete,
      vendor: 'Yardstik',
      sandbox: true,
      packageName: pkg.name,
      payer: 'organization',
      consent: null,
      order: null,
      next: 'consent',
      consentText: fcraConsentText,
    });
    expect((await send(people.manager, 'GET', url)).statusCode).toBe(200);
  });

  it('POST record-consent: 401, 404, 403 (a manager cannot consent for a member), 400 with field errors, 200', async () => {
    const who = people.teammate;
    const url = at(definitionId, 'record-consent', who);
    const [first, last] = ['x', 'y'];
    const body = consentBody({ first, last });
    expect((await send(null, 'POST', url, body)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'POST', url, body)).statusCode).toBe(404);
    expect((await send(people.manager, 'POST', url, body)).statusCode).toBe(403);
    const bad = await send(who, 'POST', url, {
      ...body,
      acceptDisclosure: false,
      address: { ...body.address, state: 'Oregon', postalCode: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(
      expect.arrayContaining(['acceptDisclosure', 'address.state', 'address.postalCode']),
    );
    const wrongName = await send(who, 'POST', url, body);
    expect(wrongName.statusCode).toBe(400);
    expect(validationFields(wrongName)).toEqual(['typedName']);
    const oldText = await send(who, 'POST', url, { ...body, textVersion: '2001-01-01' });
    expect(validationFields(oldText)).toEqual(['textVersion']);
  });

  it('POST run-background-check: 401, 404, 403 manager, 409 before consent, 400 bad plaId', async () => {
    const who = people.teammate;
    const url = at(definitionId, 'run-background-check', who);
    expect((await send(null, 'POST', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'POST', url)).statusCode).toBe(404);
    expect((await send(people.manager, 'POST', url)).statusCode).toBe(403);
    expect((await send(people.clear, 'POST', url)).statusCode).toBe(403);
    const early = await send(who, 'POST', url);
    expect([early.statusCode, early.json().error.message]).toEqual([
      409,
      'Read and sign the disclosure and authorization first',
    ]);
    expect((await send(who, 'POST', `${base}/${definitionId}/run-background-check`)).statusCode).toBe(400);
  });

  it('POST run-and-pay-background-check-user: 401, 404, 403, and a clear 409 before consent (nothing is charged)', async () => {
    const who = people.teammate;
    const url = at(memberPaysId, 'run-and-pay-background-check-user', who);
    expect((await send(null, 'POST', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'POST', url)).statusCode).toBe(404);
    expect((await send(people.manager, 'POST', url)).statusCode).toBe(403);
    const refused = await send(who, 'POST', url);
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      409,
      'Read and sign the disclosure and authorization first',
    ]);
    const view = await send(who, 'GET', at(memberPaysId, 'background-check-by-id', who));
    expect(view.json()).toMatchObject({ payer: 'member', next: 'consent' });
  });

  it('GET get-background-check-link: 401, 404, 403, 409 when nothing waits at the vendor; Generic refuses ordering', async () => {
    const who = people.teammate;
    const url = at(definitionId, 'get-background-check-link', who);
    expect((await send(null, 'GET', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await send(people.manager, 'GET', url)).statusCode).toBe(403);
    expect((await send(who, 'GET', url)).statusCode).toBe(409);
    const generic = await send(
      who,
      'POST',
      at(genericId, 'record-consent', who),
      consentBody({ first: 'a', last: 'b' }),
    );
    expect(generic.statusCode).toBe(409);
    expect(generic.json().error.message).toMatch(/upload the report/);
  });
});
