import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementTransition } from '@touchline/contracts/requirement-transitions';
import { AppError } from '../../errors.ts';
import { assertTransition } from './transitions.ts';

function refusal(fn: () => void): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('assertTransition', () => {
  it('refuses completing a completed requirement with a 409 that says what to do', () => {
    const error = refusal(() => assertTransition(RequirementStatus.Completed, 'complete'));
    expect(error.statusCode).toBe(409);
    expect(error.message).toContain('already completed; mark it incomplete first');
  });

  it('allows the member to complete from every not-done status', () => {
    for (const s of [0, 4, 5, 6, 8, 1] as RequirementStatus[])
      expect(() => assertTransition(s, 'complete')).not.toThrow();
  });

  it('allows reviews only while a completion awaits review', () => {
    for (const s of Object.values(RequirementStatus))
      if (s !== RequirementStatus.PendingReview)
        expect(() => assertTransition(s, 'reviewApprove')).toThrow(AppError);
    expect(() => assertTransition(RequirementStatus.PendingReview, 'reviewApprove')).not.toThrow();
  });

  it('allows reassignment from every status', () => {
    for (const s of Object.values(RequirementStatus))
      expect(() => assertTransition(s, RequirementTransition.Reassign)).not.toThrow();
  });

  it('lets only an administrator reset a disqualified requirement', () => {
    const error = refusal(() =>
      assertTransition(RequirementStatus.Rejected, 'complete', { disqualified: true }),
    );
    expect(error.statusCode).toBe(409);
    expect(() =>
      assertTransition(RequirementStatus.Rejected, 'markIncomplete', { disqualified: true }),
    ).not.toThrow();
    expect(() => assertTransition(RequirementStatus.Rejected, 'complete')).not.toThrow();
  });
});
