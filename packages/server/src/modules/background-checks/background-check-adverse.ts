import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type {
  AdverseActionBody,
  DisputeBody,
  DisputeReplyBody,
} from '@touchline/contracts/background-checks';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome, ReviewSource } from '@touchline/contracts/reviews';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { Executor } from '../../db/client.ts';
import { requirementDefinitions, screeningOrders } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict } from '../../errors.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/outbox.ts';
import { reviewsBackgroundChecksExternally } from './background-checks.service.ts';
import { externalReviewMessage, loadForReview } from '../reviews/reviews.service.ts';
import { requireType } from '../requirements/requirement-files.service.ts';
import { monitorOf, queueMonitorUnenrolment } from '../sex-offender-search/sex-offender-monitoring.jobs.ts';
import {
  finalAdverseNotice,
  noticeInput,
  preAdverseNotice,
  replyNotice,
} from './background-check-notices.ts';
import {
  currentStatus,
  incompleteFacts,
  liveSubmission,
  recordChange,
  replaceSubmission,
  updateLiveSubmission,
} from '../../requirement-core/requirement-state.ts';
import {
  loadRequirement,
  lockRequirementForSystem,
  type LoadedRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';

/** Business days the member has to respond to a pre-adverse notice before the final notice (FCRA practice). */
export const disputeBusinessDays = 5;

/** `days` business days (Monday to Friday, UTC) after `from`, at the same time of day. Holidays are not skipped. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/** The submission kind the adverse-action record is kept under. */
export const adverseActionKind = 'background-check-adverse-action';
const kind = adverseActionKind;

/** The review source of a consumer report flagged by the vendor: a background check's, or a registry search's. */
function flaggedSourceOf(loaded: LoadedRequirement): ReviewSource {
  return loaded.target.type === RequirementType.SexOffenderSearch
    ? ReviewSource.SexOffenderSearch
    : ReviewSource.FlaggedBackgroundCheck;
}

/** Whether the definition a member call names is a sex offender search (its own member action is `begin`). */
async function isSexOffenderSearch(tx: Executor, ctx: RequestContext, ref: RequirementRef): Promise<boolean> {
  const [row] = await tx
    .select({ type: requirementDefinitions.type })
    .from(requirementDefinitions)
    .where(
      and(
        eq(requirementDefinitions.id, ref.definitionId),
        eq(requirementDefinitions.organizationId, ctx.organizationId),
      ),
    );
  return row?.type === RequirementType.SexOffenderSearch;
}

import type { AdverseActionData } from './background-check-notices.ts';
export type { AdverseActionData };

/** The summary of rights under the FCRA, as the notices carry it (the CFPB's form is linked for the full text). */
/** The adverse action recorded for a requirement, if any. */
export async function adverseActionOf(tx: Executor, loaded: LoadedRequirement) {
  return (await liveSubmission(tx, loaded, kind))?.data as AdverseActionData | undefined;
}

/**
 * POST {id}/background-check-adverse-action/{plaId}: a reviewer rejects a flagged check by starting the FCRA
 * adverse-action process instead of deciding at once: the pre-adverse notice (reason, the report, the summary of
 * rights) is e-mailed through the outbox, the requirement stays in review, and the final notice is scheduled five
 * business days later (the member may dispute meanwhile; a dispute holds the final notice for the reviewer).
 */
export function startAdverseAction(
  deps: Pick<Deps, 'db' | 'jobs' | 'appUrl'>,
  ctx: RequestContext,
  input: RequirementRef & { body: AdverseActionBody },
) {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadForReview(tx, ctx, input, { lock: true });
    requireType(loaded, RequirementType.BackgroundCheck, RequirementType.SexOffenderSearch);
    const status = currentStatus(loaded.requirement, loaded.definition.expiringSoonDays);
    if (
      status !== RequirementStatus.PendingReview ||
      loaded.requirement.reviewSource !== flaggedSourceOf(loaded)
    )
      throw conflict(
        loaded.target.type === RequirementType.SexOffenderSearch
          ? 'Only a possible registry match awaiting review can start adverse action'
          : 'Only a flagged background check awaiting review can start adverse action',
      );
    if (
      loaded.target.type === RequirementType.BackgroundCheck &&
      (await reviewsBackgroundChecksExternally(tx, ctx.organizationId))
    )
      throw conflict(externalReviewMessage);
    const existing = await adverseActionOf(tx, loaded);
    if (existing?.stage === 'pre-adverse') throw conflict('A pre-adverse notice was already sent');
    const [order] = await tx
      .select({ reportUrl: screeningOrders.reportUrl })
      .from(screeningOrders)
      .where(eq(screeningOrders.memberRequirementId, loaded.requirement.id))
      .orderBy(desc(screeningOrders.createdAt))
      .limit(1);
    const now = new Date();
    const data: AdverseActionData = {
      stage: 'pre-adverse',
      reason: input.body.reason,
      preNoticeAt: now.toISOString(),
      disputeUntil: addBusinessDays(now, disputeBusinessDays).toISOString(),
      reportUrl: order?.reportUrl ?? null,
      disputes: [],
    };
    await replaceSubmission(tx, loaded, kind, data);
    await recordChange(tx, loaded, {
      action: 'pre-adverse-notice',
      data: { reason: data.reason, disputeUntil: data.disputeUntil },
    });
    // A member in adverse action is no longer monitored (ADR 032): the evergreen consent was for a cleared member.
    const monitor =
      loaded.target.type === RequirementType.SexOffenderSearch
        ? await monitorOf(tx, loaded.requirement.id, true)
        : undefined;
    if (monitor) await queueMonitorUnenrolment(deps.jobs, tx, monitor, 'adverse-action');
    const notice = await noticeInput(tx, loaded, data);
    if (notice) await queueMail(deps.jobs, tx, [preAdverseNotice(deps.appUrl, notice)]);
    await deps.jobs.enqueue(
      tx,
      finalAdverseActionJob,
      { organizationId: ctx.organizationId, memberRequirementId: loaded.requirement.id },
      { key: `${loaded.requirement.id}:${data.preNoticeAt}`, startAfter: new Date(data.disputeUntil) },
    );
    return { stage: data.stage, disputeUntil: data.disputeUntil };
  });
}

