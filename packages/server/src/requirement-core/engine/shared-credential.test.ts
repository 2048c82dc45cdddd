import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { WaitingOn, type RequirementFacts } from './requirement-status.ts';
import {
  acceptedCompletion,
  credentialMeetsDefinition,
  deriveStatusWithShared,
  searchesInclude,
  type AcceptingDefinition,
  type ReceivedCredentialInput,
} from './shared-credential.ts';

const credential = (
  requirementType: number,
  vendor: string | null,
  packageCode: string | null,
  completedOn = '2026-06-01',
  validUntil: string | null = null,
): ReceivedCredentialInput => ({
  requirementType,
  completedOn,
  validUntil,
  summary: { vendor, packageCode },
});
const definition = (
  type: number,
  content: Record<string, unknown>,
  more: Partial<AcceptingDefinition> = {},
) => ({
  type,
  content,
  validityMode: 'None',
  validityDays: null,
  annualRenewalDate: null,
  maxAgeDays: null,
  ...more,
});

describe('the same package or better, per type', () => {
  it('US Soccer: the same discipline at the required grade or higher (ADR 032 ranks)', () => {
    const cBoth = definition(RequirementType.USSoccer, { discipline: 'coach', requiredLicense: 'coach-c' });
    expect(credentialMeetsDefinition(cBoth, credential(11, 'US Soccer', 'coach-b'))).toBe(true);
    expect(credentialMeetsDefinition(cBoth, credential(11, 'US Soccer', 'coach-c'))).toBe(true);
    expect(credentialMeetsDefinition(cBoth, credential(11, 'US Soccer', 'coach-d'))).toBe(false);
    expect(credentialMeetsDefinition(cBoth, credential(11, 'US Soccer', 'referee-pro'))).toBe(false);
    expect(credentialMeetsDefinition(cBoth, credential(11, null, null))).toBe(false);
    const anyCoach = definition(RequirementType.USSoccer, { discipline: 'coach', requiredLicense: null });
    expect(credentialMeetsDefinition(anyCoach, credential(11, 'US Soccer', 'coach-grassroots'))).toBe(true);
  });
  it('background check: the same vendor and package; any when the definition names none', () => {
    const yardstik = definition(3, { vendor: 'Yardstik', packageId: 'pkg-multi' });
    expect(credentialMeetsDefinition(yardstik, credential(3, 'Yardstik', 'pkg-multi'))).toBe(true);
    expect(credentialMeetsDefinition(yardstik, credential(3, 'Yardstik', 'pkg-basic'))).toBe(false);
    expect(credentialMeetsDefinition(yardstik, credential(3, 'JDP', 'pkg-multi'))).toBe(false);
    const agency = definition(3, { vendor: 'TazWorks', packageId: 'p1' });
    expect(credentialMeetsDefinition(agency, credential(3, 'JDP', 'p1'))).toBe(true);
    expect(
      credentialMeetsDefinition(
        definition(3, { vendor: 'Generic', packageId: null }),
        credential(3, null, null),
      ),
    ).toBe(true);
  });
  it('background check "or better": the same vendor and every search of the definition’s package among its own', () => {
    const basic = ['SSN Trace', 'National Criminal Search', 'Sex Offender Registry'];
    const wants = definition(3, { vendor: 'Yardstik', packageId: 'pkg-basic-b', packageSearches: basic });
    const held = (searches: string[] | null, vendor = 'Yardstik', code = 'pkg-other') => ({
      ...credential(3, vendor, code),
      summary: { vendor, packageCode: code, searches },
    });
    // Another account's package with more searches (a Yardstik sub-account's ids are its own): better.
    expect(credentialMeetsDefinition(wants, held([...basic, 'County Criminal Search']))).toBe(true);
    // The same searches in other spelling: the same.
    expect(
      credentialMeetsDefinition(
        wants,
        held(['ssn trace', 'National  Criminal Search', 'Sex-Offender Registry']),
      ),
    ).toBe(true);
    // One search fewer; searches not known; another vendor's labels: not shown to be as good.
    expect(credentialMeetsDefinition(wants, held(['SSN Trace', 'National Criminal Search']))).toBe(false);
    expect(credentialMeetsDefinition(wants, held(null))).toBe(false);
    expect(credentialMeetsDefinition(wants, held([...basic, 'County Criminal Search'], 'JDP'))).toBe(false);
    // The same package still counts when the searches are not known on either side.
    expect(credentialMeetsDefinition(wants, held(null, 'Yardstik', 'pkg-basic-b'))).toBe(true);
    const unknown = definition(3, { vendor: 'Yardstik', packageId: 'pkg-basic-b', packageSearches: null });
    expect(credentialMeetsDefinition(unknown, held([...basic, 'County Criminal Search']))).toBe(false);
    expect(searchesInclude(['A'], [])).toBe(true);
    expect(searchesInclude(null, ['A'])).toBe(false);
  });
  it('training: the same course, any when none is named; verification: Age & Grade covers both; types must match', () => {
    expect(
      credentialMeetsDefinition(definition(5, { courseId: '101' }), credential(5, 'TalentLMS', '101')),
    ).toBe(true);
    expect(
      credentialMeetsDefinition(definition(5, { courseId: '101' }), credential(5, 'TalentLMS', '102')),
    ).toBe(false);
    expect(credentialMeetsDefinition(definition(5, {}), credential(5, 'Certificate upload', null))).toBe(
      true,
    );
    expect(
      credentialMeetsDefinition(definition(7, { kind: 'Grade' }), credential(7, null, 'AgeAndGrade')),
    ).toBe(true);
    expect(credentialMeetsDefinition(definition(7, { kind: 'Grade' }), credential(7, null, 'Age'))).toBe(
      false,
    );
    expect(credentialMeetsDefinition(definition(7, { kind: 'Age' }), credential(9, null, null))).toBe(false);
    expect(credentialMeetsDefinition(definition(1, {}), credential(1, null, null))).toBe(false);
  });
});

