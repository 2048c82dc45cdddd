import { describe, expect, it } from 'vitest';

import { RequirementStatus, type RequirementStatusName } from './requirement-status.ts';
import {
  allowedRequirementTransitions,
  memberNextTransition,
  requirementTransitionRefusal,
  requirementTransitions,
} from './requirement-transitions.ts';

describe('requirement transitions (ADR 012)', () => {
  it('has a row for each of the 9 statuses, each allowing reassign', () => {
    expect(Object.keys(requirementTransitions).sort()).toEqual(Object.keys(RequirementStatus).sort());
    for (const name of Object.keys(RequirementStatus) as RequirementStatusName[])
      expect(allowedRequirementTransitions(RequirementStatus[name])).toContain('reassign');
  });

  it('refuses completing a completed requirement and says to mark it incomplete first', () => {
    expect(allowedRequirementTransitions(RequirementStatus.Completed)).not.toContain('complete');
    expect(requirementTransitionRefusal(RequirementStatus.Completed, 'complete')).toContain(
      'already completed; mark it incomplete first',
    );
  });

  it('leaves a disqualified requirement only the administrator reset', () => {
    expect(allowedRequirementTransitions(RequirementStatus.Rejected, { disqualified: true })).toEqual([
      'markIncomplete',
      'reassign',
    ]);
    expect(memberNextTransition(RequirementStatus.Rejected, { disqualified: true })).toBeNull();
    expect(memberNextTransition(RequirementStatus.Overdue)).toBe('complete');
  });
});
