import { and, count, eq, isNull } from 'drizzle-orm';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import { Role } from '@touchline/contracts/roles';
import type { Database } from '../db/client.ts';
import { recordAuditEvent } from '../db/audit.ts';
import {
  backgroundCheckClientGrants,
  hierarchyLevels,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../db/schema/index.ts';

/** The demo league's name; the landing page and the README refer to it. */
export const demoOrganizationName = 'Riverside Youth Soccer League';

type LevelSeed = { name: string; children?: LevelSeed[] };

const tree: LevelSeed = {
  name: demoOrganizationName,
  children: [
    {
      name: 'Recreational',
      children: [{ name: 'U8 Girls' }, { name: 'U8 Boys' }, { name: 'U10 Girls' }, { name: 'U10 Boys' }],
    },
    { name: 'Competitive', children: [{ name: 'U12 Academy' }, { name: 'U14 Premier' }] },
  ],
};

/** The demo league's teams (the levels its members are in), in the order the seed fills them. */
export function demoTeamNames(): string[] {
  const leaves = (seed: LevelSeed): string[] =>
    seed.children?.length ? seed.children.flatMap(leaves) : [seed.name];
  return leaves(tree);
}

/** The address every demo member's e-mail ends with (the administrator's too). */
export const demoEmailDomain = '@demo.touchline.test';

const firstNames = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Sofia',
  'Ethan',
  'Chloé',
  'Mateo',
  'Zoe',
  'Lucas',
  'Amara',
  'Jonah',
  'Isla',
  'Diego',
  'Nora',
  'Kai',
  'Leah',
  'Owen',
];
const lastNames = [
  'Nguyen',
  'García',
  'Okafor',
  'Smith',
  'Johansson',
  'Patel',
  'Kowalski',
  'Brown',
  'Haddad',
  'Müller',
  'Rossi',
  'Kim',
];

/** True when the database holds no organization yet: the only time the demo league is seeded. */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organizations);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the demo league (9 levels, 36 members with coaches, volunteers and players) in one
 * transaction, so a newcomer's first `npm start` shows something real. Never called in production.
 */
export async function seedDemoOrganization(
  db: Database,
): Promise<{ organizationId: string; members: number; levels: number }> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({
        name: demoOrganizationName,
        website: 'https://riverside-ysl.example.org',
        phone: '+1 555 010 2030',
        countryCode: 'US',
        stateCode: 'CA',
        cityName: 'Riverside',
        isDemo: true,
      })
      .returning({ id: organizations.id });
    if (!org) throw new Error('demo organization was not created');
    const organizationId = org.id;

    const labelRows = await tx
      .insert(labels)
      .values([
        { organizationId, name: 'Player', isDefault: true },
        { organizationId, name: 'Coach', checksMembersIn: true },
        { organizationId, name: 'Volunteer' },
      ])
      .returning({ id: labels.id, name: labels.name });
    const labelId = (name: string) => labelRows.find((l) => l.name === name)?.id ?? '';

    const leaves: { id: string; name: string }[] = [];
    const insertLevel = async (
      seed: LevelSeed,
      parent: { id: string; path: string; depth: number } | null,
      sortOrder: number,
    ) => {
      const levelId = crypto.randomUUID();
      const path = `${parent?.path ?? '/'}${levelId}/`;
      const depth = parent ? parent.depth + 1 : 0;
      await tx.insert(hierarchyLevels).values({
        id: levelId,
        organizationId,
        parentId: parent?.id ?? null,
        name: seed.name,
        depth,
        path,
        sortOrder,
      });
      if (!seed.children?.length) leaves.push({ id: levelId, name: seed.name });
      for (const [i, child] of (seed.children ?? []).entries())
        await insertLevel(child, { id: levelId, path, depth }, i);
    };
    await insertLevel(tree, null, 0);

    let n = 0;
    for (const leaf of leaves) {
      const roster = ['Coach', 'Volunteer', 'Player', 'Player', 'Player', 'Player'];
      for (const role of roster) {
        const firstName = firstNames[n % firstNames.length] ?? 'Alex';
        const lastName = lastNames[(n * 7) % lastNames.length] ?? 'Lee';
        const email = `${firstName
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase()}.${lastName
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase()}${n}${demoEmailDomain}`;
        const [profile] = await tx
          .insert(profiles)
          .values({ organizationId, firstName, lastName, email })
          .returning({ id: profiles.id });
        if (!profile) throw new Error('demo profile was not created');
        await tx.insert(profileLevelAccesses).values({
          organizationId,
          profileId: profile.id,
          hierarchyLevelId: leaf.id,
          labelId: labelId(role),
          groupMembershipStatus: ActiveStatus.Active,
          overallStatus: MemberOverallStatus.NotActivated,
        });
        n += 1;
      }
    }
    await recordAuditEvent(
      tx,
      { userId: null },
      {
        organizationId,
        action: 'organization.demo_seeded',
        entityType: 'organization',
        entityId: organizationId,
        data: { members: n, levels: leaves.length + 3 },
      },
    );
    return { organizationId, members: n, levels: leaves.length + 3 };
  });
}

