import { eq } from 'drizzle-orm';
import type { LabelRole } from '@touchline/contracts/roles';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import {
  hierarchyLevels,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../src/db/schema/index.ts';
import type { TestApp } from './app.ts';

/** A level of a test organization, with what path-based rules need. */
export type TestLevel = { id: string; name: string; path: string; depth: number };

/** A test organization: its root, a division and a team below it, and one label per organization role. */
export type TestOrganization = {
  id: string;
  name: string;
  root: TestLevel;
  division: TestLevel;
  team: TestLevel;
  /** Label ids by role; `member` is the default, role-less label (Player). */
  labelIds: Record<LabelRole | 'member', string>;
};

let sequence = 0;

/** Adds a level under a parent (or the root when parent is null), keeping the path invariant of ADR 002. */
export async function addTestLevel(
  t: TestApp,
  organizationId: string,
  name: string,
  parent: TestLevel | null,
): Promise<TestLevel> {
  const id = crypto.randomUUID();
  const level = { id, name, path: `${parent?.path ?? '/'}${id}/`, depth: parent ? parent.depth + 1 : 0 };
  await t.database.db
    .insert(hierarchyLevels)
    .values({ ...level, organizationId, parentId: parent?.id ?? null });
  return level;
}

/**
 * Creates an organization of its own (ARCHITECTURE §6: tests never share state): root → division → team, and
 * labels Admin, Account Manager, Director, Manager (carrying those roles) and Player (the default, no role).
 */
export async function createTestOrganization(t: TestApp, name?: string): Promise<TestOrganization> {
  sequence += 1;
  const orgName = name ?? `Test League ${sequence}`;
  const [org] = await t.database.db
    .insert(organizations)
    .values({ name: orgName, countryCode: 'US', stateCode: 'CA', cityName: 'Testville' })
    .returning({ id: organizations.id });
  if (!org) throw new Error('test organization was not created');
  const root = await addTestLevel(t, org.id, orgName, null);
  const division = await addTestLevel(t, org.id, 'Division', root);
  const team = await addTestLevel(t, org.id, 'Team', division);
  const rows = await t.database.db
    .insert(labels)
    .values([
      { organizationId: org.id, name: 'Admin', role: 'Admin' },
      { organizationId: org.id, name: 'Account Manager', role: 'Account Manager' },
      { organizationId: org.id, name: 'Director', role: 'Director' },
      { organizationId: org.id, name: 'Manager', role: 'Manager' },
      { organizationId: org.id, name: 'Player', isDefault: true },
    ])
    .returning({ id: labels.id, role: labels.role });
  const labelId = (role: string | null) => rows.find((r) => r.role === role)?.id ?? '';
  return {
    id: org.id,
    name: orgName,
    root,
    division,
    team,
    labelIds: {
      Admin: labelId('Admin'),
      'Account Manager': labelId('Account Manager'),
      Director: labelId('Director'),
      Manager: labelId('Manager'),
      member: labelId(null),
    },
  };
}

/** A member created for a test: profile, access, and (when signed up) account and access token. */
export type TestMember = {
  profileId: string;
  profileLevelAccessId: string;
  email: string;
  userId: string | null;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  auth: { authorization: string };
};

/**
 * Adds a member to a level with a label (by role, or `member` for the default label). With `signedUp` (the
 * default) the member has an account whose current profile is this one, and a fresh access token.
 */
export async function addTestMember(
  t: TestApp,
  org: TestOrganization,
  level: TestLevel,
  role: LabelRole | 'member',
  opts: { signedUp?: boolean; firstName?: string; lastName?: string } = {},
): Promise<TestMember> {
  sequence += 1;
  const email = `member${sequence}.${role.replace(' ', '-').toLowerCase()}@${org.id.slice(0, 8)}.test`;
  const [profile] = await t.database.db
    .insert(profiles)
    .values({
      organizationId: org.id,
      firstName: opts.firstName ?? `Member${sequence}`,
      lastName: opts.lastName ?? role,
      email,
    })
    .returning({ id: profiles.id });
  if (!profile) throw new Error('test profile was not created');
  const [access] = await t.database.db
    .insert(profileLevelAccesses)
    .values({
      organizationId: org.id,
      profileId: profile.id,
      hierarchyLevelId: level.id,
      labelId: org.labelIds[role],
      groupMembershipStatus: ActiveStatus.Active,
      overallStatus: MemberOverallStatus.NoRequirements,
    })
    .returning({ id: profileLevelAccesses.id });
  if (!access) throw new Error('test access was not created');
  if (opts.signedUp === false) {
    return {
      profileId: profile.id,
      profileLevelAccessId: access.id,
      email,
      userId: null,
      token: '',
      auth: { authorization: '' },
    };
  }
  const userId = await t.createUser({
    email,
    roles: role === 'member' ? [] : [role],
    currentProfileId: profile.id,
  });
  await t.database.db.update(profiles).set({ appUserId: userId }).where(eq(profiles.id, profile.id));
  const token = (await t.signIn(email)).access_token;
  return {
    profileId: profile.id,
    profileLevelAccessId: access.id,
    email,
    userId,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}
