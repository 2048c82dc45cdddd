import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome, ReviewSource } from '@touchline/contracts/reviews';
import {
  usSoccerContentSchema,
  type HeldLicense,
  type MemberUsSoccerLicenses,
  type UsSoccerContent,
  type UsSoccerMatchState,
} from '@touchline/contracts/us-soccer';
import type { Executor } from '../../db/client.ts';
import {
  hierarchyLevels,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
  usSoccerLicenseChecks,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { dayOf } from '../../requirement-core/engine/calendar.ts';
import { recordChange, type FactsPatch } from '../../requirement-core/requirement-state.ts';
import {
  loadRequirement,
  type LoadedRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';
import { requireType } from '../requirements/requirement-files.service.ts';
import {
  heldLicenses,
  lapsedLicense,
  matchHolder,
  requiredGrade,
  satisfyingLicense,
} from './us-soccer-match.ts';

/** A definition's US Soccer content, its defaults filled in (content saved before the schema had them). */
export function usSoccerContentOf(content: Record<string, unknown>): UsSoccerContent {
  const parsed = usSoccerContentSchema.safeParse(content);
  return parsed.success ? parsed.data : usSoccerContentSchema.parse({});
}

const midnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

type Current = Pick<
  LoadedRequirement['requirement'],
  'completedAt' | 'expiresAt' | 'pendingReview' | 'reviewOutcome'
>;

/**
 * The facts a lookup sets (ADR 032), or null when they already hold: a satisfying license of the same person
 * completes it until the license's own expiry; of a record whose name does not match, it goes to a reviewer
 * (an approval then sticks while the license does); a lapsed one leaves it Expired; none leaves it Incomplete.
 * A disqualification is a reviewer's and is never undone by a lookup.
 */
export function licenseFacts(
  current: Current,
  match: UsSoccerMatchState,
  satisfied: HeldLicense | null,
  lapsed: HeldLicense | null,
  now: Date,
): FactsPatch | null {
  if (current.reviewOutcome === ReviewOutcome.RejectedDisqualified) return null;
  const done = (license: HeldLicense, review: boolean): FactsPatch => ({
    completedAt: license.issuedOn ? midnight(license.issuedOn) : now,
    expiresAt: license.expiresOn,
    pendingReview: review,
    reviewOutcome: review ? ReviewOutcome.Pending : null,
    reviewSource: review ? ReviewSource.ManualUpload : null,
    waitingOn: null,
    rejectedAt: null,
  });
  const sameCompletion = (license: HeldLicense) =>
    current.completedAt !== null && current.expiresAt === license.expiresOn;
  if (satisfied && match === 'matched') {
    if (!current.pendingReview && sameCompletion(satisfied)) return null;
    return done(satisfied, false);
  }
  if (satisfied && match === 'name_mismatch') {
    const approved = current.reviewOutcome === ReviewOutcome.Approved && !current.pendingReview;
    if (approved || current.pendingReview)
      return sameCompletion(satisfied) ? null : { expiresAt: satisfied.expiresOn };
    return done(satisfied, true);
  }
  if (lapsed) {
    if (!current.pendingReview && sameCompletion(lapsed)) return null;
    return done(lapsed, false);
  }
  if (current.completedAt === null && !current.pendingReview) return null;
  return {
    completedAt: null,
    expiresAt: null,
    pendingReview: false,
    reviewOutcome: null,
    reviewSource: null,
    waitingOn: null,
    rejectedAt: null,
  };
}

/** The requirement, its member and definition as the system reads them (no actor: a job, not a person). */
async function loadForCheck(tx: Executor, memberRequirementId: string, lock: boolean) {
  const query = tx
    .select({
      requirement: memberRequirements,
      definition: requirementDefinitions,
      profile: {
        id: profiles.id,
        guardianProfileId: profiles.guardianProfileId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        dateOfBirth: profiles.dateOfBirth,
        ussfId: profiles.ussfId,
      },
      levelPath: hierarchyLevels.path,
    })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.type, RequirementType.USSoccer),
        isNull(requirementDefinitions.deletedAt),
      ),
    )
    .innerJoin(profiles, and(eq(profiles.id, memberRequirements.profileId), isNull(profiles.deletedAt)))
    .leftJoin(profileLevelAccesses, eq(profileLevelAccesses.id, memberRequirements.profileLevelAccessId))
    .leftJoin(hierarchyLevels, eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId))
    .where(and(eq(memberRequirements.id, memberRequirementId), eq(memberRequirements.active, true)));
  const [row] = lock ? await query.for('update', { of: memberRequirements }) : await query;
  return row;
}

