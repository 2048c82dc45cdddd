import { describe, expect, it } from 'vitest';
import { requirementTypeActions } from '@touchline/contracts/requirement-actions';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { sexOffenderSearchContentSchema } from '@touchline/contracts/sex-offender-search';
import { actionHolders, requirementActionMatrix } from '../../requirement-core/requirement-actions.policy.ts';

describe('the sex offender search’s policy row (spec §6: the common actions plus set birth date)', () => {
  it('names only actions of type 6, including set birth date', () => {
    const row = requirementActionMatrix[RequirementType.SexOffenderSearch];
    const spec = requirementTypeActions[RequirementType.SexOffenderSearch];
    for (const action of Object.keys(row)) expect(spec).toContain(action);
    expect(spec).toContain('setBirthDate');
  });

  it('the member begins; whoever may update the profile sets the birth date; directors review', () => {
    const type = RequirementType.SexOffenderSearch;
    expect(actionHolders(type, 'begin')).toEqual(['self']);
    expect(actionHolders(type, 'setBirthDate')).toEqual(['self', 'manager']);
    expect(actionHolders(type, 'review')).toEqual(['director']);
    // Nothing is uploaded, deleted or completed by hand by the member: the search's result completes it.
    for (const action of ['upload', 'complete', 'delete', 'run', 'viewLicenses'] as const)
      expect(actionHolders(type, action)).toEqual([]);
  });
});

describe('the definition’s content', () => {
  it('defaults to the account’s sex offender package, a yearly re-run and no monitoring; bounds the cadence', () => {
    expect(sexOffenderSearchContentSchema.parse({})).toEqual({
      packageId: null,
      rerunEveryDays: 365,
      monitorContinuously: false,
      monitorPackageId: null,
    });
    expect(sexOffenderSearchContentSchema.safeParse({ monitorContinuously: 'yes' }).success).toBe(false);
    expect(sexOffenderSearchContentSchema.parse({ rerunEveryDays: null }).rerunEveryDays).toBeNull();
    expect(sexOffenderSearchContentSchema.safeParse({ rerunEveryDays: 7 }).success).toBe(false);
    expect(sexOffenderSearchContentSchema.safeParse({ rerunEveryDays: 90.5 }).success).toBe(false);
  });
});
