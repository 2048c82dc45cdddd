import { describe, expect, it } from 'vitest';

import {
  AcceptanceType,
  AccessTokenClaim,
  PolicyAction,
  Role,
  acceptPolicyBodySchema,
  isAccountManagerOnly,
  isAdminLevel,
  isDirectorLevelOrHigher,
  isManagerLevelOrHigher,
  isPlatformAdmin,
  legacyRoleMap,
  migrateLegacyRole,
  migrateLegacyRoles,
  normalizeRoleClaim,
  policyActionSchema,
  roleSchema,
} from './roles.ts';

describe('roles', () => {
  it('are the spec roles, with Touchline as {product}', () => {
    expect(Object.values(Role)).toEqual([
      'TouchlineAdmin',
      'Admin',
      'Account Manager',
      'Director',
      'Manager',
    ]);
    expect(roleSchema.safeParse('AccountManager').success).toBe(false);
    expect(roleSchema.safeParse('President').success).toBe(false);
  });

  it('migrates legacy roles', () => {
    expect(legacyRoleMap).toEqual({ President: 'Admin', Operator: 'Manager' });
    expect(migrateLegacyRole('President')).toBe('Admin');
    expect(migrateLegacyRole('Operator')).toBe('Manager');
    expect(migrateLegacyRole('Director')).toBe('Director');
    expect(migrateLegacyRole('toString')).toBe('toString');
    expect(migrateLegacyRoles(['President', 'Admin', 'Operator'])).toEqual(['Admin', 'Manager']);
  });

  it('reads the User/Role claim as one value or a list', () => {
    expect(normalizeRoleClaim('Admin')).toEqual(['Admin']);
    expect(normalizeRoleClaim(['Admin', 'Director'])).toEqual(['Admin', 'Director']);
    expect(normalizeRoleClaim(['Admin', 3, null])).toEqual(['Admin']);
    expect(normalizeRoleClaim(undefined)).toEqual([]);
    expect(normalizeRoleClaim('')).toEqual([]);
    expect(normalizeRoleClaim({ role: 'Admin' })).toEqual([]);
  });
});

describe('role checks (spec §6)', () => {
  // [role, adminLevel, directorOrHigher, managerOrHigher, platformAdmin, accountManagerOnly]
  const table = [
    ['TouchlineAdmin', true, true, true, true, false],
    ['Admin', true, true, true, false, false],
    ['Account Manager', false, true, true, false, true],
    ['Director', false, true, true, false, false],
    ['Manager', false, false, true, false, false],
    ['President', false, false, false, false, false],
    ['Someone', false, false, false, false, false],
  ] as const;

  it.each(table)('%s', (role, admin, director, manager, platform, amOnly) => {
    expect(isAdminLevel([role])).toBe(admin);
    expect(isDirectorLevelOrHigher([role])).toBe(director);
    expect(isManagerLevelOrHigher([role])).toBe(manager);
    expect(isPlatformAdmin([role])).toBe(platform);
    expect(isAccountManagerOnly([role])).toBe(amOnly);
  });

  it('account-manager-only is lost with Admin, Director or TouchlineAdmin, kept with Manager', () => {
    expect(isAccountManagerOnly(['Account Manager', 'Manager'])).toBe(true);
    expect(isAccountManagerOnly(['Account Manager', 'Admin'])).toBe(false);
    expect(isAccountManagerOnly(['Account Manager', 'Director'])).toBe(false);
    expect(isAccountManagerOnly(['Account Manager', 'TouchlineAdmin'])).toBe(false);
  });

  it('an empty list passes no check', () => {
    expect(isAdminLevel([])).toBe(false);
    expect(isManagerLevelOrHigher([])).toBe(false);
    expect(isAccountManagerOnly([])).toBe(false);
  });
});

describe('tokens and policies', () => {
  it('claim names are the spec names', () => {
    expect(Object.values(AccessTokenClaim)).toEqual([
      'sub',
      'exp',
      'auth_time',
      'User/Role',
      'User/Tabs',
      'User/UserName',
      'User/FirstName',
      'User/LastName',
      'User/Email',
      'CurrentProfileId',
      'User/PrivacyAccepted',
      'User/TermsAccepted',
    ]);
  });

  it('policy action ReviewPolicies is 1', () => {
    expect(PolicyAction).toEqual({ ReviewPolicies: 1 });
    expect(policyActionSchema.safeParse(0).success).toBe(false);
  });

  it('acceptance types are terms and privacy', () => {
    expect(Object.values(AcceptanceType)).toEqual(['terms', 'privacy']);
    expect(acceptPolicyBodySchema.parse({ acceptedType: 'privacy' })).toEqual({ acceptedType: 'privacy' });
    expect(acceptPolicyBodySchema.safeParse({ acceptedType: 'cookies' }).success).toBe(false);
  });
});
