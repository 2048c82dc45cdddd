import type { Deps, RequestContext } from '../deps.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { grantsOfProfile } from '../authz/actor-context.ts';
import {
  auditEvents,
  contentAssignments,
  hierarchyLevels,
  labels,
  memberRequirements,
  organizations,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
  requirementEvents,
  requirementSubmissions,
  screeningOrders,
} from '../db/schema/index.ts';
import { refreshMemberRequirements } from '../modules/requirements/requirements.service.ts';
import type { DemoAccountMaker } from './seed-demo-activity.ts';
import { demoEmailDomain, demoOrganizationName } from './seed-demo.ts';

// The demo league's screened staff (ADR 030): who they are and which state each is seeded into, their level and
// definitions with the members' accounts, and the reads the seed makes of what the use cases wrote. The seeding
// itself, through the use cases and the sandboxes, is seed-demo-screening.ts.

/** The demo league's level for its screened staff: its own, so the teams other journeys use stay as they were. */
export const demoScreeningLevelName = 'Screening Staff';

/** The audit action that marks the screening members as seeded, so they are seeded once. */
export const demoScreeningAuditAction = 'requirements.demo_screening_seeded';

/** The states the seed puts a member in, per type (the seed test asserts each is present). */
export type ScreeningStory =
  | {
      type: 'background-check';
      state: 'invited' | 'applied' | 'info-requested' | 'clear' | 'flagged' | 'expired';
    }
  | {
      type: 'sex-offender';
      state:
        'not-started' | 'in-progress' | 'pending-review' | 'completed' | 'monitored' | 'rejected' | 'expired';
    }
  | { type: 'live-scan'; state: 'not-started' | 'pending-review' | 'completed' | 'rejected' }
  | {
      type: 'training';
      state: 'not-started' | 'in-progress' | 'pending-review' | 'completed' | 'rejected' | 'expired';
    }
  | { type: 'us-soccer'; state: 'not-started' | 'completed' | 'expired' | 'pending-review' | 'rejected' };

/**
 * Who is seeded, and in what state. Last names choose the sandbox's outcome as vendors' test modes do (Clear,
 * Consider, Info, Sor: yardstik-outcomes.ts); a name outside that list comes back clear once applied.
 */
export const demoScreeningMembers: { firstName: string; lastName: string; story: ScreeningStory }[] = [
  { firstName: 'Bailey', lastName: 'Morgan', story: { type: 'background-check', state: 'invited' } },
  { firstName: 'Harper', lastName: 'Clear', story: { type: 'background-check', state: 'applied' } },
  { firstName: 'Avery', lastName: 'Info', story: { type: 'background-check', state: 'info-requested' } },
  { firstName: 'Morgan', lastName: 'Clear', story: { type: 'background-check', state: 'clear' } },
  { firstName: 'Kendall', lastName: 'Consider', story: { type: 'background-check', state: 'flagged' } },
  { firstName: 'Taylor', lastName: 'Clear', story: { type: 'background-check', state: 'expired' } },
  { firstName: 'Quinn', lastName: 'Alvarez', story: { type: 'sex-offender', state: 'not-started' } },
  { firstName: 'Rowan', lastName: 'Baker', story: { type: 'sex-offender', state: 'in-progress' } },
  { firstName: 'Lee', lastName: 'Sor', story: { type: 'sex-offender', state: 'pending-review' } },
  { firstName: 'Casey', lastName: 'Clear', story: { type: 'sex-offender', state: 'completed' } },
  { firstName: 'Remy', lastName: 'Clear', story: { type: 'sex-offender', state: 'monitored' } },
  { firstName: 'Drew', lastName: 'Sor', story: { type: 'sex-offender', state: 'rejected' } },
  { firstName: 'Elliot', lastName: 'Clear', story: { type: 'sex-offender', state: 'expired' } },
  { firstName: 'Parker', lastName: 'Hughes', story: { type: 'live-scan', state: 'not-started' } },
  { firstName: 'Sage', lastName: 'Lopez', story: { type: 'live-scan', state: 'pending-review' } },
  { firstName: 'Reese', lastName: 'Carter', story: { type: 'live-scan', state: 'completed' } },
  { firstName: 'Dakota', lastName: 'Reyes', story: { type: 'live-scan', state: 'rejected' } },
  { firstName: 'Skyler', lastName: 'Park', story: { type: 'training', state: 'not-started' } },
  { firstName: 'Emerson', lastName: 'Diaz', story: { type: 'training', state: 'in-progress' } },
  { firstName: 'Finley', lastName: 'Ward', story: { type: 'training', state: 'pending-review' } },
  { firstName: 'Hayden', lastName: 'Brooks', story: { type: 'training', state: 'completed' } },
  { firstName: 'Jesse', lastName: 'Coleman', story: { type: 'training', state: 'rejected' } },
  { firstName: 'Kai', lastName: 'Foster', story: { type: 'training', state: 'expired' } },
  { firstName: 'Logan', lastName: 'Price', story: { type: 'us-soccer', state: 'not-started' } },
  { firstName: 'Micah', lastName: 'Bennett', story: { type: 'us-soccer', state: 'completed' } },
  { firstName: 'Noel', lastName: 'Hayes', story: { type: 'us-soccer', state: 'expired' } },
  { firstName: 'Oakley', lastName: 'Griffin', story: { type: 'us-soccer', state: 'pending-review' } },
  { firstName: 'Peyton', lastName: 'Russell', story: { type: 'us-soccer', state: 'rejected' } },
];

