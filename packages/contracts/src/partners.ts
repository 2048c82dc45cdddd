import { z } from 'zod';
import { PartnerProviderType } from './integrations.ts';
import { singleLineText } from './text.ts';

// League-management partners (spec §1 provider types Test, LeagueApps, Amilia; issue 31, ADR 041).

/** The spec's partner logo image path, per provider type (§2 "A partner logo image path also exists"). */
export const partnerLogoPath: Record<PartnerProviderType, string> = {
  Test: '/partners/test.svg',
  LeagueApps: '/partners/leagueapps.svg',
  Amilia: '/partners/amilia.svg',
};

/** How screens name a provider type. */
export const partnerDisplayName: Record<PartnerProviderType, string> = {
  Test: 'Test partner (Touchline’s own)',
  LeagueApps: 'LeagueApps',
  Amilia: 'Amilia',
};

/** Where a connection stands: connected (its last test or sync worked) or failing (the last call failed). */
export const partnerConnectionStates = ['connected', 'failing'] as const;

/**
 * Body of POST /api/app/organization/{id}/partners: connect the organization to a partner. LeagueApps: its site id
 * and a Private API key (service account: client id and the RS256 private key, PEM, from the .p12 LeagueApps issues).
 * Test: a name for the demo site. The credentials are sealed at rest and never answered back.
 */
export const connectPartnerBodySchema = z.discriminatedUnion('providerType', [
  z.object({
    providerType: z.literal('LeagueApps'),
    siteId: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, 'A LeagueApps site id is a number (it is in the console’s URL)'),
    clientId: z
      .string()
      .trim()
      .min(1, 'Enter the Private API key’s client id')
      .max(200, 'At most 200 characters'),
    privateKeyPem: z
      .string()
      .trim()
      .max(10_000, 'At most 10,000 characters')
      .regex(
        /^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/,
        'Paste the private key in PEM form (-----BEGIN PRIVATE KEY----- …)',
      ),
  }),
  z.object({
    providerType: z.literal('Amilia'),
    /** The organization identifier: its number (8008) or its store URL identifier (forest-explorers). */
    siteId: z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9-]{0,99}$/i,
        'An Amilia organization identifier is its number or its store URL name (e.g. forest-explorers)',
      ),
    apiKey: z.string().trim().min(1, 'Enter the API key').max(200, 'At most 200 characters'),
    apiSecret: z.string().trim().min(1, 'Enter the API secret').max(500, 'At most 500 characters'),
    /** The signing secret of the webhook subscription pointing at /api/webhooks/amilia/{organization id}. */
    webhookSecret: z
      .string()
      .trim()
      .min(16, 'Enter the webhook subscription’s signing secret (at least 16 characters)')
      .max(500, 'At most 500 characters'),
  }),
  z.object({
    providerType: z.literal('Test'),
    siteId: singleLineText().min(1, 'Name the test site').max(100, 'At most 100 characters'),
  }),
]);
/** The connect body. */
export type ConnectPartnerBody = z.infer<typeof connectPartnerBodySchema>;

/** A connection as the organization's admins see it (never its credentials). */
export const partnerConnectionSchema = z.object({
  id: z.uuid(),
  providerType: z.enum(PartnerProviderType),
  name: z.string(),
  logo: z.string(),
  siteId: z.string(),
  /** What the partner answered the test with ("connected as …"). */
  connectedAs: z.string(),
  state: z.enum(partnerConnectionStates),
  /** True when our sandbox stands in for the partner (screens say so). */
  sandbox: z.boolean(),
  sync: z.object({
    lastRunAt: z.string().nullable(),
    lastError: z.string().nullable(),
    registrations: z.number().int(),
    invited: z.number().int(),
    unmapped: z.number().int(),
    withdrawn: z.number().int(),
  }),
  createdAt: z.string(),
});
/** One connection. */
export type PartnerConnection = z.infer<typeof partnerConnectionSchema>;