/**
 * POST {id}/background-check-dispute?plaId: the member answers a pre-adverse notice before its deadline; the
 * message joins the adverse action's thread and the requirement's history, and holds the final notice until a
 * reviewer decides (approve clears; the review's own rejection disqualifies).
 */
export function disputeBackgroundCheck(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  input: RequirementRef & { body: DisputeBody },
) {
  return deps.db.transaction(async (tx) => {
    // The member's own act on their consumer report: `run` of a background check, `begin` of a registry search.
    const action = (await isSexOffenderSearch(tx, ctx, input)) ? 'begin' : 'run';
    const loaded = await loadRequirement(tx, ctx, input, action, { lock: true });
    requireType(loaded, RequirementType.BackgroundCheck, RequirementType.SexOffenderSearch);
    const data = await adverseActionOf(tx, loaded);
    if (data?.stage !== 'pre-adverse') throw conflict('There is no pre-adverse notice to respond to');
    const now = new Date();
    if (now > new Date(data.disputeUntil)) throw conflict('The time to respond to this notice has ended');
    const next: AdverseActionData = {
      ...data,
      disputes: [
        ...data.disputes,
        { at: now.toISOString(), message: input.body.message, byUserId: ctx.userId, from: 'member' },
      ],
    };
    await updateLiveSubmission(tx, loaded, kind, next);
    await recordChange(tx, loaded, {
      action: 'adverse-action-dispute',
      data: { message: input.body.message },
    });
    return { stage: next.stage, disputeUntil: next.disputeUntil, disputes: next.disputes.length };
  });
}

/** The thread as the member and the reviewer read it (older entries are the member's). */
export function disputeThread(data: AdverseActionData) {
  return data.disputes.map(({ at, message, from }) => ({ at, message, from: from ?? 'member' }));
}