export type Seeded = {
  profileId: string;
  plaId: string;
  ctx: RequestContext;
  story: ScreeningStory;
  definitionId: string;
};

/** The request id the seed's use cases record in their audit entries. */
export const seedRequestId = 'seed-demo-screening';

export const validityDays = { background: 730, sexOffender: 365, training: 365 };

export async function demoOrganization(deps: Pick<Deps, 'db'>) {
  const [org] = await deps.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), eq(organizations.name, demoOrganizationName)));
  if (!org) return null;
  const [seeded] = await deps.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.action, demoScreeningAuditAction)))
    .limit(1);
  return seeded ? null : org.id;
}

/** The level, the three definitions assigned to its coaches there, and the members with their accounts. */
export async function seedStaff(
  deps: Pick<Deps, 'db'>,
  organizationId: string,
  makeAccount: DemoAccountMaker,
  backgroundPackage: { id: string; name: string },
) {
  const { db } = deps;
  const created = await db.transaction(async (tx) => {
    const [root] = await tx
      .select({ id: hierarchyLevels.id, path: hierarchyLevels.path })
      .from(hierarchyLevels)
      .where(and(eq(hierarchyLevels.organizationId, organizationId), isNull(hierarchyLevels.parentId)));
    const [coach] = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.organizationId, organizationId), eq(labels.name, 'Coach')));
    if (!root || !coach) throw new Error('the demo league has no top level or Coach role');
    const levelId = crypto.randomUUID();
    await tx.insert(hierarchyLevels).values({
      id: levelId,
      organizationId,
      parentId: root.id,
      name: demoScreeningLevelName,
      depth: 1,
      path: `${root.path}${levelId}/`,
      sortOrder: 9,
    });
    const definition = async (values: typeof requirementDefinitions.$inferInsert) => {
      const [row] = await tx
        .insert(requirementDefinitions)
        .values(values)
        .returning({ id: requirementDefinitions.id });
      if (!row) throw new Error('demo definition was not created');
      await tx
        .insert(contentAssignments)
        .values({ organizationId, definitionId: row.id, hierarchyLevelId: levelId, labelId: coach.id });
      return row.id;
    };
    const common = { organizationId, dueInDays: 30, reminderFrequency: 'Weekly' as const };
    const ids = {
      'background-check': await definition({
        ...common,
        type: RequirementType.BackgroundCheck,
        name: 'Coach background check',
        instructions: 'Sign the disclosure and authorization, then finish the application at the provider.',
        content: {
          vendor: 'Yardstik',
          packageId: backgroundPackage.id,
          packageName: backgroundPackage.name,
          payer: 'organization',
        },
        validityMode: 'Duration',
        validityDays: validityDays.background,
        sortOrder: 20,
      }),
      'sex-offender': await definition({
        ...common,
        type: RequirementType.SexOffenderSearch,
        name: 'Sex offender registry search',
        instructions: 'Enter your date of birth, then authorize the search at the provider.',
        // Continuous monitoring offered: members may sign the ongoing authorization (ADR 032).
        content: { packageId: null, rerunEveryDays: 365, monitorContinuously: true, monitorPackageId: null },
        validityMode: 'Duration',
        validityDays: validityDays.sexOffender,
        sortOrder: 21,
      }),
      'live-scan': await definition({
        ...common,
        type: RequirementType.LiveScan,
        name: 'LiveScan fingerprinting',
        instructions:
          'Take the request form to a LiveScan site, then enter the ATI number and a photo of the receipt.',
        content: {},
        sortOrder: 22,
      }),
      training: await definition({
        ...common,
        type: RequirementType.AbusePreventionTraining,
        name: 'Abuse-prevention training',
        instructions: 'Take the course (or upload the certificate of one you took elsewhere this year).',
        content: {},
        validityMode: 'Duration',
        validityDays: validityDays.training,
        sortOrder: 23,
      }),
      'us-soccer': await definition({
        ...common,
        type: RequirementType.USSoccer,
        name: 'US Soccer coaching license',
        instructions: 'Enter your 16-digit US Soccer id: your licenses are looked up.',
        content: { requiredLicense: null, discipline: 'coach' },
        sortOrder: 24,
      }),
    };
    const people = [];
    for (const [i, m] of demoScreeningMembers.entries()) {
      const email = `${m.firstName}.${m.lastName}.staff${i}${demoEmailDomain}`.toLowerCase();
      const [profile] = await tx
        .insert(profiles)
        .values({
          organizationId,
          firstName: m.firstName,
          lastName: m.lastName,
          email,
          dateOfBirth: `198${i % 10}-0${(i % 9) + 1}-1${i % 10}`,
        })
        .returning({ id: profiles.id });
      if (!profile) throw new Error('demo profile was not created');
      const [access] = await tx
        .insert(profileLevelAccesses)
        .values({
          organizationId,
          profileId: profile.id,
          hierarchyLevelId: levelId,
          labelId: coach.id,
          groupMembershipStatus: ActiveStatus.Active,
          overallStatus: MemberOverallStatus.NotActivated,
        })
        .returning({ id: profileLevelAccesses.id });
      if (!access) throw new Error('demo access was not created');
      people.push({ ...m, email, profileId: profile.id, plaId: access.id, definitionId: ids[m.story.type] });
    }
    return people;
  });
  // Accounts outside the transaction (the mounted identity shares the embedded database's connection), then the
  // profiles are linked as an accepted invitation links them, and the requirements derived.
  const seeded: Seeded[] = [];
  for (const p of created) {
    const userId = await makeAccount(p);
    await db.update(profiles).set({ appUserId: userId }).where(eq(profiles.id, p.profileId));
    const grants = await grantsOfProfile(db, organizationId, p.profileId);
    seeded.push({
      profileId: p.profileId,
      plaId: p.plaId,
      story: p.story,
      definitionId: p.definitionId,
      ctx: {
        userId,
        profileId: p.profileId,
        organizationId,
        grants,
        platformAdmin: false,
        requestId: seedRequestId,
      },
    });
  }
  await refreshMemberRequirements(db, organizationId, { profileIds: seeded.map((s) => s.profileId) });
  return seeded;
}