/** A partner program (LeagueApps program, Amilia activity) and where it is mapped to, if anywhere. */
export const partnerProgramSchema = z.object({
  programId: z.string(),
  name: z.string(),
  mapping: z
    .object({ hierarchyLevelId: z.uuid(), labelId: z.uuid(), levelName: z.string(), labelName: z.string() })
    .nullable(),
  /** Registrations of this program seen so far (the preview of who would land where). */
  registrations: z.number().int(),
  /**
   * The partner's registration roles in this program (those seen, and those given a label), each with how many
   * registered and the label it lands as: its own (`labelId`) or, when null, the program's label.
   */
  roles: z.array(
    z.object({
      role: z.string(),
      registrations: z.number().int(),
      labelId: z.uuid().nullable(),
      labelName: z.string().nullable(),
    }),
  ),
});
/** One program. */
export type PartnerProgram = z.infer<typeof partnerProgramSchema>;

/** A partner registration role as the partners send it (LeagueApps PLAYER, COACH, PARENT; Amilia PLAYER). */
export const partnerRoleSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'A partner role is written in capitals (PLAYER, COACH…)');

/**
 * Body of PUT /api/app/organization/{id}/partners/{connectionId}/mappings/{programId}: the level and label a
 * program's registrations land at, and `roleLabels`, the label a partner role lands as when not the program's
 * (a role left out or null: the program's label). `roleLabels` replaces the set when given and is kept when left
 * out. The sync uses the mapping for registrations admitted from then on.
 */
export const mapPartnerProgramBodySchema = z.object({
  hierarchyLevelId: z.uuid('Choose a level'),
  labelId: z.uuid('Choose a role'),
  roleLabels: z
    .record(partnerRoleSchema, z.uuid('Choose a role').nullable())
    .refine((r) => Object.keys(r).length <= 20, 'At most 20 partner roles')
    .optional(),
});
/** The mapping body. */
export type MapPartnerProgramBody = z.infer<typeof mapPartnerProgramBodySchema>;

/** Answer of POST …/partners/{connectionId}/sync: the sync is queued (it runs through the job queue). */
export const partnerSyncQueuedSchema = z.object({ queued: z.boolean() });

/**
 * GET /api/app/profile/partner-from-current-profile[/{plaId}]: the partner a membership came from, so the web can
 * offer "Return to <partner>".
 */
export const partnerOfProfileSchema = z.object({
  id: z.uuid(),
  providerType: z.enum(PartnerProviderType),
  name: z.string(),
  logo: z.string(),
  /** Where "Return to <partner>" leads (the partner's own site). */
  returnUrl: z.string(),
  sandbox: z.boolean(),
  /** The membership (profile-level access) the partner's registration made: the `{id}` of prefill-data. */
  profileLevelAccessId: z.uuid().nullable(),
});
/** The partner of a membership. */
export type PartnerOfProfile = z.infer<typeof partnerOfProfileSchema>;

/**
 * GET /api/app/prefill-provider/prefill-data/{id}: what the partner already knows about a member, offered to prefill
 * our forms (never saved without the member confirming). `id` is the member's profile-level access.
 */
export const prefillDataSchema = z.object({
  source: z.object({ providerType: z.enum(PartnerProviderType), name: z.string() }),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z
    .object({
      line1: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
    })
    .nullable(),
  guardian: z
    .object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  emergencyContact: z.object({ name: z.string().nullable(), phone: z.string().nullable() }).nullable(),
});
/** The prefill data. */
export type PrefillData = z.infer<typeof prefillDataSchema>;

/** GET …/partners/mapping-targets: the levels and role labels a program may be mapped to. */
export const partnerMappingTargetsSchema = z.object({
  levels: z.array(z.object({ id: z.uuid(), name: z.string(), depth: z.number().int() })),
  labels: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
/** The mapping targets. */
export type PartnerMappingTargets = z.infer<typeof partnerMappingTargetsSchema>;
