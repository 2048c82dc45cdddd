import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EligibilityFlag } from '@touchline/contracts/eligibility';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { VerificationStatus } from '@touchline/contracts/verification';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';
import {
  addAgeVerification,
  birthCertificate,
  closeWorld,
  createWorld,
  driversLicence,
  multipartFile,
  reportCard,
  type World,
} from '../verification/verification.test-support.ts';
import { eligibilityFlags } from './eligibility-flags.ts';

let w: World;
let ageId = '';
let gradeId = '';
beforeAll(async () => {
  w = await createWorld();
  ageId = await addAgeVerification(w, 'Age');
  gradeId = await addAgeVerification(w, 'Grade');
});
afterAll(async () => closeWorld(w));

const levelUrl = (levelId: string) => `/api/app/hierarchy-level/${levelId}/eligibility`;
const profileUrl = (profileId: string) => `/api/app/profile/${profileId}/eligibility`;
const put = (who: TestMember | null, levelId: string, payload: Record<string, unknown>) =>
  w.t.app.inject({ method: 'PUT', url: levelUrl(levelId), headers: who ? who.auth : {}, payload });
const get = (who: TestMember | null, url: string) =>
  w.t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
const submit = async (member: TestMember, definitionId: string, query: string, image: Buffer) => {
  const body = multipartFile('file', 'proof.png', 'image/png', image);
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/app/requirement/${definitionId}/age-verification?plaId=${member.profileLevelAccessId}${query}`,
    headers: { ...body.headers, ...member.auth },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string };
};
/** The dashboard's flags by member, for the team's players. */
const dashboardFlags = async () => {
  const res = await get(w.admin, `/api/app/hierarchy-level/${w.org.team.id}/members?perPage=50`);
  expect(res.statusCode).toBe(200);
  const items = res.json().items as { profileId: string; eligibilityFlags: string[] }[];
  return Object.fromEntries(
    w.members.map((m, i) => [i, items.find((r) => r.profileId === m.profileId)?.eligibilityFlags]),
  );
};

describe('the flags (pure)', () => {
  const none = {
    bornInOrAfterYear: null,
    minGrade: null,
    maxGrade: null,
    verifiedDateOfBirth: null,
    verifiedGrade: null,
  };
  it('an age group is one birth year: before it over age, after it plays up', () => {
    expect(eligibilityFlags({ ...none, bornInOrAfterYear: 2014, verifiedDateOfBirth: '2013-12-31' })).toEqual(
      [EligibilityFlag.OverAge],
    );
    expect(eligibilityFlags({ ...none, bornInOrAfterYear: 2014, verifiedDateOfBirth: '2014-01-01' })).toEqual(
      [],
    );
    expect(eligibilityFlags({ ...none, bornInOrAfterYear: 2014, verifiedDateOfBirth: '2015-06-01' })).toEqual(
      [EligibilityFlag.PlaysUp],
    );
  });
  it('grade bounds: below plays up, above over grade; homeschooled and unverified never flag', () => {
    const bounds = { ...none, minGrade: 3, maxGrade: 5 };
    expect(eligibilityFlags({ ...bounds, verifiedGrade: 2 })).toEqual([EligibilityFlag.PlaysUp]);
    expect(eligibilityFlags({ ...bounds, verifiedGrade: 4 })).toEqual([]);
    expect(eligibilityFlags({ ...bounds, verifiedGrade: 6 })).toEqual([EligibilityFlag.OverGrade]);
    expect(eligibilityFlags({ ...bounds, verifiedGrade: -2 })).toEqual([]);
    expect(eligibilityFlags({ ...bounds, bornInOrAfterYear: 2014 })).toEqual([]);
  });
});

describe('GET/PUT /api/app/hierarchy-level/{id}/eligibility', () => {
  const u12 = { ageGroupLabel: 'U12', bornInOrAfterYear: 2013 };

  it('401 anonymous, 404 another organization, 403 a director (admin only) and a player', async () => {
    expect((await put(null, w.org.division.id, u12)).statusCode).toBe(401);
    expect((await put(w.otherAdmin, w.org.division.id, u12)).statusCode).toBe(404);
    expect((await put(w.director, w.org.division.id, u12)).statusCode).toBe(403);
    expect((await put(w.members[0]!, w.org.division.id, u12)).statusCode).toBe(403);
    expect((await get(null, levelUrl(w.org.division.id))).statusCode).toBe(401);
    expect((await get(w.otherAdmin, levelUrl(w.org.division.id))).statusCode).toBe(404);
    expect((await get(w.members[0]!, levelUrl(w.org.division.id))).statusCode).toBe(403);
  });

  it('400 with field errors: a year out of range, bounds out of order, a label without a year, a bad id', async () => {
    const year = await put(w.admin, w.org.division.id, { bornInOrAfterYear: 1800 });
    expect(year.statusCode).toBe(400);
    expect(validationFields(year)).toContain('bornInOrAfterYear');
    const order = await put(w.admin, w.org.division.id, { minGrade: 6, maxGrade: 3 });
    expect(order.statusCode).toBe(400);
    expect(validationFields(order)).toContain('maxGrade');
    const grade = await put(w.admin, w.org.division.id, { minGrade: 13 });
    expect(grade.statusCode).toBe(400);
    expect(validationFields(grade)).toContain('minGrade');
    const label = await put(w.admin, w.org.division.id, { ageGroupLabel: 'U12' });
    expect(label.statusCode).toBe(400);
    expect(validationFields(label)).toContain('bornInOrAfterYear');
    expect((await put(w.admin, 'not-a-level', u12)).statusCode).toBe(400);
  });

  it('an admin sets the division U12 (born in or after 2013), audited; a manager reads it', async () => {
    const res = await put(w.admin, w.org.division.id, u12);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      levelId: w.org.division.id,
      ageGroupLabel: 'U12',
      bornInOrAfterYear: 2013,
      minGrade: null,
      maxGrade: null,
    });
    const read = await get(w.manager, levelUrl(w.org.division.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject(u12);
    const audit = await w.t.database.db.select().from(auditEvents);
    expect(audit.some((e) => e.action === 'level.eligibility_set' && e.entityId === w.org.division.id)).toBe(
      true,
    );
  });
});

describe('flags on the dashboard and the member page, from verified values only', () => {
  it('verified dates of birth outside the division age group flag their players; stated ones never', async () => {
    const [jane, sam, alex, , owen] = w.members;
    // Jane, born 2013: in the age group. Sam's licence says 2012: over age. Alex, born 2015: plays up.
    expect(
      await submit(
        jane!,
        ageId,
        '&proofType=BirthCertificate&dateOfBirth=2013-05-14',
        await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' }),
      ),
    ).toMatchObject({ status: VerificationStatus.ClearedVerification });
    expect(
      await submit(
        sam!,
        ageId,
        '&proofType=GovernmentIssuedId&dateOfBirth=2012-03-02',
        await driversLicence({
          firstName: 'Sam',
          lastName: 'Rivers',
          dateOfBirth: '2012-03-02',
          expiry: '2031-03-02',
        }),
      ),
    ).toMatchObject({ status: VerificationStatus.ClearedVerification });
    expect(
      await submit(
        alex!,
        ageId,
        '&proofType=BirthCertificate&dateOfBirth=2015-01-09',
        await birthCertificate({ firstName: 'Alex', lastName: 'Jordan', dateOfBirth: '2015-01-09' }),
      ),
    ).toMatchObject({ status: VerificationStatus.ClearedVerification });
    // Owen states 2011 but his certificate reads 2013: in review, so nothing is verified yet and nothing flags.
    expect(
      await submit(
        owen!,
        ageId,
        '&proofType=BirthCertificate&dateOfBirth=2011-02-02',
        await birthCertificate({ firstName: 'Owen', lastName: 'Parker', dateOfBirth: '2013-02-02' }),
      ),
    ).toMatchObject({ status: VerificationStatus.PendingReview });
    expect(await dashboardFlags()).toEqual({
      0: [],
      1: [EligibilityFlag.OverAge],
      2: [EligibilityFlag.PlaysUp],
      3: [],
      4: [],
      5: [],
    });
  });

  it('a reviewer approving the stated date makes it verified: then it flags', async () => {
    const owen = w.members[4]!;
    const review = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${ageId}/review/${owen.profileLevelAccessId}`,
      headers: w.director.auth,
      payload: { reviewDecision: ReviewOutcome.Approved, reviewNotes: 'Seen the original' },
    });
    expect(review.statusCode).toBe(200);
    expect((await dashboardFlags())[4]).toEqual([EligibilityFlag.OverAge]);
  });

  it('the team its own bounds (grades 3 to 5): the nearest level wins, grades flag too', async () => {
    const [, , , maya, , lena] = w.members;
    expect(
      (
        await put(w.admin, w.org.team.id, {
          ageGroupLabel: 'U12',
          bornInOrAfterYear: 2013,
          minGrade: 3,
          maxGrade: 5,
        })
      ).statusCode,
    ).toBe(200);
    await submit(
      maya!,
      gradeId,
      '&proofType=ReportCard&grade=6',
      await reportCard({ firstName: 'Maya', lastName: 'Lopez', gradeText: 'Grade: 6th Grade' }),
    );
    await submit(
      lena!,
      gradeId,
      '&proofType=ReportCard&grade=2',
      await reportCard({ firstName: 'Lena', lastName: 'Brooks', gradeText: 'Grade: 2nd Grade' }),
    );
    expect(await dashboardFlags()).toEqual({
      0: [],
      1: [EligibilityFlag.OverAge],
      2: [EligibilityFlag.PlaysUp],
      3: [EligibilityFlag.OverGrade],
      4: [EligibilityFlag.OverAge],
      5: [EligibilityFlag.PlaysUp],
    });
  });

  it('clearing the team bounds falls back to the division age group', async () => {
    const cleared = await put(w.admin, w.org.team.id, {});
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ ageGroupLabel: null, bornInOrAfterYear: null, minGrade: null });
    expect((await dashboardFlags())[3]).toEqual([]);
    expect((await dashboardFlags())[1]).toEqual([EligibilityFlag.OverAge]);
  });
});