/** The adverse-action process as a reviewer follows it (stage, reason, deadline, thread), or null. */
export function reviewerAdverseView(data: AdverseActionData | undefined) {
  return data
    ? {
        stage: data.stage,
        reason: data.reason,
        disputeUntil: data.disputeUntil,
        disputes: disputeThread(data),
      }
    : null;
}

/**
 * POST {id}/background-check-dispute-reply/{plaId}: a reviewer answers the member's dispute (as the organization,
 * or relaying the consumer reporting agency's reinvestigation): the reply joins the thread and the history and is
 * e-mailed through the outbox. Only while the pre-adverse notice stands and the member has disputed.
 */
export function replyToDispute(
  deps: Pick<Deps, 'db' | 'jobs' | 'appUrl'>,
  ctx: RequestContext,
  input: RequirementRef & { body: DisputeReplyBody },
) {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadForReview(tx, ctx, input, { lock: true });
    requireType(loaded, RequirementType.BackgroundCheck, RequirementType.SexOffenderSearch);
    const data = await adverseActionOf(tx, loaded);
    if (data?.stage !== 'pre-adverse' || data.disputes.length === 0)
      throw conflict('There is no dispute to reply to');
    const now = new Date();
    const next: AdverseActionData = {
      ...data,
      disputes: [
        ...data.disputes,
        { at: now.toISOString(), message: input.body.message, byUserId: ctx.userId, from: input.body.from },
      ],
    };
    await updateLiveSubmission(tx, loaded, kind, next);
    await recordChange(tx, loaded, {
      action: 'adverse-action-dispute-reply',
      data: { message: input.body.message, from: input.body.from },
    });
    const notice = await noticeInput(tx, loaded, data);
    if (notice) await queueMail(deps.jobs, tx, [replyNotice(deps.appUrl, notice, input.body)]);
    return { stage: next.stage, disputeUntil: next.disputeUntil, disputes: next.disputes.length };
  });
}

/**
 * Sends the final adverse notice once the dispute window has passed, if the check is still in review with an
 * undisputed pre-adverse notice: the requirement becomes Rejected (disqualified) and the notice is e-mailed in the
 * same transaction. Anything else (approved meanwhile, disputed, reset) leaves it alone. Idempotent.
 */
export async function finalizeAdverseAction(
  deps: Pick<JobDeps, 'db' | 'jobs' | 'appUrl'>,
  input: { organizationId: string; memberRequirementId: string },
  now: Date,
): Promise<'sent' | 'not-due' | 'skipped'> {
  return deps.db.transaction(async (tx) => {
    const loaded = await lockRequirementForSystem(tx, input.organizationId, input.memberRequirementId);
    if (!loaded) return 'skipped';
    const data = await adverseActionOf(tx, loaded);
    if (data?.stage !== 'pre-adverse' || data.disputes.some((d) => (d.from ?? 'member') === 'member'))
      return 'skipped';
    if (
      currentStatus(loaded.requirement, loaded.definition.expiringSoonDays) !==
      RequirementStatus.PendingReview
    )
      return 'skipped';
    if (now < new Date(data.disputeUntil)) return 'not-due';
    const next: AdverseActionData = { ...data, stage: 'final-adverse', finalNoticeAt: now.toISOString() };
    await updateLiveSubmission(tx, loaded, kind, next);
    await recordChange(tx, loaded, {
      action: 'final-adverse-notice',
      facts: {
        ...incompleteFacts,
        reviewOutcome: ReviewOutcome.RejectedDisqualified,
        reviewSource: flaggedSourceOf(loaded),
        rejectedAt: now,
      },
      data: { reason: data.reason },
    });
    const notice = await noticeInput(tx, loaded, data);
    if (notice) await queueMail(deps.jobs, tx, [finalAdverseNotice(deps.appUrl, notice)]);
    return 'sent';
  });
}

/** The final notice, scheduled by the pre-adverse step for the end of the dispute window. */
export const finalAdverseActionJob = defineJob({
  name: 'background-check.final-adverse-notice',
  payload: z.object({ organizationId: z.uuid(), memberRequirementId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 60, maxDelaySeconds: 3600 },
  run: (deps, payload) => finalizeAdverseAction(deps, payload, new Date()),
});
