import { and, eq, isNull } from 'drizzle-orm';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { grantsOfProfile } from '../authz/actor-context.ts';
import { recordAuditEvent } from '../db/audit.ts';
import {
  auditEvents,
  contentAssignments,
  hierarchyLevels,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
} from '../db/schema/index.ts';
import type { Deps, RequestContext } from '../deps.ts';
import { setLevelEligibility } from '../modules/eligibility/eligibility.service.ts';
import { refreshMemberRequirements } from '../modules/requirements/requirements.service.ts';
import { reviewRequirement } from '../modules/reviews/reviews.service.ts';
import { submitAgeVerification } from '../modules/verification/age-verification.service.ts';
import { facePhoto } from '../modules/verification/face.samples.ts';
import {
  progressIdentityVerification,
  startIdentityVerification,
} from '../modules/verification/identity-verification.service.ts';
import { verificationConfig } from '../modules/verification/verification.config.ts';
import { birthCertificate } from '../modules/verification/verification.samples.ts';
import type { DemoAccountMaker } from './seed-demo-activity.ts';
import { demoEmailDomain, demoOrganizationName } from './seed-demo.ts';

/** The level the verification demo members play at. */
export const demoVerificationLevelName = 'Verified Players';
/**
 * The level's age group (ADR 039 "Eligibility"): U14, born in 2012. The verified players born in 2013 are flagged
 * "Plays up" and those born in 2011 "Over age" on the dashboard and their pages.
 */
export const demoVerificationAgeGroup = { ageGroupLabel: 'U14', bornInOrAfterYear: 2012 } as const;
/** Marks the verification demo as seeded, so it is seeded once. */
export const demoVerificationAuditAction = 'requirements.demo_verification_seeded';

type State =
  | 'Incomplete'
  | 'PendingVerification'
  | 'ClearedVerification'
  | 'PendingReview'
  | 'ClearedReview'
  | 'RejectedReview';
type Story = { type: 'age' | 'identity'; state: State };

/** Who is seeded into which verification state (issue 29: each state of both types). */
export const demoVerificationMembers: { firstName: string; lastName: string; story: Story }[] = [
  { firstName: 'Ava', lastName: 'Nolan', story: { type: 'age', state: 'Incomplete' } },
  { firstName: 'Ben', lastName: 'Ortiz', story: { type: 'age', state: 'ClearedVerification' } },
  { firstName: 'Cleo', lastName: 'Patel', story: { type: 'age', state: 'PendingReview' } },
  { firstName: 'Dev', lastName: 'Quinn', story: { type: 'age', state: 'ClearedReview' } },
  { firstName: 'Eli', lastName: 'Romero', story: { type: 'age', state: 'RejectedReview' } },
  { firstName: 'Faye', lastName: 'Stone', story: { type: 'identity', state: 'Incomplete' } },
  { firstName: 'Gus', lastName: 'Tran', story: { type: 'identity', state: 'PendingVerification' } },
  { firstName: 'Hana', lastName: 'Ueda', story: { type: 'identity', state: 'ClearedVerification' } },
  { firstName: 'Ivo', lastName: 'Vance', story: { type: 'identity', state: 'PendingReview' } },
  { firstName: 'Jo', lastName: 'Walsh', story: { type: 'identity', state: 'ClearedReview' } },
  { firstName: 'Kit', lastName: 'Young', story: { type: 'identity', state: 'RejectedReview' } },
];

const dob = (i: number) => `201${i % 6}-0${(i % 9) + 1}-1${i % 10}`;

async function demoTargets(deps: Pick<Deps, 'db'>) {
  const [org] = await deps.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), eq(organizations.name, demoOrganizationName)));
  if (!org) return null;
  const [seeded] = await deps.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.action, demoVerificationAuditAction)))
    .limit(1);
  if (seeded) return null;
  const [root] = await deps.db
    .select({ id: hierarchyLevels.id, path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(and(eq(hierarchyLevels.organizationId, org.id), isNull(hierarchyLevels.parentId)));
  const [player] = await deps.db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.organizationId, org.id), eq(labels.name, 'Player')));
  const [admin] = await deps.db
    .select({ userId: profiles.appUserId, profileId: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, org.id), eq(profiles.email, `admin${demoEmailDomain}`)));
  if (!root || !player || !admin?.userId) return null;
  return {
    organizationId: org.id,
    root,
    playerLabelId: player.id,
    admin: { userId: admin.userId, profileId: admin.profileId },
  };
}

