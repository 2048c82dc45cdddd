import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInUrlFor } from './return-to.ts';

describe('returnTo', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeReturnTo('/account/settings?tab=2')).toBe('/account/settings?tab=2');
    expect(safeReturnTo(null)).toBe('/');
  });

  it('refuses other sites and pages that would loop', () => {
    for (const bad of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      'javascript:alert(1)',
      '/signin',
      '/logout?x=1',
    ]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
  });

  it('builds the sign-in address', () => {
    expect(signInUrlFor('/')).toBe('/signin');
    expect(signInUrlFor('/a?b=c')).toBe('/signin?returnTo=%2Fa%3Fb%3Dc');
  });
});
