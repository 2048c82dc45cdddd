import { describe, expect, it } from 'vitest';
import {
  accountRequestMessages,
  emailSchema,
  newPasswordSchema,
  passwordRules,
  registerAccountBodySchema,
  resetPasswordBodySchema,
  tokenErrorSchema,
} from './accounts.ts';

describe('account request schemas', () => {
  it('trims e-mail addresses and rejects malformed ones with a field message', () => {
    expect(emailSchema.parse('  Ann@Example.org ')).toBe('Ann@Example.org');
    expect(emailSchema.safeParse('not-an-address').error?.issues[0]?.message).toBe(
      'Enter a valid e-mail address',
    );
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('Enter your e-mail address');
  });

  it('asks for a password of the minimum length and caps it', () => {
    expect(newPasswordSchema.safeParse('x'.repeat(passwordRules.minLength - 1)).success).toBe(false);
    expect(newPasswordSchema.safeParse('x'.repeat(passwordRules.minLength)).success).toBe(true);
    expect(newPasswordSchema.safeParse('x'.repeat(passwordRules.maxLength + 1)).success).toBe(false);
  });

  it('requires every signup field', () => {
    const result = registerAccountBodySchema.safeParse({ email: 'a@b.org' });
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual([
      'acceptedPolicies',
      'firstName',
      'lastName',
      'password',
    ]);
    const body = { email: 'a@b.org', password: 'long enough pw', firstName: ' Ann ', lastName: 'Lee' };
    expect(registerAccountBodySchema.parse({ ...body, acceptedPolicies: true }).firstName).toBe('Ann');
    // Only an explicit true accepts the policies: a ticked box's 'on' or false does not.
    for (const acceptedPolicies of [false, 'on', 'true', undefined])
      expect(registerAccountBodySchema.safeParse({ ...body, acceptedPolicies }).success).toBe(false);
  });

  it('reset needs the e-mailed token and a new password', () => {
    expect(resetPasswordBodySchema.safeParse({ token: 'short', password: 'long enough pw' }).success).toBe(
      false,
    );
    expect(
      resetPasswordBodySchema.safeParse({ token: 't'.repeat(43), password: 'long enough pw' }).success,
    ).toBe(true);
  });

  it('token errors use the RFC 6749 codes', () => {
    expect(tokenErrorSchema.parse({ error: 'invalid_grant' })).toEqual({ error: 'invalid_grant' });
    expect(tokenErrorSchema.safeParse({ error: 'nope' }).success).toBe(false);
  });

  it('the no-enumeration answers are fixed sentences', () => {
    expect(Object.values(accountRequestMessages).every((m) => m.endsWith('.'))).toBe(true);
  });
});