describe('acceptedCompletion', () => {
  it('counts until the earliest of its validity, the maximum age and the definition’s own validity; the longest wins', () => {
    const def = definition(9, {}, { validityMode: 'Duration', validityDays: 365, maxAgeDays: 100 });
    expect(acceptedCompletion(def, [credential(9, null, null, '2026-06-01', '2027-05-31')])).toEqual({
      completedOn: '2026-06-01',
      expiresAt: '2026-09-09',
    });
    const loose = definition(9, {});
    expect(acceptedCompletion(loose, [credential(9, null, null, '2026-06-01', '2026-12-31')])).toEqual({
      completedOn: '2026-06-01',
      expiresAt: '2027-01-01',
    });
    expect(
      acceptedCompletion(loose, [
        credential(9, null, null, '2026-06-01', '2026-12-31'),
        credential(9, null, null, '2026-01-01', null),
      ]),
    ).toEqual({ completedOn: '2026-01-01', expiresAt: null });
    expect(acceptedCompletion(definition(7, { kind: 'Grade' }), [credential(7, null, 'Age')])).toBeNull();
  });
});

describe('deriveStatusWithShared', () => {
  const own: RequirementFacts = {
    completedAt: null,
    expiresAt: null,
    dueDate: null,
    pendingReview: false,
    reviewOutcome: null,
    waitingOn: null,
    rejectedAt: null,
    expiringSoonDays: 30,
  };
  const today = '2026-07-01';
  const inForce = { completedOn: '2026-06-01', expiresAt: '2027-06-01' };
  const lapsed = { completedOn: '2025-06-01', expiresAt: '2026-06-01' };
  it('without a shared credential it is the one status rule', () => {
    expect(deriveStatusWithShared({ ...own, dueDate: '2026-06-15' }, null, today)).toBe(
      RequirementStatus.Overdue,
    );
  });
  it('a shared credential in force satisfies a requirement not met, even while a new order waits', () => {
    expect(deriveStatusWithShared(own, inForce, today)).toBe(RequirementStatus.Completed);
    expect(deriveStatusWithShared({ ...own, waitingOn: WaitingOn.Provider }, inForce, today)).toBe(
      RequirementStatus.Completed,
    );
    expect(deriveStatusWithShared(own, { ...inForce, expiresAt: '2026-07-10' }, today)).toBe(
      RequirementStatus.ExpiringSoon,
    );
  });
  it('a disqualification stands; the member’s own completion stands; a lapsed one is Expired only if nothing else', () => {
    expect(
      deriveStatusWithShared({ ...own, reviewOutcome: ReviewOutcome.RejectedDisqualified }, inForce, today),
    ).toBe(RequirementStatus.Rejected);
    expect(deriveStatusWithShared({ ...own, completedAt: '2026-06-20' }, lapsed, today)).toBe(
      RequirementStatus.Completed,
    );
    expect(deriveStatusWithShared(own, lapsed, today)).toBe(RequirementStatus.Expired);
    expect(deriveStatusWithShared({ ...own, pendingReview: true }, lapsed, today)).toBe(
      RequirementStatus.PendingReview,
    );
  });
});