/** What a license check needs: the database, the license provider, a log. */
export type LicenseCheckDeps = Pick<JobDeps, 'db' | 'integrations' | 'log'>;

/**
 * Looks up the member's US Soccer id at the license provider and applies what it says (ADR 032): the lookup is
 * made outside any transaction, then the row is locked, the id re-read (a changed id is left to its own job), the
 * lookup stored and the requirement's facts written through recordChange. Safe to run again.
 */
export async function checkUsSoccerLicense(
  deps: LicenseCheckDeps,
  memberRequirementId: string,
  now: Date,
  correlationId?: string,
): Promise<{ outcome: 'checked' | 'skipped' | 'no-provider'; match?: UsSoccerMatchState; status?: number }> {
  const port = deps.integrations.licenses;
  if (!port) return { outcome: 'no-provider' };
  const before = await loadForCheck(deps.db, memberRequirementId, false);
  const ussfId = before?.profile.ussfId;
  if (!before || !ussfId) return { outcome: 'skipped' };
  const holder = await port.lookup(ussfId, { correlationId });
  const today = dayOf(now);
  const content = usSoccerContentOf(before.definition.content);
  const match = matchHolder(before.profile, holder);
  const licenses = heldLicenses(holder, today);
  const satisfied = match === 'not_found' ? null : satisfyingLicense(licenses, content);
  const lapsed = satisfied || match === 'not_found' ? null : lapsedLicense(licenses, content, today);

  return deps.db.transaction(async (tx) => {
    const row = await loadForCheck(tx, memberRequirementId, true);
    if (!row || row.profile.ussfId !== ussfId) return { outcome: 'skipped' as const };
    const check = {
      organizationId: row.requirement.organizationId,
      memberRequirementId,
      ussfId,
      provider: port.provider,
      sandbox: port.sandbox,
      match,
      recordName: holder ? `${holder.firstName} ${holder.lastName}` : null,
      recordDateOfBirth: holder?.dateOfBirth ?? null,
      licenses: licenses as unknown as Record<string, unknown>[],
      satisfiedCode: satisfied?.code ?? null,
      checkedAt: now,
      updatedAt: now,
    };
    await tx
      .insert(usSoccerLicenseChecks)
      .values(check)
      .onConflictDoUpdate({ target: usSoccerLicenseChecks.memberRequirementId, set: check });
    const loaded: LoadedRequirement = {
      target: {
        profileId: row.profile.id,
        guardianProfileId: row.profile.guardianProfileId,
        levelPath: row.levelPath ?? '',
        type: RequirementType.USSoccer,
      },
      requirement: row.requirement,
      definition: row.definition,
      member: { firstName: row.profile.firstName, lastName: row.profile.lastName },
      actor: { userId: null, profileId: null, requestId: correlationId ?? null },
    };
    const facts = licenseFacts(row.requirement, match, satisfied, lapsed, now);
    const written = facts
      ? await recordChange(tx, loaded, {
          action: 'us-soccer-license-check',
          facts,
          data: {
            provider: port.provider,
            sandbox: port.sandbox,
            match,
            satisfiedCode: satisfied?.code ?? null,
          },
        })
      : row.requirement;
    return { outcome: 'checked' as const, match, status: written.status };
  });
}

/** One lookup of one member requirement, queued (the outbox: it exists only if the caller's transaction commits). */
export const usSoccerCheckJob = defineJob({
  name: 'us-soccer-license-check',
  payload: z.object({ memberRequirementId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 3600 },
  run: (deps: JobDeps, payload, ctx) =>
    checkUsSoccerLicense(deps, payload.memberRequirementId, new Date(), ctx.jobId),
});

/**
 * Queues a lookup of every live US Soccer requirement of a profile, in the caller's transaction; `key` (the request
 * id) makes a retried request queue each once.
 */
export async function queueUsSoccerChecks(
  deps: Pick<Deps, 'jobs'>,
  tx: Executor,
  organizationId: string,
  profileId: string,
  key: string,
): Promise<number> {
  const rows = await tx
    .select({ id: memberRequirements.id })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.type, RequirementType.USSoccer),
        isNull(requirementDefinitions.deletedAt),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.profileId, profileId),
        eq(memberRequirements.active, true),
      ),
    );
  for (const { id } of rows)
    await deps.jobs.enqueue(tx, usSoccerCheckJob, { memberRequirementId: id }, { key: `${id}:${key}` });
  return rows.length;
}

