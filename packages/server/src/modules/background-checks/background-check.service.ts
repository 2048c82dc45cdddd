import { eq } from 'drizzle-orm';
import {
  backgroundCheckContentSchema,
  fcraConsentText,
  type BackgroundCheckContent,
  type BackgroundCheckLink,
  type BackgroundCheckView,
  type RecordConsentBody,
} from '@touchline/contracts/background-checks';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { Executor } from '../../db/client.ts';
import type { ScreeningVendor } from '../../integrations/screening/port.ts';
import { requirementSubmissions } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict } from '../../errors.ts';
import { jobIdFor } from '../../jobs/queue.ts';
import { WaitingOn } from '../../requirement-core/engine/requirement-status.ts';
import { requireType } from '../requirements/requirement-files.service.ts';
import { requireCurrentText, signedName } from '../../requirement-core/typed-signature.ts';
import {
  assertNotMetByShare,
  currentStatus,
  liveSubmission,
  recordChange,
  replaceSubmission,
} from '../../requirement-core/requirement-state.ts';
import {
  loadRequirement,
  lockRequirementForSystem,
  type LoadedRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';
import { organizationBackgroundCheckNotice } from './background-checks.service.ts';
import { adverseActionOf, disputeThread } from './background-check-adverse.ts';
import { orderBackgroundCheckJob } from './background-check.jobs.ts';
import { latestScreeningOrder, mayStartScreening } from '../../requirement-core/screening-order-state.ts';
import {
  isSandboxTarget,
  orderTargetFor,
  screeningPortFor,
  screeningTargetOfContent,
} from '../../integrations/screening/order-targets.ts';

const consentKind = 'background-check-consent';

/** A definition's background-check content; content saved before ADR 030 reads as its defaults. */
function contentOf(loaded: LoadedRequirement): BackgroundCheckContent {
  const parsed = backgroundCheckContentSchema.safeParse(loaded.definition.content);
  return parsed.success ? parsed.data : backgroundCheckContentSchema.parse({});
}

async function load(tx: Executor, ctx: RequestContext, ref: RequirementRef, action: 'view' | 'run') {
  const loaded = await loadRequirement(tx, ctx, ref, action, { lock: action === 'run' });
  requireType(loaded, RequirementType.BackgroundCheck);
  return { loaded, content: contentOf(loaded) };
}

type ConsentData = { textVersion: string; recordedAt: string; orderId?: string; orderRequestedAt?: string };

async function view(
  deps: Pick<Deps, 'integrations'>,
  tx: Executor,
  loaded: LoadedRequirement,
  content: BackgroundCheckContent,
): Promise<BackgroundCheckView> {
  const consent = await liveSubmission(tx, loaded, consentKind);
  const consentData = consent?.data as ConsentData | undefined;
  const order = await latestScreeningOrder(tx, loaded.requirement.id);
  const status = currentStatus(loaded.requirement, loaded.definition.expiringSoonDays);
  // The consent's order is requested but not placed yet (a later order, e.g. a renewal, is not "ordering").
  const requestedAt = consentData?.orderRequestedAt ? Date.parse(consentData.orderRequestedAt) : null;
  const ordering =
    consentData?.orderId !== undefined &&
    order?.id !== consentData.orderId &&
    (!order || requestedAt === null || order.createdAt.getTime() < requestedAt);
  const applyPending = order?.status === 'awaiting_candidate' && order.applyUrl !== null && !ordering;
  const unconsumedConsent = consentData !== undefined && consentData.orderId === undefined;
  let next: BackgroundCheckView['next'] = 'none';
  if (content.vendor !== 'Generic') {
    if (applyPending) next = 'continue-at-vendor';
    else if (mayStartScreening(loaded))
      next = !unconsumedConsent ? 'consent' : content.payer === 'member' ? 'pay-and-run' : 'run';
    else if (
      status === RequirementStatus.WaitingOnProvider ||
      status === RequirementStatus.WaitingOnApplicant
    )
      next = 'wait';
  }
  const adverse = await adverseActionOf(tx, loaded);
  const showAdverse =
    adverse?.stage === 'final-adverse' ||
    (adverse?.stage === 'pre-adverse' && status === RequirementStatus.PendingReview);
  return {
    adverseAction:
      adverse && showAdverse && adverse.stage !== 'withdrawn'
        ? {
            stage: adverse.stage,
            reason: adverse.reason,
            disputeUntil: adverse.disputeUntil,
            disputes: disputeThread(adverse),
          }
        : null,
    memberRequirementId: loaded.requirement.id,
    definitionId: loaded.definition.id,
    name: loaded.definition.name,
    status,
    vendor: content.vendor,
    sandbox: isSandboxTarget(deps.integrations, screeningTargetOfContent(content)),
    packageName: content.packageName,
    payer: content.payer,
    expiresAt: loaded.requirement.expiresAt,
    consentText: fcraConsentText,
    consent: consentData
      ? { recordedAt: consentData.recordedAt, textVersion: consentData.textVersion }
      : null,
    order: ordering
      ? { status: null, vendorStatus: null, applyPending: false, orderedAt: consentData.orderRequestedAt! }
      : order
        ? {
            status: order.status,
            vendorStatus: order.vendorStatus,
            applyPending,
            orderedAt: order.createdAt.toISOString(),
          }
        : null,
    next,
    organizationNotice: await organizationBackgroundCheckNotice(tx, loaded.definition.organizationId),
  };
}

/** GET {id}/background-check-by-id?plaId: the member's check, its consent and its order, for the member or a manager. */
export function backgroundCheckById(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<BackgroundCheckView> {
  return deps.db.transaction(async (tx) => {
    const { loaded, content } = await load(tx, ctx, ref, 'view');
    return view(deps, tx, loaded, content);
  });
}

/**
 * Whether this deployment reaches the definition's vendor and, for TazWorks, whether the definition's client is
 * granted to the organization (issue 34): checked at use time, whatever the definition was saved with.
 */
async function vendorConfigured(
  deps: Pick<Deps, 'integrations'>,
  tx: Executor,
  organizationId: string,
  content: BackgroundCheckContent,
): Promise<boolean> {
  const target = screeningTargetOfContent(content);
  if (target === null || screeningPortFor(deps.integrations, target) === null) return false;
  return target.vendor !== 'tazworks' || (await orderTargetFor(tx, organizationId, target)) !== null;
}

function requireVendorRun(content: BackgroundCheckContent) {
  if (content.vendor === 'Generic')
    throw conflict(
      "This background check is run by your organization's own vendor: upload the report instead",
    );
}

/**
 * POST {id}/record-consent?plaId: the member (or guardian) accepts the FCRA stand-alone disclosure and signs the
 * authorization, both shown in full; the texts, their version, the typed name, the address, the IP address and
 * the time are stored with the requirement, so later wording changes never alter what was signed.
 */
export function recordConsent(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  input: RequirementRef & { body: RecordConsentBody; ipAddress: string | null },
): Promise<BackgroundCheckView> {
  return deps.db.transaction(async (tx) => {
    const { loaded, content } = await load(tx, ctx, input, 'run');
    requireVendorRun(content);
    assertNotMetByShare(loaded);
    if (!mayStartScreening(loaded)) throw conflict('A background check is already under way or complete');
    requireCurrentText(input.body.textVersion, fcraConsentText.version);
    const typedName = signedName(loaded, input.body.typedName);
    const recordedAt = new Date().toISOString();
    await replaceSubmission(tx, loaded, consentKind, {
      textVersion: fcraConsentText.version,
      disclosure: fcraConsentText.disclosure,
      authorization: fcraConsentText.authorization,
      typedName,
      address: input.body.address,
      ipAddress: input.ipAddress,
      signedByUserId: ctx.userId,
      recordedAt,
    });
    await recordChange(tx, loaded, {
      action: 'record-consent',
      data: { textVersion: fcraConsentText.version, ipAddress: input.ipAddress },
    });
    return view(deps, tx, loaded, content);
  });
}

/** How ordering with the member's consent went. */
export type OrderOutcome = 'ordered' | 'already-ordered' | 'no-consent' | 'not-startable' | 'not-configured';

/**
 * Orders the check with the member's unused consent, in the caller's transaction with the requirement locked. The
 * order id is derived from the consent it uses, and the consent is marked as used in the same transaction, so a
 * double submit (or a retry after a lost answer) orders once: the second call finds the order already requested.
 */
async function orderWithConsent(
  deps: Pick<Deps, 'integrations' | 'jobs'>,
  tx: Executor,
  loaded: LoadedRequirement,
  content: BackgroundCheckContent,
  organizationId: string,
): Promise<OrderOutcome> {
  const consent = await liveSubmission(tx, loaded, consentKind);
  const data = consent?.data as ConsentData | undefined;
  if (!consent || !data) return 'no-consent';
  if (data.orderId !== undefined) return 'already-ordered';
  if (!mayStartScreening(loaded)) return 'not-startable';
  if (!(await vendorConfigured(deps, tx, organizationId, content))) return 'not-configured';
  const orderId = jobIdFor(orderBackgroundCheckJob.name, consent.id);
  const orderRequestedAt = new Date().toISOString();
  await tx
    .update(requirementSubmissions)
    .set({ data: { ...data, orderId, orderRequestedAt } })
    .where(eq(requirementSubmissions.id, consent.id));
  await recordChange(tx, loaded, {
    action: content.payer === 'member' ? 'run-and-pay-background-check' : 'run-background-check',
    facts: { waitingOn: WaitingOn.Provider, pendingReview: false, reviewOutcome: null, rejectedAt: null },
    data: { orderId, packageId: content.packageId, payer: content.payer },
  });
  await deps.jobs.enqueue(
    tx,
    orderBackgroundCheckJob,
    { orderId, organizationId, memberRequirementId: loaded.requirement.id },
    { key: orderId },
  );
  return 'ordered';
}

const orderRefusals: Record<Exclude<OrderOutcome, 'ordered' | 'already-ordered'>, string> = {
  'no-consent': 'Read and sign the disclosure and authorization first',
  'not-startable': 'A background check is already under way or complete',
  'not-configured': 'Background checks are not set up in this deployment',
};

/** POST {id}/run-background-check?plaId (the organization pays): orders the check through the outbox. */
export function runBackgroundCheck(
  deps: Pick<Deps, 'db' | 'integrations' | 'jobs'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<BackgroundCheckView> {
  return deps.db.transaction(async (tx) => {
    const { loaded, content } = await load(tx, ctx, ref, 'run');
    requireVendorRun(content);
    if (content.payer === 'member')
      throw conflict('This background check is paid by the member: use pay and run instead');
    const outcome = await orderWithConsent(deps, tx, loaded, content, ctx.organizationId);
    if (outcome !== 'ordered' && outcome !== 'already-ordered') throw conflict(orderRefusals[outcome]);
    return view(deps, tx, loaded, content);
  });
}

/**
 * Before the member is charged for their check (run-and-pay-background-check-user): what stops the order, in the
 * member's words, or null when it can be placed. Nobody is charged for an order that cannot be placed.
 */
export function memberPaidCheckRefusal(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<{ refusal: string | null; ordered: boolean; view: BackgroundCheckView }> {
  return deps.db.transaction(async (tx) => {
    const { loaded, content } = await load(tx, ctx, ref, 'run');
    requireVendorRun(content);
    const current = await view(deps, tx, loaded, content);
    if (content.payer !== 'member')
      return {
        refusal: 'Your organization pays for this background check: run it instead',
        ordered: false,
        view: current,
      };
    const consent = await liveSubmission(tx, loaded, consentKind);
    const data = consent?.data as ConsentData | undefined;
    if (data?.orderId !== undefined) return { refusal: null, ordered: true, view: current };
    const refusal = !data
      ? orderRefusals['no-consent']
      : !mayStartScreening(loaded)
        ? orderRefusals['not-startable']
        : !(await vendorConfigured(deps, tx, loaded.definition.organizationId, content))
          ? orderRefusals['not-configured']
          : null;
    return { refusal, ordered: false, view: current };
  });
}

/**
 * Starts a check the member paid for (the paid-work starter of ADR 031), in the payment's transaction: `started`
 * once ordered (or already ordered), `waiting` while the member has not consented yet (the payment stays a credit
 * until they do), `cannot-start` when the check can no longer be ordered (the payment is refunded).
 */
export async function startPaidBackgroundCheck(
  deps: Pick<Deps, 'integrations' | 'jobs'>,
  tx: Executor,
  input: { organizationId: string; memberRequirementId: string; actor: LoadedRequirement['actor'] },
): Promise<'started' | 'waiting' | 'cannot-start'> {
  const loaded = await lockRequirementForSystem(tx, input.organizationId, input.memberRequirementId);
  if (!loaded || loaded.definition.type !== RequirementType.BackgroundCheck) return 'cannot-start';
  const content = contentOf(loaded);
  if (content.vendor === 'Generic') return 'cannot-start';
  const outcome = await orderWithConsent(
    deps,
    tx,
    { ...loaded, actor: input.actor },
    content,
    input.organizationId,
  );
  if (outcome === 'ordered' || outcome === 'already-ordered') return 'started';
  return outcome === 'no-consent' ? 'waiting' : 'cannot-start';
}

/** GET {id}/get-background-check-link?plaId: the vendor's hosted page where the member continues (consent, details). */
export function backgroundCheckLink(
  deps: Pick<Deps, 'db' | 'integrations'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<BackgroundCheckLink> {
  return deps.db.transaction(async (tx) => {
    const { loaded, content } = await load(tx, ctx, ref, 'run');
    requireVendorRun(content);
    const order = await latestScreeningOrder(tx, loaded.requirement.id);
    if (!order || order.status !== 'awaiting_candidate' || !order.applyUrl)
      throw conflict('There is nothing to continue at the background-check vendor right now');
    return {
      url: order.applyUrl,
      sandbox: isSandboxTarget(deps.integrations, { vendor: order.vendor as ScreeningVendor, account: null }),
    };
  });
}
