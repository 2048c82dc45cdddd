import { describe, expect, it } from 'vitest';

import {
  countriesForPicker,
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

describe('countries for a picker', () => {
  it('puts the United States and Canada first, then every other country by name', () => {
    const list = countriesForPicker();
    expect(list.slice(0, 2).map((c) => c.code)).toEqual(['US', 'CA']);
    expect(list).toHaveLength(isoCountries.length);
    const rest = list.slice(2).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(rest[0]).toBe('Afghanistan');
    // By name, not by code: Germany (DE) comes after France (FR).
    expect(rest.indexOf('Germany')).toBeGreaterThan(rest.indexOf('France'));
  });
});
