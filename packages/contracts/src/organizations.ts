import { z } from 'zod';
import { countryCodeSchema } from './countries.ts';
import { listResponse, organizationListPageSize } from './pagination.ts';
import { planDraftSchema } from './plans.ts';
import { singleLineText } from './text.ts';

/**
 * Answer of GET /api/app/organization/{id}/select-organization: the profile now current and the organization roles
 * it carries. The web refreshes its token afterwards so CurrentProfileId and User/Role follow (ADR 007).
 */
export const selectOrganizationResponseSchema = z.object({
  organizationId: z.string(),
  profileId: z.string(),
  roles: z.array(z.string()),
});
/** The parsed select-organization answer. */
export type SelectOrganizationResponse = z.infer<typeof selectOrganizationResponseSchema>;

/** Path parameters of the calls under /api/app/organization/{id}. */
export const organizationIdParamsSchema = z.object({
  id: z.uuid({ message: 'The organization id is not valid' }),
});

/** Optional free text of the draft: trimmed, and an empty answer is stored as null. */
const optionalText = (max: number, tooLong: string) =>
  singleLineText()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** A web address as people type it: "riverside.org" is read as https://riverside.org. */
const websiteSchema = z
  .string()
  .trim()
  .max(200, 'The web address is too long (200 characters at most)')
  .nullish()
  .transform((value) => {
    if (!value) return null;
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  })
  .pipe(
    z
      .url({
        protocol: /^https?$/,
        hostname: /^[^.]+(\.[^.]+)+$/,
        message: 'Enter a web address such as https://example.org',
      })
      .nullable(),
  );

const phoneSchema = z
  .string()
  .trim()
  .max(40, 'The phone number is too long (40 characters at most)')
  .regex(/^$|^\+?[0-9 ().-]{5,}$/, 'Enter a phone number: digits, spaces and + ( ) - . only')
  .nullish()
  .transform((value) => (value ? value : null));

/** The draft's general part (spec §3): who the organization is and where. */
export const organizationGeneralSchema = z.object({
  name: singleLineText({ message: 'Enter the organization’s name' })
    .min(1, 'Enter the organization’s name')
    .max(200, 'The name is too long (200 characters at most)'),
  website: websiteSchema,
  phone: phoneSchema,
  countryCode: countryCodeSchema,
  stateCode: optionalText(50, 'The state or province is too long (50 characters at most)'),
  cityName: optionalText(100, 'The city is too long (100 characters at most)'),
});

const adminName = (what: string) =>
  singleLineText({ message: `Enter the administrator’s ${what}` })
    .min(1, `Enter the administrator’s ${what}`)
    .max(100, `The ${what} is too long (100 characters at most)`);

/** The draft's admin part (spec §3): the organization's first administrator, at its top level. */
export const organizationAdminSchema = z.object({
  firstName: adminName('first name'),
  lastName: adminName('last name'),
  email: z
    .string({ message: 'Enter the administrator’s e-mail address' })
    .trim()
    .min(1, 'Enter the administrator’s e-mail address')
    .max(254, 'That e-mail address is too long')
    .pipe(z.email({ message: 'Enter a valid e-mail address' })),
});

/** Ids of requirements (content) a role asks for; they resolve once the content library exists. */
const requirementIdsSchema = z
  .array(z.uuid({ message: 'Requirement ids are uuids' }))
  .max(200, 'A role can ask for 200 requirements at most')
  .default([]);

/** One role of the draft (spec §3 roleRequirements): becomes a role label of the new organization. */
export const roleRequirementSchema = z.object({
  roleLabel: singleLineText({ message: 'Name this role' })
    .min(1, 'Name this role')
    .max(60, 'A role name is 60 characters at most'),
  roleRequirementsIds: requirementIdsSchema,
  paidRoleRequirementsIds: requirementIdsSchema,
  /** Display copy of the chosen requirements kept by the wizard; the server ignores it. */
  roleRequirementsList: z.unknown().optional(),
  requirementsDueDate: z
    .string({ message: 'Enter the due date as a date (YYYY-MM-DD)' })
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.iso.date({ message: 'Enter the due date as a date (YYYY-MM-DD)' }).nullable()),
  isDefault: z.boolean().default(false),
});
/** One parsed role of the draft. */
export type RoleRequirement = z.infer<typeof roleRequirementSchema>;

/** The draft's roles: at least one, names unique (ignoring case), at most one default, paid ⊆ required. */
export const roleRequirementsSchema = z
  .array(roleRequirementSchema)
  .min(1, 'Add at least one role')
  .max(50, 'An organization starts with 50 roles at most')
  .superRefine((roles, ctx) => {
    const seen = new Set<string>();
    let defaultSeen = false;
    roles.forEach((role, index) => {
      const key = role.roleLabel.toLocaleLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [index, 'roleLabel'], message: 'Each role needs its own name' });
      seen.add(key);
      if (role.isDefault && defaultSeen)
        ctx.addIssue({
          code: 'custom',
          path: [index, 'isDefault'],
          message: 'Only one role can be the default',
        });
      defaultSeen ||= role.isDefault;
      if (role.paidRoleRequirementsIds.some((id) => !role.roleRequirementsIds.includes(id)))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'paidRoleRequirementsIds'],
          message: 'A paid requirement must be one of the role’s requirements',
        });
    });
  });