/** The demo administrator's role label in the demo league. */
export const demoAdminLabel = 'League Admin';

/**
 * Gives the demo league an administrator profile at its top level, linked to the identity account that `ensure`
 * creates or finds (README: admin@demo.touchline.test). Idempotent; returns the profile id, or null when the
 * database holds no demo league.
 */
export async function linkDemoAdminProfile(
  db: Database,
  ensure: (profileId: string) => Promise<string>,
): Promise<string | null> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), eq(organizations.name, demoOrganizationName)));
  if (!org) return null;
  const organizationId = org.id;
  const [root] = await db
    .select({ id: hierarchyLevels.id })
    .from(hierarchyLevels)
    .where(and(eq(hierarchyLevels.organizationId, organizationId), isNull(hierarchyLevels.parentId)));
  if (!root) return null;
  const adminEmail = `admin${demoEmailDomain}`;
  let [profile] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.email, adminEmail)));
  if (!profile) {
    profile = await db.transaction(async (tx) => {
      const [label] = await tx
        .insert(labels)
        .values({ organizationId, name: demoAdminLabel, role: Role.Admin })
        .returning({ id: labels.id });
      const [created] = await tx
        .insert(profiles)
        .values({ organizationId, firstName: 'Dana', lastName: 'Director', email: adminEmail })
        .returning({ id: profiles.id });
      if (!label || !created) throw new Error('demo administrator profile was not created');
      await tx.insert(profileLevelAccesses).values({
        organizationId,
        profileId: created.id,
        hierarchyLevelId: root.id,
        labelId: label.id,
        groupMembershipStatus: ActiveStatus.Active,
        overallStatus: MemberOverallStatus.NoRequirements,
      });
      return created;
    });
  }
  // Databases seeded before labels carried roles (ADR 007) get the administrator role on the demo label.
  await db
    .update(labels)
    .set({ role: Role.Admin })
    .where(
      and(eq(labels.organizationId, organizationId), eq(labels.name, demoAdminLabel), isNull(labels.role)),
    );
  const userId = await ensure(profile.id);
  await db.update(profiles).set({ appUserId: userId }).where(eq(profiles.id, profile.id));
  return profile.id;
}

/**
 * Grants the demo league the clients of a sandbox screening agency that nobody holds yet (issue 34: an agency client
 * belongs to one organization, granted by the platform), so the demo's setup screen can add one. Only ever for a
 * sandbox agency; a real agency's clients are granted by a platform administrator. Returns how many were granted.
 */
export async function grantDemoSandboxClients(
  db: Database,
  agencies: { listClients(ctx: { correlationId: string }): Promise<{ id: string; agencyId: string }[]> },
): Promise<number> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), eq(organizations.name, demoOrganizationName)));
  if (!org) return 0;
  const clients = await agencies.listClients({ correlationId: 'demo-seed' });
  if (clients.length === 0) return 0;
  const granted = await db
    .insert(backgroundCheckClientGrants)
    .values(clients.map((c) => ({ agencyId: c.agencyId, clientId: c.id, organizationId: org.id })))
    .onConflictDoNothing()
    .returning();
  return granted.length;
}
