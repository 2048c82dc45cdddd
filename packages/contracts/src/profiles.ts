import { z } from 'zod';

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
 * onboarding not started, no partner). pendingReviewCount is null for users who do not review, and
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
  partner: z.object({ id: z.string(), name: z.string(), providerType: z.string() }).nullable(),
  yardstikOnboardingStatus: z.enum(ActivationStatus).nullable(),
});
/** The active profile. */
export type ActiveProfile = z.infer<typeof activeProfileSchema>;