/** The draft's optional subscription payment part (spec §3); recorded only, nothing is charged yet. */
export const paySubscriptionOrganizationSchema = z.object({
  billingEmail: z
    .string()
    .trim()
    .max(254, 'That e-mail address is too long')
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email({ message: 'Enter a valid billing e-mail address' }).nullable()),
  priceIdStripe: optionalText(200, 'The price id is too long'),
});

/** Body of POST /api/app/organization: the create-organization draft of spec §3. */
export const createOrganizationBodySchema = z.object({
  general: organizationGeneralSchema,
  admin: organizationAdminSchema,
  plan: planDraftSchema.prefault({}),
  paySubscriptionOrganization: paySubscriptionOrganizationSchema.nullish(),
  roleRequirements: roleRequirementsSchema,
});
/** The draft as typed (before defaults). */
export type CreateOrganizationInput = z.input<typeof createOrganizationBodySchema>;
/** The parsed draft. */
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;

/**
 * Answer of POST /api/app/organization (201): the new organization and its top level. profileId is the
 * administrator's profile when it is the creator's own (they can select it at once), else null and the
 * administrator was invited by e-mail (adminInvited).
 */
export const createOrganizationResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  rootLevelId: z.string(),
  profileId: z.string().nullable(),
  adminInvited: z.boolean(),
});
/** The parsed create-organization answer. */
export type CreateOrganizationResponse = z.infer<typeof createOrganizationResponseSchema>;

/** The organization as the client session keeps it (spec §3 orgData). image is a short-lived link or null. */
export const organizationDataSchema = z.object({
  id: z.string(),
  initials: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  showCustomerConfiguredBackgroundCheckNotice: z.boolean(),
  isDemo: z.boolean(),
  reviewBackgroundChecksExternally: z.boolean(),
  isPartner: z.boolean(),
});
/** One orgData. */
export type OrganizationData = z.infer<typeof organizationDataSchema>;

/**
 * One entry of the organization list: orgData plus the user's profile there (null for a platform admin's view) and
 * how to reach the organization (ours: its phone and website from the wizard, either null), which a member told to
 * contact it (a disqualification, an appeal) is shown.
 */
export const organizationListItemSchema = organizationDataSchema.extend({
  profileId: z.string().nullable(),
  phone: z.string().nullable().default(null),
  website: z.string().nullable().default(null),
});
/** One organization list entry. */
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;

/** Query of GET /api/app/organization/organization-list (spec §7: PerPage=1000). */
export const organizationListQuerySchema = z.object({
  PerPage: z.coerce
    .number({ message: 'PerPage must be a number' })
    .int('PerPage must be a whole number')
    .min(1, 'PerPage must be at least 1')
    .max(organizationListPageSize, `PerPage must be at most ${organizationListPageSize}`)
    .default(organizationListPageSize),
  Page: z.coerce
    .number({ message: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .default(1),
});

/** Answer of GET /api/app/organization/organization-list. */
export const organizationListResponseSchema = listResponse(organizationListItemSchema);
/** The parsed organization list. */
export type OrganizationListResponse = z.infer<typeof organizationListResponseSchema>;

/** The first letters of up to two words of a name, upper-cased: "Riverside Youth League" → "RY". */
export function organizationInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** What an organization file is for (the `purpose` query of the file calls): the photo is its logo. */
export const OrganizationFilePurpose = { Photo: 'photo' } as const;
/** One organization file purpose. */
export type OrganizationFilePurpose = (typeof OrganizationFilePurpose)[keyof typeof OrganizationFilePurpose];

/** Query of the organization file calls: `?purpose=photo`. */
export const organizationFileQuerySchema = z.object({
  purpose: z.enum(OrganizationFilePurpose, { message: 'purpose must be photo' }),
});

/** What an organization photo may be: an image of one of these types, 5 MB at most. */
export const organizationPhotoRules = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const;

/** A stored organization file as GET/POST {id}/file?purpose answer it. */
export const organizationFileSchema = z.object({
  id: z.string(),
  purpose: z.enum(OrganizationFilePurpose),
  contentType: z.string(),
  byteSize: z.number().int().nonnegative(),
  originalName: z.string(),
  createdAt: z.string(),
});
/** One organization file. */
export type OrganizationFile = z.infer<typeof organizationFileSchema>;

/** Answer of GET {id}/file-url-with-token/?purpose: a link anyone holding it may open until expiresAt. */
export const fileUrlResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
/** One expiring file link. */
export type FileUrlResponse = z.infer<typeof fileUrlResponseSchema>;