const recheckPage = 500;

/**
 * The daily recheck (ADR 032): every live US Soccer requirement of a member with an id gets a lookup queued, keyed
 * by the day, so a license that lapsed, was renewed or was revoked shows on the requirement the next day.
 */
export async function queueUsSoccerRechecks(deps: Pick<JobDeps, 'db' | 'jobs'>, now: Date): Promise<number> {
  const day = dayOf(now);
  let afterId: string | null = null;
  let queued = 0;
  for (;;) {
    const page: { id: string }[] = await deps.db
      .select({ id: memberRequirements.id })
      .from(memberRequirements)
      .innerJoin(
        requirementDefinitions,
        and(
          eq(requirementDefinitions.id, memberRequirements.definitionId),
          eq(requirementDefinitions.type, RequirementType.USSoccer),
          isNull(requirementDefinitions.deletedAt),
        ),
      )
      .innerJoin(
        profiles,
        and(
          eq(profiles.id, memberRequirements.profileId),
          isNull(profiles.deletedAt),
          isNotNull(profiles.ussfId),
        ),
      )
      .where(
        and(
          eq(memberRequirements.active, true),
          afterId === null ? undefined : gt(memberRequirements.id, afterId),
        ),
      )
      .orderBy(asc(memberRequirements.id))
      .limit(recheckPage);
    if (page.length === 0) return queued;
    await deps.db.transaction(async (tx) => {
      for (const { id } of page)
        await deps.jobs.enqueue(tx, usSoccerCheckJob, { memberRequirementId: id }, { key: `${id}:${day}` });
    });
    queued += page.length;
    if (page.length < recheckPage) return queued;
    afterId = page.at(-1)!.id;
  }
}

/** The daily recheck as a cron job. */
export const usSoccerRecheckJob = defineJob({
  name: 'us-soccer-license-recheck',
  payload: z.object({}),
  cron: '20 3 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  run: (deps: JobDeps) => queueUsSoccerRechecks(deps, new Date()),
});

/**
 * GET /api/app/requirement/{id}/us-soccer-licenses?plaId (the "view licenses" action): the member's id, the last
 * lookup (provider named, a sandbox said to be one), which grade the definition asks for and which license meets it.
 */
export function memberUsSoccerLicenses(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<MemberUsSoccerLicenses> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, ref, 'viewLicenses');
    requireType(loaded, RequirementType.USSoccer);
    const [profile] = await tx
      .select({ ussfId: profiles.ussfId })
      .from(profiles)
      .where(eq(profiles.id, loaded.target.profileId));
    const [check] = await tx
      .select()
      .from(usSoccerLicenseChecks)
      .where(eq(usSoccerLicenseChecks.memberRequirementId, loaded.requirement.id));
    const content = usSoccerContentOf(loaded.definition.content);
    const licenses = (check?.licenses ?? []) as unknown as HeldLicense[];
    const current = check && check.ussfId === profile?.ussfId ? check : undefined;
    return {
      profileId: loaded.target.profileId,
      ussfId: profile?.ussfId ?? null,
      provider: current?.provider ?? null,
      sandbox: current?.sandbox ?? false,
      checkedAt: current?.checkedAt.toISOString() ?? null,
      match: current?.match ?? null,
      recordName: current?.recordName ?? null,
      requiredLicense: requiredGrade(content),
      discipline: requiredGrade(content)?.discipline ?? content.discipline,
      satisfiedBy: current
        ? (licenses.find((l) => l.code === current.satisfiedCode && l.active) ?? null)
        : null,
      licenses: current ? licenses : [],
      status: loaded.requirement.status as RequirementStatus,
    };
  });
}