export async function requirementIdOf(deps: Pick<Deps, 'db'>, s: Seeded): Promise<string> {
  const [row] = await deps.db
    .select({ id: memberRequirements.id })
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.profileId, s.profileId),
        eq(memberRequirements.definitionId, s.definitionId),
        eq(memberRequirements.active, true),
      ),
    );
  if (!row) throw new Error('the demo requirement was not derived');
  return row.id;
}

export async function latestOrder(deps: Pick<Deps, 'db'>, memberRequirementId: string) {
  const [order] = await deps.db
    .select()
    .from(screeningOrders)
    .where(eq(screeningOrders.memberRequirementId, memberRequirementId))
    .orderBy(desc(screeningOrders.createdAt))
    .limit(1);
  if (!order) throw new Error('the demo order was not placed');
  return order;
}

/** The order id a use case put in the outbox (the consent's for a background check, the event's for a search). */
export async function queuedOrderId(deps: Pick<Deps, 'db'>, s: Seeded, memberRequirementId: string) {
  if (s.story.type === 'background-check') {
    const [consent] = await deps.db
      .select({ data: requirementSubmissions.data })
      .from(requirementSubmissions)
      .where(
        and(
          eq(requirementSubmissions.memberRequirementId, memberRequirementId),
          eq(requirementSubmissions.kind, 'background-check-consent'),
          isNull(requirementSubmissions.supersededAt),
        ),
      );
    return (consent?.data as { orderId?: string } | undefined)?.orderId;
  }
  const [event] = await deps.db
    .select({ orderId: sql<string | null>`${requirementEvents.data}->>'orderId'` })
    .from(requirementEvents)
    .where(
      and(
        eq(requirementEvents.memberRequirementId, memberRequirementId),
        eq(requirementEvents.action, 'begin-sex-offender-search'),
      ),
    )
    .orderBy(desc(requirementEvents.createdAt))
    .limit(1);
  return event?.orderId ?? undefined;
}
