import { eq } from 'drizzle-orm';
import type {
  AbusePreventionTraining,
  TrainingCourses,
  TrainingLaunch,
} from '@touchline/contracts/abuse-prevention-training';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { liveRootLevel } from '../../authz/live-queries.ts';
import { authorize, holdsAt } from '../../authz/rules.ts';
import type { Executor } from '../../db/client.ts';
import { profiles, trainingEnrollments } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { ErrorCode } from '@touchline/contracts/errors';
import { AppError, conflict, notFound } from '../../errors.ts';
import { VendorError } from '../../integrations/http/vendor-errors.ts';
import { enrollTrainingJob, refreshTrainingJob } from './abuse-prevention-training.sync.ts';
import { WaitingOn } from '../../requirement-core/engine/requirement-status.ts';
import {
  assertNotMetByShare,
  currentStatus,
  metByShareRefusal,
  recordChange,
} from '../../requirement-core/requirement-state.ts';
import { requireType } from '../requirements/requirement-files.service.ts';
import {
  liveRequirementFiles,
  loadRequirement,
  lockRequirementForSystem,
  presentRequirementFile,
  type LoadedRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';

type EnrollmentRow = typeof trainingEnrollments.$inferSelect;
type TrainingDeps = Pick<Deps, 'db' | 'integrations' | 'jobs'>;

/** Statuses from which the member may start the course (not while it is open, reviewed or done and valid). */
const startable = new Set<RequirementStatus>([
  RequirementStatus.Incomplete,
  RequirementStatus.Overdue,
  RequirementStatus.Expired,
  RequirementStatus.ExpiringSoon,
]);

/** How often the requirement page's reads may prompt a re-read of an open course (the webhook's fallback). */
const pollEveryMs = 15_000;

const enrollmentOf = async (tx: Executor, memberRequirementId: string) =>
  (
    await tx
      .select()
      .from(trainingEnrollments)
      .where(eq(trainingEnrollments.memberRequirementId, memberRequirementId))
  )[0];

function mayTake(loaded: LoadedRequirement, _row: EnrollmentRow | undefined): boolean {
  // A course finished before is taken again once its completion runs out (or is about to, or a manager reopened
  // the requirement): the provider resets it and a new completion is required (ADR 032's refresher).
  // Not while a training shared from another organization meets it (ADR 049).
  if (loaded.sharedStanding) return false;
  return startable.has(currentStatus(loaded.requirement, loaded.definition.expiringSoonDays));
}

/**
 * The annual refresher: the course finished before is taken again on the same enrolment row. The row goes back to
 * enrolling with the earlier completion as the one a new completion must come after (`retakeAfter`), and the
 * enrolment job (keyed by the attempt, so a double click is one job) resets the course at the provider. A clearance
 * still in force (ExpiringSoon) stays until the new completion replaces it.
 */
async function retakeTraining(
  deps: Pick<Deps, 'jobs'>,
  tx: Executor,
  loaded: LoadedRequirement,
  existing: EnrollmentRow,
): Promise<EnrollmentRow> {
  const now = new Date();
  const [row] = await tx
    .update(trainingEnrollments)
    .set({
      state: 'enrolling',
      percent: 0,
      completedAt: null,
      // The earlier certificate's id stays until the new completion: the sync tells the two apart by it.
      certificateFileId: null,
      retakeAfter: existing.completedAt ?? now,
      attempt: existing.attempt + 1,
      checkedAt: null,
      updatedAt: now,
    })
    .where(eq(trainingEnrollments.id, existing.id))
    .returning();
  const stillValid =
    currentStatus(loaded.requirement, loaded.definition.expiringSoonDays) === RequirementStatus.ExpiringSoon;
  await recordChange(tx, loaded, {
    action: 'abuse-prevention-take-training',
    ...(stillValid
      ? {}
      : {
          facts: {
            waitingOn: WaitingOn.Applicant,
            pendingReview: false,
            reviewOutcome: null,
            rejectedAt: null,
          },
        }),
    data: {
      provider: row!.provider,
      sandbox: row!.sandbox,
      courseId: row!.courseId,
      enrollmentId: row!.id,
      retake: row!.attempt,
      after: row!.retakeAfter!.toISOString(),
    },
  });
  await deps.jobs.enqueue(
    tx,
    enrollTrainingJob,
    { enrollmentId: row!.id },
    { key: `${row!.id}:${row!.attempt}` },
  );
  return row!;
}

async function view(
  deps: TrainingDeps,
  tx: Executor,
  loaded: LoadedRequirement,
  row: EnrollmentRow | undefined,
): Promise<AbusePreventionTraining> {
  const requirement = loaded.requirement;
  const files = await liveRequirementFiles(tx, requirement.organizationId, requirement.id);
  const certificate =
    files.find((f) => f.id === row?.certificateFileId) ??
    files.filter((f) => f.role === 'certificate').at(-1);
  const port = deps.integrations.training;
  return {
    memberRequirementId: requirement.id,
    definitionId: requirement.definitionId,
    name: loaded.definition.name,
    status: currentStatus(requirement, loaded.definition.expiringSoonDays),
    provider: row?.provider ?? port?.provider ?? null,
    sandbox: row?.sandbox ?? port?.sandbox ?? false,
    state: row?.state ?? 'not_enrolled',
    percent: row?.percent ?? 0,
    enrolledAt: row?.enrolledAt?.toISOString() ?? null,
    completedAt: requirement.completedAt?.toISOString() ?? null,
    expiresAt: requirement.expiresAt,
    certificate: certificate ? presentRequirementFile(certificate) : null,
    mayTake: port !== null && mayTake(loaded, row),
  };
}

/**
 * GET {id}/abuse-prevention-training-by-id?plaId (view: the member or a manager): the requirement and the course at
 * the provider. While the course is open, a read now and then queues a re-read from the provider (keyed by the
 * time window, so a page polling every few seconds queues one), the fallback for a webhook that never came.
 */
export function abusePreventionTrainingById(
  deps: TrainingDeps,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<AbusePreventionTraining> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, ref, 'view');
    requireType(loaded, RequirementType.AbusePreventionTraining);
    const row = await enrollmentOf(tx, loaded.requirement.id);
    if (row?.learnerId && row.state !== 'completed' && deps.integrations.training) {
      const window = Math.floor(Date.now() / pollEveryMs);
      await deps.jobs.enqueue(
        tx,
        refreshTrainingJob,
        { enrollmentId: row.id },
        { key: `${row.id}:${window}` },
      );
    }
    return view(deps, tx, loaded, row);
  });
}

