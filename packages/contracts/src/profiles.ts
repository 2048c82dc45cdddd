import { z } from 'zod';

import { countryCodeSchema } from './countries.ts';
import { identityDocumentTypeSchema } from './verification.ts';
import { singleLineText } from './text.ts';
import { memberPaymentInfoSchema } from './member-payments.ts';
import { partnerOfProfileSchema } from './partners.ts';

/**
 * One level role of the signed-in profile (GET /api/app/profile/level-roles): the role label the profile holds at
 * a level, which applies at that level and every level below it (ARCHITECTURE §4).
 */
export const levelRoleSchema = z.object({
  profileLevelAccessId: z.string(),
  hierarchyLevelId: z.string(),
  levelName: z.string(),
  labelId: z.string(),
  roleLabel: z.string(),
});
/** One level role. */
export type LevelRole = z.infer<typeof levelRoleSchema>;

/** Answer of GET /api/app/profile/level-roles. */
export const levelRolesResponseSchema = z.array(levelRoleSchema);

/**
 * One profile-level access (PLA): a profile's membership of a level with a role label. `role` is the organization
 * role the label carries (ADR 007), null for plain member labels.
 */
export const profileLevelAccessSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  organizationId: z.string(),
  hierarchyLevelId: z.string(),
  levelName: z.string(),
  labelId: z.string(),
  roleLabel: z.string(),
  role: z.string().nullable(),
  groupMembershipStatus: z.number().int(),
  overallStatus: z.number().int(),
  externalId: z.string().nullable(),
  createdAt: z.string(),
});
/** One profile-level access. */
export type ProfileLevelAccess = z.infer<typeof profileLevelAccessSchema>;

/** A profile (one person in one organization) as the profile calls return it. */
export const profileSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  appUserId: z.string().nullable(),
  guardianProfileId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
/** One profile. */
export type Profile = z.infer<typeof profileSchema>;

/** A profile with its accesses (spec §3 profilesWithPlas). */
export const profileWithPlasSchema = profileSchema.extend({
  profileLevelAccesses: z.array(profileLevelAccessSchema),
});
/** One profile with its accesses. */
export type ProfileWithPlas = z.infer<typeof profileWithPlasSchema>;

/** The organization's identity-verification onboarding (spec §4 Activation), shown to admins only (ADR 007). */
export const ActivationStatus = {
  NotStarted: 'NotStarted',
  InProgress: 'InProgress',
  Submitted: 'Submitted',
  Activated: 'Activated',
} as const;
/** One activation status. */
export type ActivationStatus = (typeof ActivationStatus)[keyof typeof ActivationStatus];

/**
 * The active profile (spec §3), answer of GET /api/app/profile?AppUserId: the signed-in user in their current
 * organization. Features that arrive later hold honest defaults (no payment method, nothing awaiting payment,
 * onboarding not started). pendingReviewCount is null for users who do not review, and
 * yardstikOnboardingStatus null for non-admins. currentLevel* start at the profile's topmost level; the web moves
 * them as the user walks the tree.
 */
export const activeProfileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  organizationId: z.string(),
  organizationPhoto: z.string().nullable(),
  organizationName: z.string(),
  organizationPaymentMethodProvided: z.boolean(),
  organizationContent: z.array(z.object({ id: z.string(), name: z.string(), type: z.number().int() })),
  userAwaitingIndividualPaymentContent: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The member's paid background checks on their topmost access: owed, being confirmed, or paid (ADR 031). */
  backgroundCheckPaymentInfo: z.array(memberPaymentInfoSchema),
  /** The same for abuse-prevention trainings (spec §3 aptPaymentInfo). */
  aptPaymentInfo: z.array(memberPaymentInfoSchema),
  hierarchyLevelId: z.string().nullable(),
  currentLevelId: z.string().nullable(),
  currentLevelName: z.string().nullable(),
  currentLevelRole: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  tabs: z.array(z.string()),
  roles: z.array(z.string()),
  levelRoles: z.array(levelRoleSchema),
  remember: z.boolean(),
  pendingReviewCount: z.number().int().nonnegative().nullable(),
  profileContactInformationId: z.string().nullable(),
  profileId: z.string(),
  profilePicture: z.string().nullable(),
  profileLevelAccesses: z.array(profileLevelAccessSchema),
  profilesWithPlas: z.array(profileWithPlasSchema),
  /**
   * The league partner the current profile's membership came from (issue 31): the same as
   * GET partner-from-current-profile (a guardian invited for their child's registration included), or null.
   */
  partner: partnerOfProfileSchema.nullable(),
  yardstikOnboardingStatus: z.enum(ActivationStatus).nullable(),
});
/** The active profile. */
export type ActiveProfile = z.infer<typeof activeProfileSchema>;

/** The earliest date of birth the product accepts (spec §7 set-date-of-birth: not before 1900). */
export const earliestDateOfBirth = '1900-01-01';

