import { describe, expect, it } from 'vitest';

import {
  CountryKind,
  countryCodeSchema,
  countryKindOf,
  countryKindSchema,
  countryName,
  isIsoCountryCode,
} from './countries.ts';
import { isoCountries } from './iso-countries.ts';

describe('ISO country list', () => {
  it('holds the 249 officially assigned codes, unique, upper-case, in order', () => {
    const codes = isoCountries.map((c) => c.code);
    expect(codes).toHaveLength(249);
    expect(new Set(codes).size).toBe(249);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect([...codes].sort()).toEqual(codes);
    for (const { name } of isoCountries) expect(name.length).toBeGreaterThan(2);
  });

  it.each([
    ['US', 'United States of America'],
    ['CA', 'Canada'],
    ['GB', 'United Kingdom of Great Britain and Northern Ireland'],
    ['DE', 'Germany'],
    ['MX', 'Mexico'],
  ])('knows %s as %s', (code, name) => {
    expect(isIsoCountryCode(code)).toBe(true);
    expect(countryName(code)).toBe(name);
    expect(countryCodeSchema.parse(code)).toBe(code);
  });

  it.each(['XX', 'us', 'USA', 'UK', 'EU', '', 'U'])('refuses %j', (code) => {
    expect(isIsoCountryCode(code)).toBe(false);
    expect(countryCodeSchema.safeParse(code).success).toBe(false);
  });
});

describe('country kind', () => {
  it('is the spec list', () => {
    expect(Object.values(CountryKind)).toEqual(['Unknown', 'UnitedStates', 'Canada', 'Other']);
    expect(countryKindSchema.safeParse('US').success).toBe(false);
  });

  it('classifies codes', () => {
    expect(countryKindOf('US')).toBe('UnitedStates');
    expect(countryKindOf('CA')).toBe('Canada');
    expect(countryKindOf('DE')).toBe('Other');
    expect(countryKindOf('XX')).toBe('Unknown');
    expect(countryKindOf(null)).toBe('Unknown');
    expect(countryKindOf(undefined)).toBe('Unknown');
  });
});
