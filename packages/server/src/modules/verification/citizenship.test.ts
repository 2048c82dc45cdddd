import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { VerificationStatus } from '@touchline/contracts/verification';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import { birthCertificate, passportPage } from './verification.samples.ts';
import {
  addVerificationDefinition,
  closeWorld,
  createWorld,
  multipartFile,
  type World,
} from './verification.test-support.ts';

// ADR 039 "Citizenship": an Age Verification definition may ask more of a member born abroad — here a passport —
// read from the citizenship the member saved through save-citizenship-data (the test league is in the US).

let w: World;
let definitionId = '';
beforeAll(async () => {
  w = await createWorld();
  definitionId = await addVerificationDefinition(
    w,
    RequirementType.AgeVerification,
    { kind: 'Age', abroadProofTypes: ['GovernmentIssuedPassport'] },
    'Age (passport from abroad)',
  );
});
afterAll(async () => closeWorld(w));

const submit = (member: TestMember, query: string, image: Buffer) => {
  const body = multipartFile('file', 'proof.png', 'image/png', image);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/app/requirement/${definitionId}/age-verification?plaId=${member.profileLevelAccessId}${query}`,
    headers: { ...body.headers, ...member.auth },
    payload: body.payload,
  });
};
const saveCitizenship = (member: TestMember, countryCode: string, isCitizen = true) =>
  w.t.app.inject({
    method: 'POST',
    url: '/api/app/profile/save-citizenship-data',
    headers: member.auth,
    payload: { profileId: member.profileId, countryCode, isCitizen },
  });

const read = (member: TestMember) =>
  w.t.app.inject({
    method: 'GET',
    url: `/api/app/requirement/${definitionId}/age-verification?plaId=${member.profileLevelAccessId}`,
    headers: member.auth,
  });

describe('citizenship drives what an age verification asks', () => {
  it('the rule is stated before any upload: citizenship needed, then whether it applies', async () => {
    const ben = w.members[3]!;
    const before = await read(ben);
    expect(before.statusCode).toBe(200);
    expect(before.json().abroadRule).toEqual({
      proofTypes: ['GovernmentIssuedPassport'],
      applies: 'CitizenshipNeeded',
      profileId: ben.profileId,
    });
    expect((await saveCitizenship(ben, 'CA')).statusCode).toBeLessThan(300);
    expect((await read(ben)).json().abroadRule.applies).toBe('Applies');
    expect((await saveCitizenship(ben, 'US')).statusCode).toBeLessThan(300);
    expect((await read(ben)).json().abroadRule.applies).toBe('DoesNotApply');
  });

  it('with no citizenship saved the member is asked to save it first (400 on citizenship)', async () => {
    const jane = w.members[0]!;
    const res = await submit(
      jane,
      '&proofType=BirthCertificate&dateOfBirth=2013-05-14',
      await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' }),
    );
    expect(res.statusCode).toBe(400);
    expect(validationFields(res)).toEqual(['citizenship']);
  });

  it('a US citizen in a US league may show a birth certificate', async () => {
    const jane = w.members[0]!;
    expect((await saveCitizenship(jane, 'US')).statusCode).toBeLessThan(300);
    const res = await submit(
      jane,
      '&proofType=BirthCertificate&dateOfBirth=2013-05-14',
      await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(VerificationStatus.ClearedVerification);
  });

  it('a Canadian (and a US resident who is not a citizen) must show a passport; the passport is taken', async () => {
    const sam = w.members[1]!;
    const alex = w.members[2]!;
    expect((await saveCitizenship(sam, 'CA')).statusCode).toBeLessThan(300);
    expect((await saveCitizenship(alex, 'US', false)).statusCode).toBeLessThan(300);
    for (const [member, firstName, lastName] of [
      [sam, 'Sam', 'Rivers'],
      [alex, 'Alex', 'Jordan'],
    ] as const) {
      const refused = await submit(
        member,
        '&proofType=BirthCertificate&dateOfBirth=2013-03-02',
        await birthCertificate({ firstName, lastName, dateOfBirth: '2013-03-02' }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.validationErrors).toEqual([
        {
          field: 'proofType',
          in: 'query',
          message: 'A member born abroad shows: Government Issued Passport',
        },
      ]);
    }
    const passport = await submit(
      sam,
      '&proofType=GovernmentIssuedPassport&dateOfBirth=2013-03-02',
      await passportPage({
        firstName: 'Sam',
        lastName: 'Rivers',
        dateOfBirth: '2013-03-02',
        expiry: '2031-03-02',
      }),
    );
    expect(passport.statusCode).toBe(200);
    expect([VerificationStatus.ClearedVerification, VerificationStatus.PendingReview]).toContain(
      passport.json().status,
    );
  });
});