/** Today's calendar date in UTC as YYYY-MM-DD, the bound a date of birth may not pass. */
function todayIso(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Why a date of birth is refused, or null when it is acceptable: a real calendar date, not in the future and not
 * before 1900. Shared by the schemas below and by forms that check as the user types.
 */
export function dateOfBirthProblem(value: string, now: Date = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Enter the date as YYYY-MM-DD';
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
    return 'Enter a real calendar date';
  if (value > todayIso(now)) return 'The date of birth cannot be in the future';
  if (value < earliestDateOfBirth) return 'The date of birth cannot be before 1900';
  return null;
}

/** A required date of birth (YYYY-MM-DD) checked with {@link dateOfBirthProblem}. */
export const dateOfBirthSchema = z
  .string({ message: 'Enter a date of birth' })
  .trim()
  .min(1, 'Enter a date of birth')
  .superRefine((value, ctx) => {
    const problem = dateOfBirthProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An optional date of birth: blank (an empty form field) or null clears it. */
export const optionalDateOfBirthSchema = z
  .string({ message: 'Enter the date as YYYY-MM-DD' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .superRefine((value, ctx) => {
    const problem = value === null ? null : dateOfBirthProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A person's first or last name as typed: trimmed, 1 to 100 characters. */
export const personNameSchema = (what: 'first name' | 'last name') =>
  singleLineText({ message: `Enter the ${what}` })
    .min(1, `Enter the ${what}`)
    .max(100, `The ${what} is too long (100 characters at most)`);

/** An optional e-mail address: blank or null means none. */
export const optionalEmailSchema = z
  .string({ message: 'Enter a valid e-mail address' })
  .trim()
  .max(254, 'That e-mail address is too long')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, {
    message: 'Enter a valid e-mail address',
  });

/** Body of PUT /api/app/profile/{id}: the names, e-mail and date of birth of one profile. */
export const updateProfileBodySchema = z.object({
  firstName: personNameSchema('first name'),
  lastName: personNameSchema('last name'),
  email: optionalEmailSchema,
  dateOfBirth: optionalDateOfBirthSchema,
});
/** The parsed update-profile body. */
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;
/** The update-profile body as a form or client sends it. */
export type UpdateProfileInput = z.input<typeof updateProfileBodySchema>;

/**
 * Body of PUT /api/app/profile/name-last-name-dob (and PUT /api/app/account/user): the signed-in user's names and
 * date of birth. The e-mail is the sign-in address and is not changed here.
 */
export const nameLastNameDobBodySchema = z.object({
  firstName: personNameSchema('first name'),
  lastName: personNameSchema('last name'),
  dateOfBirth: optionalDateOfBirthSchema,
});
/** The parsed names-and-date-of-birth body. */
export type NameLastNameDobBody = z.infer<typeof nameLastNameDobBodySchema>;
/** The names-and-date-of-birth body as a form sends it. */
export type NameLastNameDobInput = z.input<typeof nameLastNameDobBodySchema>;

/** Body of POST /api/app/profile/{id}/set-date-of-birth (spec §7); succeeds only with 204. */
export const setDateOfBirthBodySchema = z.object({
  dateOfBirth: dateOfBirthSchema,
  profileLevelAccessId: z.uuid({ message: 'Choose a membership of this profile' }),
});
/** The parsed set-date-of-birth body. */
export type SetDateOfBirthBody = z.infer<typeof setDateOfBirthBodySchema>;

/**
 * Body of POST /api/app/profile/save-citizenship-data (spec §3 "citizenship data"; its shape is ours): the country
 * (ISO two-letter, spec §5), whether the person is a citizen of it, and the document that shows it.
 */
export const saveCitizenshipBodySchema = z.object({
  profileId: z.uuid({ message: 'Choose a profile' }),
  countryCode: countryCodeSchema,
  isCitizen: z.boolean({ message: 'Say whether the person is a citizen' }),
  documentType: identityDocumentTypeSchema.optional(),
});
/** The parsed citizenship body. */
export type SaveCitizenshipBody = z.infer<typeof saveCitizenshipBodySchema>;

/** Citizenship as stored on a profile: the answers plus when they were saved. */
export const citizenshipSchema = saveCitizenshipBodySchema
  .omit({ profileId: true })
  .extend({ savedAt: z.string() });
/** Stored citizenship answers. */
export type Citizenship = z.infer<typeof citizenshipSchema>;

/** One organization the user belongs to, with their profile there (GET /api/app/profile/organizations). */
export const profileOrganizationSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  profileId: z.string(),
  isCurrent: z.boolean(),
});
/** One of the user's organizations. */
export type ProfileOrganization = z.infer<typeof profileOrganizationSchema>;

/** Answer of GET /api/app/profile/organizations?AppUserId. */
export const profileOrganizationsResponseSchema = z.array(profileOrganizationSchema);

/** Answer of the calls that list accesses (organization-profile-level-accesses, {id}/profile-level-accesses…). */
export const profileLevelAccessesResponseSchema = z.array(profileLevelAccessSchema);

/** Answer of GET /api/app/profile/child-profiles (ours): the profiles the signed-in profile is guardian of. */
export const childProfilesResponseSchema = z.array(profileWithPlasSchema);

/** Query of GET /api/app/profile?AppUserId and /organizations?AppUserId: the signed-in user's own id. */
export const appUserQuerySchema = z.object({ AppUserId: z.uuid({ message: 'AppUserId must be a user id' }) });

/** Query of GET /api/app/profile/organization-profile-level-accesses?AppUserId&OrganizationId. */
export const organizationAccessesQuerySchema = appUserQuerySchema.extend({
  OrganizationId: z.uuid({ message: 'OrganizationId must be an organization id' }),
});
