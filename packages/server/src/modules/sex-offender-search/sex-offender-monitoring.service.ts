import { eq } from 'drizzle-orm';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { RequirementType } from '@touchline/contracts/requirement-types';
import {
  monitoringConsentText,
  type MonitoringConsentBody,
  type SexOffenderSearchView,
} from '@touchline/contracts/sex-offender-search';
import { requirementSubmissions } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict } from '../../errors.ts';
import { recordChange, replaceSubmission } from '../../requirement-core/requirement-state.ts';
import { loadRequirement, type RequirementRef } from '../../requirement-core/requirement-target.ts';
import { requireType } from '../requirements/requirement-files.service.ts';
import { requireCurrentText, signedName } from '../../requirement-core/typed-signature.ts';
import { sexOffenderContentOf } from './sex-offender-content.ts';
import {
  liveMonitoringConsent,
  monitorOf,
  monitoringConsentKind,
  queueMonitorEnrolment,
  queueMonitorUnenrolment,
} from './sex-offender-monitoring.jobs.ts';
import { clearedBySearch } from './sex-offender-monitoring.reconcile.ts';
import { sexOffenderView } from './sex-offender-search.service.ts';

type MonitoringDeps = Pick<Deps, 'db' | 'integrations' | 'jobs'>;

async function loadForConsent(
  tx: Parameters<typeof loadRequirement>[0],
  ctx: RequestContext,
  ref: RequirementRef,
) {
  // The member's own action (the spec's `begin` of type 6: the member or guardian), under the requirement's lock.
  const loaded = await loadRequirement(tx, ctx, ref, 'begin', { lock: true });
  requireType(loaded, RequirementType.SexOffenderSearch);
  if (!sexOffenderContentOf(loaded.definition.content).monitorContinuously)
    throw conflict('This sex offender search is not monitored continuously');
  return loaded;
}

/**
 * POST {id}/sex-offender-monitoring-consent?plaId (ours; the spec's `begin` of type 6): the member (or guardian)
 * reads the FCRA disclosure and authorization for ongoing registry searches, both shown in full, types their name
 * and gives their current address. Stored as a requirement submission with both texts, their version, the address,
 * IP address, user agent, signer and time (a newer consent supersedes, never deletes, the older), recorded in the
 * history; when the member's search has already come back clear, their enrolment is queued at once.
 */
export function recordMonitoringConsent(
  deps: MonitoringDeps,
  ctx: RequestContext,
  input: RequirementRef & { body: MonitoringConsentBody; ipAddress: string | null; userAgent: string | null },
): Promise<SexOffenderSearchView> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadForConsent(tx, ctx, input);
    if (loaded.requirement.reviewOutcome === ReviewOutcome.RejectedDisqualified)
      throw conflict('This sex offender search was rejected: ongoing searches cannot start');
    requireCurrentText(input.body.textVersion, monitoringConsentText.version);
    const typedName = signedName(loaded, input.body.typedName);
    await replaceSubmission(tx, loaded, monitoringConsentKind, {
      textVersion: monitoringConsentText.version,
      disclosure: monitoringConsentText.disclosure,
      authorization: monitoringConsentText.authorization,
      typedName,
      address: { ...input.body.address, state: input.body.address.state.toUpperCase() },
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      signedByUserId: ctx.userId,
      recordedAt: new Date().toISOString(),
    });
    await recordChange(tx, loaded, {
      action: 'record-monitoring-consent',
      data: { textVersion: monitoringConsentText.version, ipAddress: input.ipAddress },
    });
    if (await clearedBySearch(tx, loaded)) await queueMonitorEnrolment(deps.jobs, tx, loaded);
    return sexOffenderView(deps, tx, loaded);
  });
}

/**
 * POST {id}/withdraw-sex-offender-monitoring-consent?plaId (ours; `begin`): the member withdraws the ongoing
 * authorization. The consent is superseded (kept for the record), the monitor's unenrolment is queued, and the
 * search goes back to the definition's cadence re-run (each re-run authorized on the provider's page).
 */
export function withdrawMonitoringConsent(
  deps: MonitoringDeps,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<SexOffenderSearchView> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadForConsent(tx, ctx, ref);
    const consent = await liveMonitoringConsent(tx, loaded.requirement.id);
    if (!consent) throw conflict('There is no ongoing consent to withdraw');
    await tx
      .update(requirementSubmissions)
      .set({ supersededAt: new Date() })
      .where(eq(requirementSubmissions.id, consent.id));
    const monitor = await monitorOf(tx, loaded.requirement.id, true);
    const ending = monitor
      ? await queueMonitorUnenrolment(deps.jobs, tx, monitor, 'consent-withdrawn')
      : false;
    await recordChange(tx, loaded, {
      action: 'withdraw-monitoring-consent',
      data: { consentSubmissionId: consent.id, ...(ending ? { monitorId: monitor!.id } : {}) },
    });
    return sexOffenderView(deps, tx, loaded);
  });
}
