import { describe, expect, it } from 'vitest';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { HeldLicense } from '@touchline/contracts/us-soccer';
import type { LicenseHolder } from '../../integrations/licenses/port.ts';
import {
  givenNamesAgree,
  heldLicenses,
  lapsedLicense,
  matchHolder,
  satisfyingLicense,
} from './us-soccer-match.ts';
import { licenseFacts } from './us-soccer.service.ts';

const holder = (over: Partial<LicenseHolder> = {}): LicenseHolder => ({
  ussfId: '1000000000000001',
  firstName: 'Robert',
  lastName: 'García-Lopez',
  dateOfBirth: '1980-01-02',
  licenses: [],
  ...over,
});
const member = { firstName: 'Bob', lastName: 'Garcia', dateOfBirth: '1980-01-02' };

describe('matching the federation’s record to the member', () => {
  it('tolerates nicknames, accents, a double-barrelled family name and an unknown date of birth', () => {
    expect(matchHolder(member, holder())).toBe('matched');
    expect(matchHolder({ ...member, firstName: 'Rob', dateOfBirth: null }, holder())).toBe('matched');
    expect(givenNamesAgree('Alex', 'Alexandra')).toBe(true);
    expect(givenNamesAgree('Kate', 'Katherine')).toBe(true);
  });
  it('flags another given name, family name or date of birth, and says when nobody holds the id', () => {
    expect(matchHolder({ ...member, firstName: 'William' }, holder())).toBe('name_mismatch');
    expect(matchHolder({ ...member, lastName: 'Smith' }, holder())).toBe('name_mismatch');
    expect(matchHolder({ ...member, dateOfBirth: '1980-01-03' }, holder())).toBe('name_mismatch');
    expect(matchHolder(member, null)).toBe('not_found');
  });
});

const lic = (discipline: string, grade: string, expiresOn: string | null, inForce = true) => ({
  discipline,
  grade,
  issuedOn: '2024-01-01',
  expiresOn,
  inForce,
});

describe('which license satisfies a definition', () => {
  const today = '2026-06-01';
  const held = heldLicenses(
    holder({
      licenses: [
        lic('coach', 'Grassroots', null),
        lic('coach', 'C', '2027-01-01'),
        lic('coach', 'B', '2026-05-01'),
        lic('referee', 'National', '2030-01-01'),
        lic('coach', 'A-Youth', '2030-01-01', false),
      ],
    }),
    today,
  );
  it('a grade at or above the required one, in force and unexpired, in the same discipline', () => {
    expect(satisfyingLicense(held, { requiredLicense: 'coach-d', discipline: 'coach' })?.code).toBe(
      'coach-c',
    );
    expect(satisfyingLicense(held, { requiredLicense: 'coach-b', discipline: 'coach' })).toBeNull();
    expect(satisfyingLicense(held, { requiredLicense: null, discipline: 'coach' })?.code).toBe(
      'coach-grassroots',
    );
    expect(satisfyingLicense(held, { requiredLicense: 'referee-regional', discipline: 'coach' })?.code).toBe(
      'referee-national',
    );
  });
  it('a lapsed license of the grade is found for its expiry date; a revoked one never is', () => {
    expect(lapsedLicense(held, { requiredLicense: 'coach-b', discipline: 'coach' }, today)?.expiresOn).toBe(
      '2026-05-01',
    );
    expect(lapsedLicense(held, { requiredLicense: 'coach-a-youth', discipline: 'coach' }, today)).toBeNull();
  });
});

describe('the facts a lookup writes', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  const good: HeldLicense = {
    code: 'coach-c',
    discipline: 'coach',
    grade: 'C',
    issuedOn: '2024-01-01',
    expiresOn: '2027-01-01',
    active: true,
  };
  const blank = { completedAt: null, expiresAt: null, pendingReview: false, reviewOutcome: null };
  it('completes until the license expiry, and writes nothing when that already holds', () => {
    expect(licenseFacts(blank, 'matched', good, null, now)).toMatchObject({
      completedAt: new Date('2024-01-01T00:00:00Z'),
      expiresAt: '2027-01-01',
      pendingReview: false,
    });
    const done = { ...blank, completedAt: new Date('2024-01-01T00:00:00Z'), expiresAt: '2027-01-01' };
    expect(licenseFacts(done, 'matched', good, null, now)).toBeNull();
    expect(licenseFacts(done, 'not_found', null, null, now)).toMatchObject({ completedAt: null });
  });
  it('a name mismatch waits for a reviewer; an approval sticks; a disqualification is never undone', () => {
    expect(licenseFacts(blank, 'name_mismatch', good, null, now)).toMatchObject({
      pendingReview: true,
      reviewOutcome: ReviewOutcome.Pending,
    });
    const approved = {
      completedAt: new Date('2024-01-01T00:00:00Z'),
      expiresAt: '2027-01-01',
      pendingReview: false,
      reviewOutcome: ReviewOutcome.Approved,
    };
    expect(licenseFacts(approved, 'name_mismatch', good, null, now)).toBeNull();
    expect(
      licenseFacts(
        { ...blank, reviewOutcome: ReviewOutcome.RejectedDisqualified },
        'matched',
        good,
        null,
        now,
      ),
    ).toBeNull();
  });
});
