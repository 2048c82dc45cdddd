import { z } from 'zod';

/** League-management partner provider types (§1); the spec gives no numbers, so values equal the names. */
export const PartnerProviderType = { Test: 'Test', LeagueApps: 'LeagueApps', Amilia: 'Amilia' } as const;
/** One partner provider type. */
export type PartnerProviderType = (typeof PartnerProviderType)[keyof typeof PartnerProviderType];

/** Validates a partner provider type arriving in a request. */
export const partnerProviderTypeSchema = z.enum(PartnerProviderType);

/** Background-check vendors (§1); values equal the names. */
export const BackgroundCheckVendor = {
  ScoutLogic: 'ScoutLogic',
  JDP: 'JDP',
  NCSI: 'NCSI',
  Yardstik: 'Yardstik',
  Generic: 'Generic',
} as const;
/** One background-check vendor. */
export type BackgroundCheckVendor = (typeof BackgroundCheckVendor)[keyof typeof BackgroundCheckVendor];

/** Validates a background-check vendor arriving in a request. */
export const backgroundCheckVendorSchema = z.enum(BackgroundCheckVendor);

/** The platform a background-check vendor runs on (§1: TazWorks, Yardstik); values equal the names. */
export const BackgroundCheckVendorKind = { TazWorks: 'TazWorks', Yardstik: 'Yardstik' } as const;
/** One vendor kind. */
export type BackgroundCheckVendorKind =
  (typeof BackgroundCheckVendorKind)[keyof typeof BackgroundCheckVendorKind];

/** Validates a vendor kind arriving in a request. */
export const backgroundCheckVendorKindSchema = z.enum(BackgroundCheckVendorKind);