/**
 * Starts the course for a member whose requirement is loaded and locked in the caller's transaction: the enrolment
 * row, the requirement waiting on the member (in progress) and the enrolment job in the outbox, keyed by the row.
 * Taking the training calls it; so will paying for it (the billing issue), after the payment, in its transaction.
 * Idempotent: a course already started is left as it is.
 */
export async function startTrainingForMember(
  deps: Pick<Deps, 'integrations' | 'jobs'>,
  tx: Executor,
  loaded: LoadedRequirement,
): Promise<EnrollmentRow> {
  requireType(loaded, RequirementType.AbusePreventionTraining);
  assertNotMetByShare(loaded);
  const port = deps.integrations.training;
  if (!port) throw conflict('Online training is not set up in this deployment: upload a certificate instead');
  const existing = await enrollmentOf(tx, loaded.requirement.id);
  if (existing && existing.state !== 'completed') {
    // The course is still open at the provider (a manager may have reopened the requirement meanwhile): in progress.
    if (startable.has(currentStatus(loaded.requirement, loaded.definition.expiringSoonDays)))
      await recordChange(tx, loaded, {
        action: 'abuse-prevention-take-training',
        facts: {
          waitingOn: WaitingOn.Applicant,
          pendingReview: false,
          reviewOutcome: null,
          rejectedAt: null,
        },
        data: {
          provider: existing.provider,
          sandbox: existing.sandbox,
          enrollmentId: existing.id,
          resumed: true,
        },
      });
    return existing;
  }
  if (!mayTake(loaded, existing))
    throw conflict('This training is already complete or awaiting review; there is nothing to take now');
  if (existing) return retakeTraining(deps, tx, loaded, existing);
  const [profile] = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, loaded.requirement.profileId));
  if (!profile?.email)
    throw conflict('The course provider needs an e-mail address: add one to the member’s profile first');
  const courseId =
    typeof loaded.definition.content.courseId === 'string' && loaded.definition.content.courseId
      ? loaded.definition.content.courseId
      : port.defaultCourseId;
  const [row] = await tx
    .insert(trainingEnrollments)
    .values({
      organizationId: loaded.requirement.organizationId,
      memberRequirementId: loaded.requirement.id,
      provider: port.provider,
      sandbox: port.sandbox,
      courseId,
      state: 'enrolling',
    })
    .returning();
  await recordChange(tx, loaded, {
    action: 'abuse-prevention-take-training',
    facts: { waitingOn: WaitingOn.Applicant, pendingReview: false, reviewOutcome: null, rejectedAt: null },
    data: { provider: port.provider, sandbox: port.sandbox, courseId, enrollmentId: row!.id },
  });
  await deps.jobs.enqueue(tx, enrollTrainingJob, { enrollmentId: row!.id }, { key: row!.id });
  return row!;
}

