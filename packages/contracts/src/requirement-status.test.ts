import { describe, expect, it } from 'vitest';

import {
  RequirementStatus,
  requirementStatusLabel,
  requirementStatusLabels,
  requirementStatusSchema,
} from './requirement-status.ts';

// Spec §4: [no, name, label].
const spec = [
  [0, 'Incomplete', 'Incomplete'],
  [1, 'WaitingOnApplicant', 'Waiting on Applicant'],
  [2, 'WaitingOnProvider', 'Waiting on Provider'],
  [3, 'Completed', 'Completed'],
  [4, 'Overdue', 'Overdue'],
  [5, 'Expired', 'Expired'],
  [6, 'ExpiringSoon', 'Expiring Soon'],
  [7, 'PendingReview', 'Pending Review'],
  [8, 'Rejected', 'Rejected'],
] as const;

describe('requirement status', () => {
  it('matches the spec numbers exactly', () => {
    expect(Object.entries(RequirementStatus)).toEqual(spec.map(([no, name]) => [name, no]));
  });

  it.each(spec)('%i %s is labelled %s', (no, name, label) => {
    expect(requirementStatusLabels[name]).toBe(label);
    expect(requirementStatusLabel(no)).toBe(label);
  });

  it('the schema accepts 0..8 only', () => {
    expect(requirementStatusSchema.parse(8)).toBe(8);
    expect(requirementStatusSchema.safeParse(9).success).toBe(false);
    expect(requirementStatusSchema.safeParse('Completed').success).toBe(false);
  });
});
