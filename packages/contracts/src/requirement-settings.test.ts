import { describe, expect, it } from 'vitest';

import { Frequency, ValidityMode, frequencySchema, validityModeSchema } from './requirement-settings.ts';

describe('requirement settings', () => {
  it('validity modes are the spec names', () => {
    expect(Object.values(ValidityMode)).toEqual(['Duration', 'None', 'Annual', 'PerRequirement']);
    expect(validityModeSchema.parse('PerRequirement')).toBe('PerRequirement');
    expect(validityModeSchema.safeParse('Yearly').success).toBe(false);
  });

  it('frequencies are the spec names', () => {
    expect(Object.values(Frequency)).toEqual(['Weekly', 'Monthly', 'Quarterly']);
    expect(frequencySchema.safeParse('Daily').success).toBe(false);
  });
});