/** POST {id}/abuse-prevention-take-training?plaId (begin: the member): enrols them through the outbox. */
export function takeAbusePreventionTraining(
  deps: TrainingDeps,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<AbusePreventionTraining> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, ref, 'begin', { lock: true });
    const row = await startTrainingForMember(deps, tx, loaded);
    return view(deps, tx, loaded, row);
  });
}

/**
 * GET {id}/get-training-url?plaId&returnPath (begin: the member): a fresh one-time link that signs the member into
 * the course, sending them back to `returnPath` on this site when they finish. 409 until the enrolment is made.
 */
export async function trainingLaunchUrl(
  deps: Pick<Deps, 'db' | 'integrations' | 'appUrl'>,
  ctx: RequestContext,
  ref: RequirementRef & { returnPath?: string },
): Promise<TrainingLaunch> {
  const loaded = await loadRequirement(deps.db, ctx, ref, 'begin');
  requireType(loaded, RequirementType.AbusePreventionTraining);
  assertNotMetByShare(loaded);
  const port = deps.integrations.training;
  if (!port) throw conflict('Online training is not set up in this deployment');
  const row = await enrollmentOf(deps.db, loaded.requirement.id);
  if (!row) throw conflict('Take the training first');
  if (!row.learnerId) throw conflict('The course is being set up at the provider: try again in a moment');
  if (row.provider !== port.provider)
    throw conflict('This course is at a provider this deployment no longer uses');
  const returnUrl = ref.returnPath ? `${deps.appUrl}${ref.returnPath}` : null;
  try {
    const url = await port.launchUrl({ learnerId: row.learnerId, courseId: row.courseId }, returnUrl, {
      correlationId: ctx.requestId,
    });
    return { url, sandbox: port.sandbox };
  } catch (error) {
    // The provider's failure is the member's to retry, said plainly (503), never an internal error of ours.
    if (error instanceof VendorError)
      throw new AppError(
        ErrorCode.ServiceUnavailable,
        'The course provider could not open the course right now. Try again in a minute.',
        { headers: { 'retry-after': '60' } },
      );
    throw error;
  }
}

/**
 * Whether the course can be started for this member now, and if not why (a sentence for a 409): the provider is set
 * up, and the requirement is open with no course already finished. A course already open counts as startable.
 */
export async function trainingStartRefusal(
  deps: Pick<Deps, 'integrations'>,
  tx: Executor,
  loaded: LoadedRequirement,
): Promise<string | null> {
  if (!deps.integrations.training)
    return 'Online training is not set up in this deployment: upload a certificate instead';
  const shared = metByShareRefusal(loaded);
  if (shared) return shared;
  const row = await enrollmentOf(tx, loaded.requirement.id);
  if (row && row.state !== 'completed') return null;
  return mayTake(loaded, row)
    ? null
    : 'This training is already complete or awaiting review; there is nothing to take now';
}

/**
 * The paid work of abuse-prevention training (ADR 031's PaidWorkStarter): once the member's payment is recorded,
 * enrols them in the course in the same transaction; a course that can no longer start is refunded.
 */
export async function startPaidTraining(
  deps: Pick<Deps, 'integrations' | 'jobs'>,
  tx: Executor,
  input: { organizationId: string; memberRequirementId: string; actor: LoadedRequirement['actor'] },
): Promise<'started' | 'waiting' | 'cannot-start'> {
  const loaded = await lockRequirementForSystem(tx, input.organizationId, input.memberRequirementId);
  if (!loaded || loaded.definition.type !== RequirementType.AbusePreventionTraining) return 'cannot-start';
  if (await trainingStartRefusal(deps, tx, loaded)) return 'cannot-start';
  await startTrainingForMember(deps, tx, { ...loaded, actor: input.actor });
  return 'started';
}

/**
 * GET /api/app/organization/{id}/training-courses (ours, ADR 032): the provider's courses, for the content editor's
 * course picker of a training definition. Administrators of the organization (who edit the content library); another
 * organization's id is 404; no provider configured is 409; a provider that fails is 503 in plain words.
 */
export async function trainingCourses(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  input: { organizationId: string },
): Promise<TrainingCourses> {
  const { organizationId } = input;
  const root =
    organizationId === ctx.organizationId ? await liveRootLevel(deps.db, organizationId) : undefined;
  if (!root) throw notFound('Organization');
  authorize(holdsAt(ctx, 'adminLevel', root.path), 'Only administrators choose the training course');
  const port = deps.integrations.training;
  if (!port) throw conflict('Online training is not set up in this deployment');
  try {
    const courses = await port.listCourses({ correlationId: ctx.requestId });
    return { provider: port.provider, sandbox: port.sandbox, defaultCourseId: port.defaultCourseId, courses };
  } catch (error) {
    if (error instanceof VendorError)
      throw new AppError(
        ErrorCode.ServiceUnavailable,
        'The course provider’s course list could not be read right now. Try again in a minute.',
      );
    throw error;
  }
}
