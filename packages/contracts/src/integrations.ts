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

/** Where a received vendor webhook stands: stored, applied to one of our objects, about nothing of ours, or failed. */
export const webhookEventStates = ['received', 'processed', 'ignored', 'failed'] as const;

/** One received webhook as the platform administrator's log shows it (never its body: it may hold personal data). */
export const webhookEventSchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  eventId: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  state: z.enum(webhookEventStates),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  receivedAt: z.iso.datetime({ offset: true }),
  processedAt: z.iso.datetime({ offset: true }).nullable(),
});
/** One row of the webhook log. */
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Filters of the webhook log (with page/perPage). */
export const webhookEventQuerySchema = z.object({
  provider: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be a provider name')
    .optional(),
  state: z.enum(webhookEventStates).optional(),
});
