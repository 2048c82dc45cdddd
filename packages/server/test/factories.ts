import { eq } from 'drizzle-orm';
import type { LabelRole } from '@touchline/contracts/roles';
import { webClientId } from '@touchline/contracts/accounts';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import {
  hierarchyLevels,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './app.ts';

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
 * Inserts a profile with one live access at a level (by role, or `member` for the default label), and no account
 * unless `appUserId` links one: the rows every member of a test starts from.
 */
export async function addTestProfile(
  t: TestApp,
  org: TestOrganization,
  level: TestLevel,
  role: LabelRole | 'member',
  values: { firstName: string; lastName: string; email: string; appUserId?: string | null },
): Promise<{ profileId: string; profileLevelAccessId: string }> {
  const [profile] = await t.database.db
    .insert(profiles)
    .values({ organizationId: org.id, ...values })
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
  return { profileId: profile.id, profileLevelAccessId: access.id };
}

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
  const { profileId, profileLevelAccessId } = await addTestProfile(t, org, level, role, {
    firstName: opts.firstName ?? `Member${sequence}`,
    lastName: opts.lastName ?? role,
    email,
  });
  if (opts.signedUp === false) {
    return { profileId, profileLevelAccessId, email, userId: null, token: '', auth: { authorization: '' } };
  }
  const userId = await t.createUser({
    email,
    roles: role === 'member' ? [] : [role],
    currentProfileId: profileId,
  });
  await t.database.db.update(profiles).set({ appUserId: userId }).where(eq(profiles.id, profileId));
  const token = (await t.signIn(email)).access_token;
  return {
    profileId,
    profileLevelAccessId,
    email,
    userId,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

/** Where and as what a suite's member is added: a level of the organization, a label, and addTestMember's options. */
export type TestMemberSpec = [
  level: 'root' | 'division' | 'team',
  role: LabelRole | 'member',
  opts?: { signedUp?: boolean; firstName?: string; lastName?: string; in?: 'other' },
];

/**
 * The start of a permission-matrix suite: a fresh app, its organization, another organization for the 404 rows,
 * and the named members (added in the order given, in `org` unless `in: 'other'`).
 */
export async function createTestSuite<K extends string>(
  members: Record<K, TestMemberSpec>,
  names: { org?: string; other?: string } = {},
  env: Record<string, string> = {},
): Promise<{ t: TestApp; org: TestOrganization; other: TestOrganization; members: Record<K, TestMember> }> {
  const t = await createTestApp(env);
  const org = await createTestOrganization(t, names.org);
  const other = await createTestOrganization(t, names.other);
  const added: Partial<Record<K, TestMember>> = {};
  for (const [name, [level, role, opts = {}]] of Object.entries(members) as [K, TestMemberSpec][]) {
    const { in: where, ...memberOpts } = opts;
    const target = where === 'other' ? other : org;
    added[name] = await addTestMember(t, target, target[level], role, memberOpts);
  }
  return { t, org, other, members: added as Record<K, TestMember> };
}

let userSequence = 0;
/** A confirmed account with no organization, signed in: who creates or joins an organization in a test. */
export async function addTestUser(t: TestApp, roles: string[] = []) {
  userSequence += 1;
  const email = `creator${userSequence}@example.org`;
  const userId = await t.createUser({ email, roles });
  const tokens = await t.signIn(email);
  return { email, userId, tokens, auth: { authorization: `Bearer ${tokens.access_token}` } };
}

/** Trades a refresh token at /connect/token, as the web does after the account's context changed. */
export function refreshTestToken(t: TestApp, refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: webClientId,
      refresh_token: refreshToken,
    }).toString(),
  });
}

/** The fields a 400 answer names, sorted, so a test can say which inputs were refused. */
export function validationFields(res: { json: () => unknown }): string[] {
  const body = res.json() as { error: { validationErrors: { field: string }[] } };
  return body.error.validationErrors.map((e) => e.field).sort();
}

/**
 * Grants an agency client to an organization as the platform does (issue 34): a platform administrator's
 * POST /api/app/integrations/background-check-client-grants. Returns the platform administrator.
 */
export async function grantAgencyClient(
  t: TestApp,
  organizationId: string,
  clientId: string,
  agencyId: 'jdp' | 'ncsi' | 'scoutlogic' = 'jdp',
) {
  const platformAdmin = await addTestUser(t, ['TouchlineAdmin']);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/app/integrations/background-check-client-grants',
    headers: platformAdmin.auth,
    payload: { agencyId, clientId, organizationId },
  });
  if (res.statusCode !== 201) throw new Error(`grant failed: ${res.statusCode} ${res.body}`);
  return platformAdmin;
}

/** A background-check definition's content ordering a TazWorks-platform agency client's package, the organization paying. */
export function tazworksContent(clientId: string, product: { id: string; name: string }) {
  return {
    vendor: 'TazWorks',
    clientId,
    packageId: product.id,
    packageName: product.name,
    payer: 'organization',
  };
}
