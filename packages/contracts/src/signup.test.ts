import { describe, expect, it } from 'vitest';

import { SignupEntryMode, SignupStep, signupStepSchema } from './signup.ts';

describe('signup', () => {
  it('entry modes and steps are the spec slugs', () => {
    expect(Object.values(SignupEntryMode)).toEqual(['signup-url', 'invitation']);
    expect(Object.values(SignupStep)).toEqual([
      'ask-for-email',
      'full-signup-form',
      'login',
      'need-to-confirm-email',
      'error',
    ]);
    expect(signupStepSchema.safeParse('signup').success).toBe(false);
  });
});
