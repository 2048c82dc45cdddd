import { z } from 'zod';

import { isoCountries, type IsoCountryCode } from './iso-countries.ts';

/** Which country rules apply to a profile or organization (§4); the spec gives no numbers, so values equal the names. */
export const CountryKind = {
  Unknown: 'Unknown',
  UnitedStates: 'UnitedStates',
  Canada: 'Canada',
  Other: 'Other',
} as const;
/** One country kind. */
export type CountryKind = (typeof CountryKind)[keyof typeof CountryKind];

/** Validates a country kind arriving in a request. */
export const countryKindSchema = z.enum(CountryKind);

const codes: ReadonlySet<string> = new Set(isoCountries.map((country) => country.code));

/** Whether a string is an officially assigned ISO 3166-1 alpha-2 code (§5); exact, upper-case only. */
export function isIsoCountryCode(code: string): code is IsoCountryCode {
  return codes.has(code);
}

/** English short name of a country code, or undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  return isoCountries.find((country) => country.code === code)?.name;
}

const firstCountries: readonly string[] = ['US', 'CA'];

/**
 * The countries in the order a picker offers them (ADR 024): the United States and Canada first (the product's own
 * rules are theirs, and most leagues are there), then every other country by its English name.
 */
export function countriesForPicker(): { code: IsoCountryCode; name: string }[] {
  const rank = (code: string) => {
    const i = firstCountries.indexOf(code);
    return i === -1 ? firstCountries.length : i;
  };
  return [...isoCountries].sort(
    (a, b) => rank(a.code) - rank(b.code) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
}

/** The country kind of a code: US and CA have their own rules, any other ISO code is Other, the rest Unknown. */
export function countryKindOf(code: string | null | undefined): CountryKind {
  if (code === 'US') return CountryKind.UnitedStates;
  if (code === 'CA') return CountryKind.Canada;
  return code != null && isIsoCountryCode(code) ? CountryKind.Other : CountryKind.Unknown;
}

/** Validates a country code arriving in a request against the ISO list (§5). */
export const countryCodeSchema = z.enum(
  isoCountries.map((country) => country.code) as [IsoCountryCode, ...IsoCountryCode[]],
  { error: 'Must be an ISO 3166-1 alpha-2 country code' },
);
