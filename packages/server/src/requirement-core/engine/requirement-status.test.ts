import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { addDays, daysBetween } from './calendar.ts';
import { deriveRequirementStatus, expiresAtFor, type RequirementFacts } from './requirement-status.ts';

const day = fc.integer({ min: 0, max: 365 * 200 }).map((n) => addDays('1950-01-01', n));

const untouched: RequirementFacts = {
  completedAt: null,
  expiresAt: null,
  dueDate: null,
  pendingReview: false,
  reviewOutcome: null,
  waitingOn: null,
  rejectedAt: null,
  expiringSoonDays: 30,
};

/** Facts with no review, vendor flow or rejection: only completion, expiry and due date vary. */
const plainFacts = fc.record({
  completedAt: fc.option(day, { nil: null }),
  expiresAt: fc.option(day, { nil: null }),
  dueDate: fc.option(day, { nil: null }),
  expiringSoonDays: fc.integer({ min: 0, max: 120 }),
});

const anyFacts: fc.Arbitrary<RequirementFacts> = fc.record({
  completedAt: fc.option(day, { nil: null }),
  expiresAt: fc.option(day, { nil: null }),
  dueDate: fc.option(day, { nil: null }),
  pendingReview: fc.boolean(),
  reviewOutcome: fc.option(fc.constantFrom(...Object.values(ReviewOutcome)), { nil: null }),
  waitingOn: fc.option(fc.constantFrom(1, 2), { nil: null }),
  rejectedAt: fc.option(day, { nil: null }),
  expiringSoonDays: fc.integer({ min: 0, max: 120 }),
});

const completedFamily: RequirementStatus[] = [
  RequirementStatus.Completed,
  RequirementStatus.ExpiringSoon,
  RequirementStatus.Expired,
];

describe('deriveRequirementStatus', () => {
  it('reads the spec table on examples', () => {
    const today = '2026-06-15';
    expect(deriveRequirementStatus(untouched, today)).toBe(RequirementStatus.Incomplete);
    expect(deriveRequirementStatus({ ...untouched, dueDate: '2026-06-15' }, today)).toBe(
      RequirementStatus.Incomplete,
    );
    expect(deriveRequirementStatus({ ...untouched, dueDate: '2026-06-14' }, today)).toBe(
      RequirementStatus.Overdue,
    );
    const done = { ...untouched, completedAt: '2026-01-10T12:00:00.000Z' };
    expect(deriveRequirementStatus(done, today)).toBe(RequirementStatus.Completed);
    expect(deriveRequirementStatus({ ...done, expiresAt: '2026-07-15' }, today)).toBe(
      RequirementStatus.ExpiringSoon,
    );
    expect(deriveRequirementStatus({ ...done, expiresAt: '2026-07-16' }, today)).toBe(
      RequirementStatus.Completed,
    );
    expect(deriveRequirementStatus({ ...done, expiresAt: today }, today)).toBe(RequirementStatus.Expired);
    expect(deriveRequirementStatus({ ...done, pendingReview: true }, today)).toBe(
      RequirementStatus.PendingReview,
    );
    expect(
      deriveRequirementStatus(
        { ...untouched, reviewOutcome: ReviewOutcome.RejectedReset, rejectedAt: today },
        today,
      ),
    ).toBe(RequirementStatus.Rejected);
    expect(deriveRequirementStatus({ ...untouched, waitingOn: 1 }, today)).toBe(
      RequirementStatus.WaitingOnApplicant,
    );
    expect(deriveRequirementStatus({ ...untouched, waitingOn: 2 }, today)).toBe(
      RequirementStatus.WaitingOnProvider,
    );
  });

  it('is never in the completed family before the completion day', () => {
    fc.assert(
      fc.property(plainFacts, day, (f, today) => {
        const status = deriveRequirementStatus({ ...untouched, ...f }, today);
        const completed = f.completedAt !== null && f.completedAt <= today;
        expect(completedFamily.includes(status)).toBe(completed);
      }),
    );
  });

  it('is Expired exactly when a counted completion has reached its expiry day', () => {
    fc.assert(
      fc.property(plainFacts, day, (f, today) => {
        const status = deriveRequirementStatus({ ...untouched, ...f }, today);
        const counted = f.completedAt !== null && f.completedAt <= today;
        expect(status === RequirementStatus.Expired).toBe(
          counted && f.expiresAt !== null && today >= f.expiresAt,
        );
      }),
    );
  });

  it('is ExpiringSoon exactly inside the window before expiry', () => {
    fc.assert(
      fc.property(plainFacts, day, (f, today) => {
        const status = deriveRequirementStatus({ ...untouched, ...f }, today);
        const counted = f.completedAt !== null && f.completedAt <= today;
        const inWindow =
          f.expiresAt !== null &&
          today < f.expiresAt &&
          daysBetween(today, f.expiresAt) <= f.expiringSoonDays;
        expect(status === RequirementStatus.ExpiringSoon).toBe(counted && inWindow);
      }),
    );
  });

  it('is Overdue exactly when not completed and today is after the due day', () => {
    fc.assert(
      fc.property(plainFacts, day, (f, today) => {
        const status = deriveRequirementStatus({ ...untouched, ...f }, today);
        const counted = f.completedAt !== null && f.completedAt <= today;
        expect(status === RequirementStatus.Overdue).toBe(
          !counted && f.dueDate !== null && today > f.dueDate,
        );
      }),
    );
  });

  it('moves an untouched completion forward only: Completed → ExpiringSoon → Expired', () => {
    const rank = (s: RequirementStatus) => completedFamily.indexOf(s);
    fc.assert(
      fc.property(plainFacts, day, fc.integer({ min: 0, max: 800 }), (f, start, span) => {
        const facts = { ...untouched, ...f, completedAt: start };
        let previous = -1;
        for (let i = 0; i <= span; i += 7) {
          const r = rank(deriveRequirementStatus(facts, addDays(start, i)));
          expect(r).toBeGreaterThanOrEqual(previous);
          previous = r;
        }
      }),
      { numRuns: 200 },
    );
  });

  it('lets a review or a vendor flow outrank the dates', () => {
    fc.assert(
      fc.property(anyFacts, day, (f, today) => {
        const status = deriveRequirementStatus(f, today);
        const rejected =
          f.reviewOutcome === ReviewOutcome.RejectedReset ||
          f.reviewOutcome === ReviewOutcome.RejectedDisqualified;
        if (rejected) expect(status).toBe(RequirementStatus.Rejected);
        else if (f.pendingReview) expect(status).toBe(RequirementStatus.PendingReview);
        else if (f.waitingOn !== null) expect(status).toBe(f.waitingOn);
        else expect(status).not.toBe(RequirementStatus.Rejected);
      }),
    );
  });
});

