import type { Deps, RequestContext } from '../../deps.ts';
import type {
  CompleteFormBody,
  CompleteWaiverBody,
  CompletedDateTimeBody,
  CompleteWithoutUploadBody,
  RequirementActionResult,
  TrainingUrl,
  VideoProgressBody,
  VideoProgressResult,
} from '@touchline/contracts/requirement-completion';
import { formAnswerProblems } from '@touchline/contracts/form-answers';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { invalid, notFound } from '../../errors.ts';
import { formVersionOf } from './form-version.ts';
import { requireType } from './requirement-files.service.ts';
import { signedName } from '../../requirement-core/typed-signature.ts';
import {
  actionResult,
  completedFacts,
  guardTransition,
  incompleteFacts,
  liveSubmission,
  recordChange,
  replaceSubmission,
  updateLiveSubmission,
} from '../../requirement-core/requirement-state.ts';
import {
  liveRequirementFiles,
  loadRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';
import { addReport, progressEventDue, watchedPercent, type Interval } from './video-progress.ts';

/** POST {id}/complete-form?plaId: answers checked against the saved version they were given for, then complete. */
export function completeForm(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { body: CompleteFormBody },
): Promise<RequirementActionResult> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'complete', { lock: true });
    requireType(loaded, RequirementType.Form);
    guardTransition(loaded, 'complete');
    const version = await formVersionOf(tx, ctx.organizationId, input.definitionId, input.body.formVersionId);
    if (!version)
      throw invalid([{ field: 'formVersionId', in: 'body', message: 'This is not a version of this form' }]);
    const files = await liveRequirementFiles(tx, ctx.organizationId, loaded.requirement.id);
    const byField = new Map<string, Set<string>>();
    for (const f of files.filter((file) => file.role.startsWith('form-attachment:'))) {
      const fieldId = f.role.slice('form-attachment:'.length);
      byField.set(fieldId, (byField.get(fieldId) ?? new Set()).add(f.id));
    }
    const problems = formAnswerProblems(version.fields, input.body.answers, byField).map((p) => ({
      field: `answers.${p.fieldId}`,
      in: 'body' as const,
      message: p.message,
    }));
    if (problems.length > 0) throw invalid(problems, 'Some answers need attention');
    const data = { formVersionId: version.id, version: version.version, answers: input.body.answers };
    await replaceSubmission(tx, loaded, 'form', data);
    const facts = completedFacts(loaded, new Date());
    await recordChange(tx, loaded, {
      action: 'complete-form',
      transition: 'complete',
      facts,
      data: { formVersionId: version.id },
    });
    return actionResult(tx, loaded);
  });
}

/**
 * POST {id}/complete-waiver?plaId: the typed name must be the member's full name (case and spacing ignored). The
 * waiver text is kept with the signature, the IP address and the time, so a later edit never changes what was signed.
 */
export function completeWaiver(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { body: CompleteWaiverBody; ipAddress: string | null },
): Promise<RequirementActionResult> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'accept', { lock: true });
    requireType(loaded, RequirementType.Waiver);
    guardTransition(loaded, 'complete');
    const typedName = signedName(loaded, input.body.typedName);
    const signedAt = new Date();
    const text = typeof loaded.definition.content.text === 'string' ? loaded.definition.content.text : '';
    const data = {
      typedName,
      agreed: true,
      ipAddress: input.ipAddress,
      signedAt: signedAt.toISOString(),
      signedByUserId: ctx.userId,
      waiverName: loaded.definition.name,
      waiverText: text,
      memberName: `${loaded.member.firstName} ${loaded.member.lastName}`,
    };
    await replaceSubmission(tx, loaded, 'waiver-signature', data);
    const facts = completedFacts(loaded, signedAt);
    await recordChange(tx, loaded, {
      action: 'complete-waiver',
      transition: 'complete',
      facts,
      data: { ipAddress: input.ipAddress, typedName: data.typedName },
    });
    return actionResult(tx, loaded);
  });
}

type VideoState = { intervals: Interval[]; duration: number; lastReportAt: string };

/**
 * POST {id}/complete-video?plaId: merges the stretches the player reports with earlier ones, capped by the
 * server's clock since the last report; only the share watched in order from the start counts, so seeking ahead
 * adds nothing. Completes once that share reaches the definition's requiredWatchedPercent. Reports arrive every
 * few seconds: the progress is kept in one live submission, and an event is recorded only for the first report,
 * each new 10% step and the completion.
 */