/**
 * Gives the demo league players in each verification state of both types (issue 29), through the use cases: a
 * rendered birth certificate is read as any proof is, the identity flow runs against the Stripe sandbox's hosted
 * page (its outcome chosen as a person's photos would decide it), and reviewers' decisions are the review use case
 * as the demo administrator, who also gives the level its age group (so verified players are flagged "Plays up" or
 * "Over age"). Seeded once; null when there is no demo league, no administrator, or it was seeded.
 */
export async function seedDemoVerification(
  deps: Deps,
  makeAccount: DemoAccountMaker,
): Promise<{ members: number } | null> {
  const target = await demoTargets(deps);
  if (!target) return null;
  const { organizationId } = target;
  const config = verificationConfig();
  const levelId = crypto.randomUUID();
  const ids = await deps.db.transaction(async (tx) => {
    await tx.insert(hierarchyLevels).values({
      id: levelId,
      organizationId,
      parentId: target.root.id,
      name: demoVerificationLevelName,
      depth: 1,
      path: `${target.root.path}${levelId}/`,
      sortOrder: 10,
    });
    const define = async (values: typeof requirementDefinitions.$inferInsert) => {
      const [row] = await tx
        .insert(requirementDefinitions)
        .values(values)
        .returning({ id: requirementDefinitions.id });
      if (!row) throw new Error('demo definition was not created');
      await tx.insert(contentAssignments).values({
        organizationId,
        definitionId: row.id,
        hierarchyLevelId: levelId,
        labelId: target.playerLabelId,
      });
      return row.id;
    };
    return {
      age: await define({
        organizationId,
        type: RequirementType.AgeVerification,
        name: 'Proof of age',
        instructions: 'Upload a photo of a birth certificate, passport or ID.',
        content: { kind: 'Age' },
        sortOrder: 30,
      }),
      identity: await define({
        organizationId,
        type: RequirementType.IdentityVerification,
        name: 'Photo ID check',
        instructions: 'Verify your identity with your ID and a selfie.',
        content: {},
        sortOrder: 31,
      }),
    };
  });
  const reviewer: RequestContext = {
    requestId: 'seed-demo-verification',
    userId: target.admin.userId,
    profileId: target.admin.profileId,
    organizationId,
    grants: await grantsOfProfile(deps.db, organizationId, target.admin.profileId),
    platformAdmin: false,
  };
  // The age group, set as the league's administrator sets it: the flags come from the verified dates below.
  await setLevelEligibility(deps, reviewer, {
    id: levelId,
    ...demoVerificationAgeGroup,
    minGrade: null,
    maxGrade: null,
  });
  const face = await facePhoto();
  for (const [i, m] of demoVerificationMembers.entries()) {
    const email = `${m.firstName}.${m.lastName}.verified${i}${demoEmailDomain}`.toLowerCase();
    const [profile] = await deps.db
      .insert(profiles)
      .values({ organizationId, firstName: m.firstName, lastName: m.lastName, email })
      .returning({ id: profiles.id });
    if (!profile) throw new Error('demo profile was not created');
    const [access] = await deps.db
      .insert(profileLevelAccesses)
      .values({
        organizationId,
        profileId: profile.id,
        hierarchyLevelId: levelId,
        labelId: target.playerLabelId,
        groupMembershipStatus: ActiveStatus.Active,
        overallStatus: MemberOverallStatus.NotActivated,
      })
      .returning({ id: profileLevelAccesses.id });
    if (!access) throw new Error('demo access was not created');
    const userId = await makeAccount({
      profileId: profile.id,
      email,
      firstName: m.firstName,
      lastName: m.lastName,
    });
    await deps.db.update(profiles).set({ appUserId: userId }).where(eq(profiles.id, profile.id));
    await refreshMemberRequirements(deps.db, organizationId, { profileIds: [profile.id] });
    const ctx: RequestContext = {
      requestId: 'seed-demo-verification',
      userId,
      profileId: profile.id,
      organizationId,
      grants: await grantsOfProfile(deps.db, organizationId, profile.id),
      platformAdmin: false,
    };
    const born = dob(i);
    const decide = (definitionId: string, reviewDecision: 1 | 2, reviewNotes: string) =>
      reviewRequirement(deps, reviewer, {
        definitionId,
        plaId: access.id,
        body: { reviewDecision, reviewNotes },
      });
    if (m.story.state === 'Incomplete') continue;
    if (m.story.type === 'age') {
      const cleared = m.story.state === 'ClearedVerification';
      // A proof naming someone else (or another date) is what sends the others to review.
      const onProof = m.story.state === 'RejectedReview' ? { firstName: 'Pat', lastName: 'Other' } : m;
      const proof = await birthCertificate({
        firstName: onProof.firstName,
        lastName: onProof.lastName,
        dateOfBirth:
          cleared || m.story.state === 'RejectedReview'
            ? born
            : `${Number(born.slice(0, 4)) - 1}${born.slice(4)}`,
      });
      await submitAgeVerification(deps, ctx, config, {
        definitionId: ids.age,
        plaId: access.id,
        query: { plaId: access.id, proofType: 'BirthCertificate', dateOfBirth: born },
        read: async () => ({ bytes: proof, originalName: 'birth-certificate.png' }),
      });
      if (m.story.state === 'ClearedReview')
        await decide(
          ids.age,
          ReviewOutcome.Approved,
          'The year was mistyped on the form; the certificate is the member’s.',
        );
      if (m.story.state === 'RejectedReview')
        await decide(
          ids.age,
          ReviewOutcome.RejectedReset,
          'This certificate names someone else: upload your own.',
        );
      continue;
    }
    if (!deps.integrations.identity) continue;
    const ref = { definitionId: ids.identity, plaId: access.id };
    await startIdentityVerification(deps, ctx, {
      ...ref,
      query: { plaId: access.id, documentType: 'GovernmentIssuedId', dateOfBirth: born, consent: 'accepted' },
    });
    const afterPhoto = await progressIdentityVerification(deps, ctx, config, { ...ref, photo: face });
    if (m.story.state === 'PendingVerification' || !afterPhoto.vendorUrl) continue;
    const outcome: Record<string, string> =
      m.story.state === 'ClearedVerification'
        ? { outcome: 'verified', first_name: m.firstName, last_name: m.lastName, dob: born }
        : m.story.state === 'ClearedReview'
          ? {
              outcome: 'verified',
              first_name: m.firstName,
              last_name: m.lastName,
              dob: `${Number(born.slice(0, 4)) - 1}${born.slice(4)}`,
            }
          : { outcome: 'selfie_mismatch' };
    const res = await fetch(afterPhoto.vendorUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(outcome).toString(),
    });
    if (!res.ok) throw new Error(`the identity sandbox answered ${res.status}`);
    await progressIdentityVerification(deps, ctx, config, { ...ref, photo: null });
    if (m.story.state === 'ClearedReview')
      await decide(
        ids.identity,
        ReviewOutcome.Approved,
        'Checked the document by hand: the birth year differs by a typo.',
      );
    if (m.story.state === 'RejectedReview')
      await decide(
        ids.identity,
        ReviewOutcome.RejectedReset,
        'The selfie does not match the document: please try again in good light.',
      );
  }
  await recordAuditEvent(deps.db, reviewer, {
    organizationId,
    action: demoVerificationAuditAction,
    entityType: 'organization',
    entityId: organizationId,
    data: { members: demoVerificationMembers.length },
  });
  return { members: demoVerificationMembers.length };
}
