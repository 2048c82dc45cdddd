import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewSource } from '@touchline/contracts/reviews';
import { screeningStatuses, type ScreeningStatus } from '../../integrations/screening/port.ts';
import { screeningStatusFromYardstik } from '../../integrations/screening/yardstik-status.ts';
import { backgroundCheckResultOf, openScreeningStatuses } from './background-check-status.ts';

const table: [ScreeningStatus, number][] = [
  ['awaiting_candidate', RequirementStatus.WaitingOnApplicant],
  ['in_progress', RequirementStatus.WaitingOnProvider],
  ['on_hold', RequirementStatus.WaitingOnProvider],
  ['needs_review', RequirementStatus.PendingReview],
  ['clear', RequirementStatus.Completed],
  ['adverse_action_pending', RequirementStatus.PendingReview],
  ['adverse_action_final', RequirementStatus.Rejected],
  ['disputed', RequirementStatus.PendingReview],
  ['canceled', RequirementStatus.Incomplete],
  ['expired', RequirementStatus.Incomplete],
];

describe('backgroundCheckResultOf', () => {
  it.each(table)('maps %s to requirement status %i', (screening, status) => {
    expect(backgroundCheckResultOf(screening).status).toBe(status);
  });

  it('covers every screening status in the table (a new port status must be mapped on purpose)', () => {
    expect(table.map(([s]) => s).sort()).toEqual([...screeningStatuses].sort());
  });

  it('sends every flagged state to review as FlaggedBackgroundCheck, and gives a lapsed order its reason', () => {
    for (const s of ['needs_review', 'adverse_action_pending', 'disputed'] as const)
      expect(backgroundCheckResultOf(s)).toEqual({
        status: RequirementStatus.PendingReview,
        reviewSource: ReviewSource.FlaggedBackgroundCheck,
      });
    expect(backgroundCheckResultOf('expired')).toMatchObject({
      reason: expect.stringContaining('invitation'),
    });
    expect(backgroundCheckResultOf('canceled')).toMatchObject({
      reason: expect.stringContaining('canceled'),
    });
  });

  it('never answers Expired, ExpiringSoon or Overdue for any vendor status: those come from our dates only', () => {
    fc.assert(
      fc.property(fc.string(), (vendorStatus) => {
        const status: number = backgroundCheckResultOf(screeningStatusFromYardstik(vendorStatus)).status;
        return (
          status !== RequirementStatus.Expired &&
          status !== RequirementStatus.ExpiringSoon &&
          status !== RequirementStatus.Overdue
        );
      }),
    );
  });

  it('never completes an unknown vendor status, and only clear completes', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !['clear', 'proceed'].includes(s)),
        (vendorStatus) =>
          backgroundCheckResultOf(screeningStatusFromYardstik(vendorStatus)).status !==
          RequirementStatus.Completed,
      ),
    );
    expect(backgroundCheckResultOf(screeningStatusFromYardstik('proceed')).status).toBe(
      RequirementStatus.Completed,
    );
  });

  it('re-reads exactly the orders whose result can still change (not clear, final, canceled or expired)', () => {
    for (const s of screeningStatuses) {
      const terminal = ['clear', 'adverse_action_final', 'canceled', 'expired'].includes(s);
      expect(openScreeningStatuses.includes(s)).toBe(!terminal);
    }
  });
});
