import { eq } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import {
  nsopwUrl,
  type SexOffenderMatch,
  type SexOffenderSearchView,
} from '@touchline/contracts/sex-offender-search';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { jobIdFor } from '../../jobs/queue.ts';
import { loadForReview } from '../reviews/reviews.service.ts';
import {
  adverseActionOf,
  disputeThread,
  reviewerAdverseView,
} from '../background-checks/background-check-adverse.ts';
import { WaitingOn } from '../../requirement-core/engine/requirement-status.ts';
import { requireType } from '../requirements/requirement-files.service.ts';
import { currentStatus, recordChange } from '../../requirement-core/requirement-state.ts';
import {
  loadRequirement,
  type LoadedRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';
import { orderSexOffenderSearchJob } from './sex-offender-search.jobs.ts';
import {
  isScreeningSandbox,
  latestScreeningOrder,
  mayStartScreening,
} from '../../requirement-core/screening-order-state.ts';

import { sexOffenderContentOf } from './sex-offender-content.ts';
import { monitoringView } from './sex-offender-monitoring.view.ts';

export { sexOffenderContentOf };

async function dateOfBirthOf(tx: Executor, profileId: string): Promise<string | null> {
  const [row] = await tx
    .select({ dateOfBirth: profiles.dateOfBirth })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.dateOfBirth ?? null;
}

/** The member's page of the search, in the caller's transaction (the monitoring calls answer it too). */
export async function sexOffenderView(
  deps: Pick<Deps, 'integrations'>,
  tx: Executor,
  loaded: LoadedRequirement,
): Promise<SexOffenderSearchView> {
  const content = sexOffenderContentOf(loaded.definition.content);
  const dateOfBirth = await dateOfBirthOf(tx, loaded.requirement.profileId);
  const order = await latestScreeningOrder(tx, loaded.requirement.id);
  const status = currentStatus(loaded.requirement, loaded.definition.expiringSoonDays);
  const applyUrl = order?.status === 'awaiting_candidate' ? order.applyUrl : null;
  const requested = loaded.requirement.waitingOn !== null;
  const adverse = await adverseActionOf(tx, loaded);
  const showAdverse =
    adverse?.stage === 'final-adverse' ||
    (adverse?.stage === 'pre-adverse' && status === RequirementStatus.PendingReview);
  let next: SexOffenderSearchView['next'] = 'none';
  if (applyUrl) next = 'continue-at-vendor';
  else if (mayStartScreening(loaded) && !requested) next = dateOfBirth ? 'begin' : 'set-birth-date';
  else if (requested || (order && ['in_progress', 'on_hold'].includes(order.status))) next = 'wait';
  return {
    memberRequirementId: loaded.requirement.id,
    definitionId: loaded.definition.id,
    name: loaded.definition.name,
    status,
    sandbox: isScreeningSandbox(deps),
    dateOfBirth,
    profileId: loaded.requirement.profileId,
    order: order
      ? {
          status: order.status,
          vendorStatus: order.vendorStatus,
          orderedAt: order.createdAt.toISOString(),
          completedAt: order.completedAt?.toISOString() ?? null,
        }
      : null,
    applyUrl,
    rerunEveryDays: content.rerunEveryDays,
    monitoring: await monitoringView(tx, loaded),
    adverseAction:
      adverse && showAdverse && adverse.stage !== 'withdrawn'
        ? {
            stage: adverse.stage,
            reason: adverse.reason,
            disputeUntil: adverse.disputeUntil,
            disputes: disputeThread(adverse),
          }
        : null,
    next,
  };
}

async function load(tx: Executor, ctx: RequestContext, ref: RequirementRef, action: 'view' | 'begin') {
  const loaded = await loadRequirement(tx, ctx, ref, action, { lock: action === 'begin' });
  requireType(loaded, RequirementType.SexOffenderSearch);
  return loaded;
}

/** GET {id}/sex-offender-search-by-id?plaId: the member's search, for the member (or guardian) or a manager. */
export function sexOffenderSearchById(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<SexOffenderSearchView> {
  return deps.db.transaction(async (tx) => sexOffenderView(deps, tx, await load(tx, ctx, ref, 'view')));
}

/**
 * POST {id}/begin-sex-offender-search?plaId: the member (or guardian) asks for the search. It needs the date of
 * birth (set-date-of-birth first). Under the requirement's row lock the requirement moves to WaitingOnProvider and
 * the order is enqueued in the same transaction, keyed by an order id derived from the requirement and the time
 * it was asked: a double submit finds the search under way and answers the same page (one job, one order).
 */
export function beginSexOffenderSearch(
  deps: Pick<Deps, 'db' | 'integrations' | 'jobs'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<SexOffenderSearchView> {
  return deps.db.transaction(async (tx) => {
    const loaded = await load(tx, ctx, ref, 'begin');
    if (loaded.requirement.waitingOn !== null) return sexOffenderView(deps, tx, loaded);
    if (!mayStartScreening(loaded)) throw conflict('A sex offender search is already under way or complete');
    if (!(await dateOfBirthOf(tx, loaded.requirement.profileId)))
      throw conflict('Enter the date of birth first: the registry search needs it');
    if (!deps.integrations.screening)
      throw conflict('Sex offender searches are not set up in this deployment');
    const requestedAt = new Date().toISOString();
    const orderId = jobIdFor(orderSexOffenderSearchJob.name, `${loaded.requirement.id}:${requestedAt}`);
    await recordChange(tx, loaded, {
      action: 'begin-sex-offender-search',
      facts: { waitingOn: WaitingOn.Provider, pendingReview: false, reviewOutcome: null, rejectedAt: null },
      data: { orderId },
    });
    await deps.jobs.enqueue(
      tx,
      orderSexOffenderSearchJob,
      { orderId, organizationId: ctx.organizationId, memberRequirementId: loaded.requirement.id },
      { key: orderId },
    );
    return sexOffenderView(deps, tx, loaded);
  });
}

/**
 * GET {id}/sex-offender-search-match/{plaId}: what a reviewer of the member's level compares (403 for anyone
 * else): the member's name and date of birth beside the registry records the search found, the public registry
 * (NSOPW) to confirm on and the vendor's report. Each view is audited, since it is a consumer report.
 */
export function sexOffenderSearchMatch(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<SexOffenderMatch> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadForReview(tx, ctx, ref);
    requireType(loaded, RequirementType.SexOffenderSearch);
    const order = await latestScreeningOrder(tx, loaded.requirement.id);
    if (!order) throw notFound('Sex offender search');
    await recordAuditEvent(tx, loaded.actor, {
      organizationId: ctx.organizationId,
      action: 'sex_offender_search.match_viewed',
      entityType: 'screening_order',
      entityId: order.id,
      data: { memberRequirementId: loaded.requirement.id, profileId: loaded.requirement.profileId },
    });
    return {
      member: {
        fullName: `${loaded.member.firstName} ${loaded.member.lastName}`,
        dateOfBirth: await dateOfBirthOf(tx, loaded.requirement.profileId),
      },
      records: order.registryRecords ?? [],
      nsopwUrl,
      vendor: order.vendor,
      // Every screening vendor the port speaks to is a consumer reporting agency (Yardstik, TazWorks' agencies).
      consumerReport: true,
      reportUrl: order.reportUrl,
      sandbox: isScreeningSandbox(deps),
      orderedAt: order.createdAt.toISOString(),
      completedAt: order.completedAt?.toISOString() ?? null,
      adverseAction: reviewerAdverseView(await adverseActionOf(tx, loaded)),
    };
  });
}