export function completeVideo(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { body: VideoProgressBody },
): Promise<VideoProgressResult> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'watch', { lock: true });
    requireType(loaded, RequirementType.Video);
    guardTransition(loaded, 'complete');
    const now = new Date();
    const previous = (await liveSubmission(tx, loaded, 'video-progress'))?.data as VideoState | undefined;
    const elapsed = previous ? (now.getTime() - Date.parse(previous.lastReportAt)) / 1000 : 0;
    const duration = input.body.duration;
    const intervals = addReport(previous?.intervals ?? [], input.body.intervals, duration, elapsed);
    const percent = watchedPercent(intervals, duration);
    const raw = loaded.definition.content.requiredWatchedPercent;
    const required = typeof raw === 'number' ? raw : 90;
    const state: VideoState = { intervals, duration, lastReportAt: now.toISOString() };
    await updateLiveSubmission(tx, loaded, 'video-progress', state);
    const done = percent >= required;
    const before = previous ? watchedPercent(previous.intervals, previous.duration) : null;
    if (done)
      await recordChange(tx, loaded, {
        action: 'complete-video',
        transition: 'complete',
        facts: completedFacts(loaded, now),
        data: { watchedPercent: percent },
      });
    else if (progressEventDue(before, percent))
      await recordChange(tx, loaded, { action: 'video-progress', data: { watchedPercent: percent } });
    const result = await actionResult(tx, loaded);
    const watchedSeconds = (percent / 100) * duration;
    return {
      ...result,
      watchedSeconds,
      watchedPercent: percent,
      requiredWatchedPercent: required,
      intervals,
    };
  });
}

/**
 * POST {id}/take-custom-training?plaId: records that the member opened the training and returns its link. A
 * training that needs no certificate is complete once opened; otherwise the certificate upload completes it.
 */
export function takeCustomTraining(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef,
): Promise<TrainingUrl> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'begin', { lock: true });
    requireType(loaded, RequirementType.CustomTraining);
    const url = loaded.definition.content.trainingUrl;
    if (typeof url !== 'string') throw notFound('Training link');
    const completes = loaded.definition.content.certificateRequired === false;
    if (completes) guardTransition(loaded, 'complete');
    await recordChange(tx, loaded, {
      action: 'take-custom-training',
      ...(completes ? { transition: 'complete' as const, facts: completedFacts(loaded, new Date()) } : {}),
      data: { url },
    });
    return { url };
  });
}

/** POST {id}/complete-without-upload/{plaId}: a manager marks it complete as of a date (no file, no review). */
export function completeWithoutUpload(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { body: CompleteWithoutUploadBody },
): Promise<RequirementActionResult> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'markComplete', { lock: true });
    const facts = completedFacts(loaded, new Date(`${input.body.date}T00:00:00.000Z`));
    await recordChange(tx, loaded, {
      action: 'complete-without-upload',
      transition: 'markComplete',
      facts,
      data: { date: input.body.date, ...(input.body.note ? { note: input.body.note } : {}) },
    });
    return actionResult(tx, loaded);
  });
}

/** POST {id}/mark-incomplete/{plaId}: a manager resets it; files and submissions stay as history. */
export function markIncomplete(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { note?: string | undefined },
): Promise<RequirementActionResult> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'markIncomplete', { lock: true });
    await recordChange(tx, loaded, {
      action: 'mark-incomplete',
      transition: 'markIncomplete',
      facts: incompleteFacts,
      ...(input.note ? { data: { note: input.note } } : {}),
    });
    return actionResult(tx, loaded);
  });
}

/** PATCH {id}/completed-date-time/{plaId}: a manager corrects the completion time; validity follows from it. */
export function setCompletedDateTime(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { body: CompletedDateTimeBody },
): Promise<RequirementActionResult> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'markComplete', { lock: true });
    const at = new Date(input.body.completedDateTime);
    const { completedAt, expiresAt } = completedFacts(loaded, at);
    const data = { from: loaded.requirement.completedAt?.toISOString() ?? null, to: at.toISOString() };
    await recordChange(tx, loaded, {
      action: 'completed-date-time',
      transition: 'setCompletedDate',
      facts: { completedAt, expiresAt },
      data,
    });
    return actionResult(tx, loaded);
  });
}
