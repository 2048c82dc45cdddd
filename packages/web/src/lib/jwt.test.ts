import { describe, expect, it } from 'vitest';
import { fakeAccessToken } from '../test/tokens.ts';
import { claimNumber, claimString, decodeJwtClaims } from './jwt.ts';

describe('decodeJwtClaims', () => {
  it('reads the base64url payload, including non-ASCII names', () => {
    const claims = decodeJwtClaims(
      fakeAccessToken({ sub: 'u1', exp: 100, 'User/FirstName': 'José Ñúñez ✓' }),
    );
    expect(claimString(claims, 'User/FirstName')).toBe('José Ñúñez ✓');
    expect(claimNumber(claims, 'exp')).toBe(100);
    expect(claimString(claims, 'missing')).toBeUndefined();
    expect(claimNumber(claims, 'sub')).toBeUndefined();
  });

  it('gives no claims for a token that does not decode', () => {
    expect(decodeJwtClaims('')).toEqual({});
    expect(decodeJwtClaims('a.%%%.c')).toEqual({});
    expect(decodeJwtClaims(`a.${btoa('[1,2]')}.c`)).toEqual({});
  });
});