describe('GET /api/app/profile/{id}/eligibility (the member page)', () => {
  it('401, 404 another organization or an unknown profile, 403 a teammate, 400 a bad id', async () => {
    const sam = w.members[1]!;
    expect((await get(null, profileUrl(sam.profileId))).statusCode).toBe(401);
    expect((await get(w.otherAdmin, profileUrl(sam.profileId))).statusCode).toBe(404);
    expect((await get(w.admin, profileUrl(crypto.randomUUID()))).statusCode).toBe(404);
    expect((await get(w.members[0]!, profileUrl(sam.profileId))).statusCode).toBe(403);
    expect((await get(w.admin, profileUrl('nope'))).statusCode).toBe(400);
  });

  it('the member and their manager see the bounds, the verified date and the flag', async () => {
    const sam = w.members[1]!;
    for (const who of [sam, w.manager]) {
      const res = await get(who, profileUrl(sam.profileId));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        items: [
          {
            profileLevelAccessId: sam.profileLevelAccessId,
            levelId: w.org.team.id,
            levelName: 'Team',
            ageGroupLabel: 'U12',
            bornInOrAfterYear: 2013,
            minGrade: null,
            maxGrade: null,
            verifiedDateOfBirth: '2012-03-02',
            verifiedGrade: null,
            flags: [EligibilityFlag.OverAge],
          },
        ],
      });
    }
  });
});
