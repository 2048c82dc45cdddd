import { z } from 'zod';

/** Organization-wide roles of spec §6; TouchlineAdmin is the spec's {product}Admin (platform super admin). */
export const Role = {
  TouchlineAdmin: 'TouchlineAdmin',
  Admin: 'Admin',
  AccountManager: 'Account Manager',
  Director: 'Director',
  Manager: 'Manager',
} as const;
/** One role value as carried in the User/Role claim. */
export type Role = (typeof Role)[keyof typeof Role];

/** Validates a role value arriving in a request. */
export const roleSchema = z.enum(Role);

/**
 * The organization roles a role label can carry (ADR 007): holding such a label at a level gives the role there and
 * below. TouchlineAdmin is the platform's own and is never given by a label.
 */
export const labelRoles = [Role.Admin, Role.AccountManager, Role.Director, Role.Manager] as const;
/** One organization role a label can carry. */
export type LabelRole = (typeof labelRoles)[number];

/** Validates the role of a label: one of {@link labelRoles}, or null for a plain member label (Player, Coach…). */
export const labelRoleSchema = z.enum(labelRoles).nullable();

/** Legacy role names and what they became (§4): migrated once the user is logged in. */
export const legacyRoleMap = { President: Role.Admin, Operator: Role.Manager } as const;
/** One legacy role name. */
export type LegacyRole = keyof typeof legacyRoleMap;

/** Maps a legacy role name to its current role; any other value is returned unchanged. */
export function migrateLegacyRole(role: string): string {
  return Object.hasOwn(legacyRoleMap, role) ? legacyRoleMap[role as LegacyRole] : role;
}

/** Migrates a whole role list, dropping duplicates a migration may create (President + Admin). */
export function migrateLegacyRoles(roles: readonly string[]): string[] {
  return [...new Set(roles.map(migrateLegacyRole))];
}

/** Reads the User/Role claim, which the spec says is a single value or a list, as a list (empty if absent). */
export function normalizeRoleClaim(claim: unknown): string[] {
  if (typeof claim === 'string') return claim === '' ? [] : [claim];
  if (Array.isArray(claim)) return claim.filter((role): role is string => typeof role === 'string');
  return [];
}

function hasAny(roles: readonly string[], wanted: readonly Role[]): boolean {
  return roles.some((role) => (wanted as readonly string[]).includes(role));
}

/** Admin level (§6): TouchlineAdmin or Admin. */
export function isAdminLevel(roles: readonly string[]): boolean {
  return hasAny(roles, [Role.TouchlineAdmin, Role.Admin]);
}

/** Director level or higher (§6): admin level plus Account Manager and Director. */
export function isDirectorLevelOrHigher(roles: readonly string[]): boolean {
  return hasAny(roles, [Role.TouchlineAdmin, Role.Admin, Role.AccountManager, Role.Director]);
}

/** Manager level or higher (§6): director level or higher plus Manager. */
export function isManagerLevelOrHigher(roles: readonly string[]): boolean {
  return hasAny(roles, [Role.TouchlineAdmin, Role.Admin, Role.AccountManager, Role.Director, Role.Manager]);
}

/** Account manager only (§6): has Account Manager and none of Admin, Director or TouchlineAdmin. */
export function isAccountManagerOnly(roles: readonly string[]): boolean {
  return (
    roles.includes(Role.AccountManager) && !hasAny(roles, [Role.Admin, Role.Director, Role.TouchlineAdmin])
  );
}

/** Platform admin (§6): TouchlineAdmin, the super admin across organizations. */
export function isPlatformAdmin(roles: readonly string[]): boolean {
  return roles.includes(Role.TouchlineAdmin);
}

/** Policy actions with the spec's numbers (§4). */
export const PolicyAction = { ReviewPolicies: 1 } as const;
/** One policy action number. */
export type PolicyAction = (typeof PolicyAction)[keyof typeof PolicyAction];

/** Validates a policy action number arriving in a request. */
export const policyActionSchema = z.enum(PolicyAction);

/** Names of the access-token claims the product reads (§3), so issuer and readers spell them once. */
export const AccessTokenClaim = {
  Subject: 'sub',
  ExpiresAt: 'exp',
  AuthTime: 'auth_time',
  Role: 'User/Role',
  Tabs: 'User/Tabs',
  UserName: 'User/UserName',
  FirstName: 'User/FirstName',
  LastName: 'User/LastName',
  Email: 'User/Email',
  CurrentProfileId: 'CurrentProfileId',
  PrivacyAccepted: 'User/PrivacyAccepted',
  TermsAccepted: 'User/TermsAccepted',
} as const;
/** One access-token claim name. */
export type AccessTokenClaim = (typeof AccessTokenClaim)[keyof typeof AccessTokenClaim];

/** What a user accepts in POST /api/app/user-acceptance/accept (§7). */
export const AcceptanceType = { Terms: 'terms', Privacy: 'privacy' } as const;
/** One acceptance type. */
export type AcceptanceType = (typeof AcceptanceType)[keyof typeof AcceptanceType];

/** Validates an acceptance type. */
export const acceptanceTypeSchema = z.enum(AcceptanceType);

/** Body of POST /api/app/user-acceptance/accept: `{ acceptedType: 'terms' | 'privacy' }` (§7). */
export const acceptPolicyBodySchema = z.object({ acceptedType: acceptanceTypeSchema });
/** The parsed accept-policy body. */
export type AcceptPolicyBody = z.infer<typeof acceptPolicyBodySchema>;
