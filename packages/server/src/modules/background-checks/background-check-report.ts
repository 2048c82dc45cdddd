import { and, eq, inArray } from 'drizzle-orm';
import {
  agencyDisplayName,
  tazworksAgencyIds,
  type BackgroundCheckReport,
} from '@touchline/contracts/background-checks';
import type { Executor } from '../../db/client.ts';
import { backgroundCheckClientGrants } from '../../db/schema/index.ts';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { reviewsBackgroundChecksExternally } from './background-checks.service.ts';
import { loadForReview } from '../reviews/reviews.service.ts';
import { adverseActionOf, reviewerAdverseView } from './background-check-adverse.ts';
import { requireType } from '../requirements/requirement-files.service.ts';
import type { RequirementRef } from '../../requirement-core/requirement-target.ts';
import { isScreeningSandbox, latestScreeningOrder } from '../../requirement-core/screening-order-state.ts';

/** What each of our screening statuses tells a reviewer, in a sentence (the vendor's report has the details). */
const summaries: Record<string, string> = {
  awaiting_candidate: 'The member has not finished the vendor’s application yet.',
  in_progress: 'The vendor is researching the records.',
  on_hold: 'The vendor has paused the research (information requested from the member, or an exception).',
  needs_review:
    'The vendor found one or more records that may disqualify the member: read the report before deciding.',
  clear: 'The vendor found nothing disqualifying.',
  adverse_action_pending: 'A pre-adverse action notice was sent; the member may still respond.',
  adverse_action_final: 'The final adverse action notice was sent.',
  disputed: 'The member disputes the report; the vendor is reinvestigating.',
  canceled: 'The order was canceled.',
  expired: 'The invitation expired before the member applied.',
};

/**
 * GET {id}/background-check-report/{plaId}: the latest order's result for a reviewer of the member's level (403
 * for anyone else): the vendor's status, a summary and the vendor's report page. Each view is audited, since a
 * consumer report may be read only for its permissible purpose.
 */
export function backgroundCheckReport(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<BackgroundCheckReport> {
  return deps.db.transaction(async (tx) => {
    const loaded = await loadForReview(tx, ctx, ref);
    requireType(loaded, RequirementType.BackgroundCheck);
    const order = await latestScreeningOrder(tx, loaded.requirement.id);
    if (!order) throw notFound('Background check report');
    const adverse = await adverseActionOf(tx, loaded);
    await recordAuditEvent(tx, loaded.actor, {
      organizationId: ctx.organizationId,
      action: 'background_check.report_viewed',
      entityType: 'screening_order',
      entityId: order.id,
      data: { memberRequirementId: loaded.requirement.id, profileId: loaded.requirement.profileId },
    });
    return {
      vendor: order.vendor,
      agency: await agencyOfOrder(tx, ctx.organizationId, order),
      status: order.status,
      vendorStatus: order.vendorStatus,
      summary: summaries[order.status] ?? `The vendor reports “${order.vendorStatus}”.`,
      reportUrl: order.reportUrl,
      sandbox: isScreeningSandbox(deps),
      orderedAt: order.createdAt.toISOString(),
      completedAt: order.completedAt?.toISOString() ?? null,
      reviewedExternally: await reviewsBackgroundChecksExternally(tx, ctx.organizationId),
      adverseAction: reviewerAdverseView(adverse),
    };
  });
}

/**
 * The agency an order ran at, by name: Yardstik for a Yardstik order; for a TazWorks-platform order, the agency (JDP,
 * NCSI, ScoutLogic) whose client — the order's `vendor_account` — is granted to this organization (ADR 035, 041);
 * null otherwise. Read from our own grants: no call to any agency.
 */
async function agencyOfOrder(
  tx: Executor,
  organizationId: string,
  order: { vendor: string; vendorAccount: string | null },
): Promise<{ id: string; name: string } | null> {
  if (order.vendor === 'yardstik') return { id: 'yardstik', name: agencyDisplayName('yardstik') };
  if (order.vendor !== 'tazworks' || !order.vendorAccount) return null;
  const [grant] = await tx
    .select({ agencyId: backgroundCheckClientGrants.agencyId })
    .from(backgroundCheckClientGrants)
    .where(
      and(
        eq(backgroundCheckClientGrants.organizationId, organizationId),
        eq(backgroundCheckClientGrants.clientId, order.vendorAccount),
        inArray(backgroundCheckClientGrants.agencyId, [...tazworksAgencyIds]),
      ),
    );
  return grant ? { id: grant.agencyId, name: agencyDisplayName(grant.agencyId) } : null;
}