describe('expiresAtFor', () => {
  const rule = { validityDays: null, annualRenewalDate: null };

  it('adds the days of a Duration and never expires for None', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 3650 }), (on, n) => {
        expect(expiresAtFor({ ...rule, validityMode: 'Duration', validityDays: n }, on)).toBe(addDays(on, n));
        expect(expiresAtFor({ ...rule, validityMode: 'None' }, on)).toBeNull();
      }),
    );
  });

  it('renews Annual on the next renewal date strictly after the completion, within a year', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('01-01', '08-01', '12-31', '02-29', '06-15'), (on, md) => {
        const expires = expiresAtFor({ ...rule, validityMode: 'Annual', annualRenewalDate: md }, on);
        if (expires === null) throw new Error('Annual always expires');
        expect(expires > on).toBe(true);
        expect(daysBetween(on, expires)).toBeLessThanOrEqual(366);
      }),
    );
    expect(expiresAtFor({ ...rule, validityMode: 'Annual', annualRenewalDate: '08-01' }, '2026-08-01')).toBe(
      '2027-08-01',
    );
    expect(expiresAtFor({ ...rule, validityMode: 'Annual', annualRenewalDate: '02-29' }, '2026-03-01')).toBe(
      '2027-02-28',
    );
  });

  it('uses a PerRequirement date set by the content, else never', () => {
    const per = { ...rule, validityMode: 'PerRequirement' };
    expect(expiresAtFor({ ...per, content: { expiresOn: '2027-05-31' } }, '2026-09-01')).toBe('2027-05-31');
    expect(expiresAtFor({ ...per, content: { expiresOn: '2026-05-31' } }, '2026-09-01')).toBeNull();
    expect(expiresAtFor({ ...per, content: {} }, '2026-09-01')).toBeNull();
    expect(expiresAtFor({ ...rule, validityMode: 'Duration' }, '2026-09-01')).toBeNull();
  });
});
