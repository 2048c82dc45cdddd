import { describe, expect, it } from 'vitest';

import { defaultPlan, planDraftSchema } from './plans.ts';

describe('default plan', () => {
  it('is 4900 a month, 46800 a year, Basic', () => {
    expect(defaultPlan).toEqual({ monthUnitAmount: 4900, yearUnitAmount: 46800, productName: 'Basic' });
  });

  it('the draft schema fills the defaults and refuses fractions of a cent', () => {
    expect(planDraftSchema.parse({})).toEqual(defaultPlan);
    expect(planDraftSchema.safeParse({ monthUnitAmount: 49.5 }).success).toBe(false);
    expect(planDraftSchema.safeParse({ yearUnitAmount: -1 }).success).toBe(false);
  });
});
