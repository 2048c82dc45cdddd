import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { sexOffenderSearchContentSchema } from '@touchline/contracts/sex-offender-search';
import {
  memberRequirements,
  organizations,
  profiles,
  requirementDefinitions,
  requirementEvents,
  screeningOrders,
} from '../../db/schema/index.ts';
import { escapeHtml } from '../../mail/html.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import { recordChange } from '../../requirement-core/requirement-state.ts';
import { lockRequirementForSystem } from '../../requirement-core/requirement-target.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob, jobIdFor } from '../../jobs/queue.ts';
import type { ScreeningPort } from '../../integrations/screening/port.ts';
import { placeScreeningOrder } from '../background-checks/background-check-orders.ts';
import { screeningCandidateOf } from '../../requirement-core/screening-order-state.ts';
import { monitoredRequirementIds } from './sex-offender-monitoring.jobs.ts';
import { orderTargetFor, screeningPortOf } from '../../integrations/screening/order-targets.ts';

/** The organization's Yardstik port: its own sub-account once activated (ADR 030), else the deployment's account. */
async function screeningPort(deps: Pick<JobDeps, 'db' | 'integrations'>, organizationId: string) {
  const target = await orderTargetFor(deps.db, organizationId, { vendor: 'yardstik', account: null });
  const port = target ? await screeningPortOf(deps.db, deps.integrations, target) : null;
  if (!port) throw new Error('no screening vendor is configured in this deployment');
  return { port, account: target?.account ?? null };
}

/**
 * The package a definition orders: its own, or the account's sex offender search product (the one package whose
 * only search is the sex offender registry).
 */
export async function sexOffenderPackageId(
  port: ScreeningPort,
  packageId: string | null,
  correlationId: string,
): Promise<string> {
  if (packageId) return packageId;
  const packages = await port.listPackages({ correlationId });
  const only = packages.find(
    (p) => p.kind !== 'monitor' && p.searches.length === 1 && /sex offender/i.test(p.searches[0] ?? ''),
  );
  if (!only) throw new Error('the screening account offers no sex offender search package');
  return only.id;
}

/**
 * Orders a member's sex offender search at the screening vendor, from the outbox: begin-sex-offender-search (or the
 * re-run sweep) enqueues it in the transaction that records the request, keyed by the order id, and the order is
 * placed by our order id (the adapter looks before it creates), so a job run twice is one order at the vendor.
 */
export const orderSexOffenderSearchJob = defineJob({
  name: 'screening.order-sex-offender-search',
  payload: z.object({ orderId: z.uuid(), organizationId: z.uuid(), memberRequirementId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 },
  async run(deps, payload, ctx) {
    const row = await screeningCandidateOf(deps.db, payload.organizationId, payload.memberRequirementId);
    if (!row) return { skipped: 'requirement gone' };
    if (!row.email) throw new Error('the member has no e-mail address for the vendor invitation');
    if (!row.dateOfBirth) throw new Error('the member has no date of birth for the registry search');
    const { port, account } = await screeningPort(deps, payload.organizationId);
    const content = sexOffenderSearchContentSchema.parse(row.content ?? {});
    const packageId = await sexOffenderPackageId(port, content.packageId, ctx.jobId);
    const order = await placeScreeningOrder(
      { db: deps.db, screening: port, jobs: deps.jobs },
      { correlationId: ctx.jobId },
      {
        orderId: payload.orderId,
        organizationId: payload.organizationId,
        profileLevelAccessId: row.profileLevelAccessId,
        memberRequirementId: payload.memberRequirementId,
        packageId,
        vendorAccount: account,
        candidate: {
          externalId: row.profileId,
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          dateOfBirth: row.dateOfBirth,
        },
      },
    );
    const asked = await askToAuthorizeRerun(deps, {
      organizationId: payload.organizationId,
      memberRequirementId: payload.memberRequirementId,
      orderId: order.id,
      plaId: row.profileLevelAccessId,
      awaitingMember: order.status === 'awaiting_candidate' && order.applyUrl !== null,
    });
    return { orderId: order.id, status: order.status, ...(asked ? { authorizationRequested: true } : {}) };
  },
});

/**
 * A re-run (the definition's cadence) needs the member's new authorization on the provider's page: the order is
 * placed without consent, so Yardstik's hosted page collects the disclosure and authorization again (ADR 032). The
 * member's earlier search still counts meanwhile, so nothing on their list changes: they are told by e-mail,
 * through the outbox, once per order (the history event is the guard against a retried job e-mailing twice).
 */
async function askToAuthorizeRerun(
  deps: Pick<JobDeps, 'db' | 'jobs' | 'appUrl'>,
  input: {
    organizationId: string;
    memberRequirementId: string;
    orderId: string;
    plaId: string | null;
    awaitingMember: boolean;
  },
): Promise<boolean> {
  if (!input.awaitingMember) return false;
  return deps.db.transaction(async (tx) => {
    const loaded = await lockRequirementForSystem(tx, input.organizationId, input.memberRequirementId);
    // Only a re-run: a first search is started by the member on the page, who continues at the provider there.
    if (!loaded || loaded.requirement.completedAt === null) return false;
    const [already] = await tx
      .select({ id: requirementEvents.id })
      .from(requirementEvents)
      .where(
        and(
          eq(requirementEvents.memberRequirementId, input.memberRequirementId),
          eq(requirementEvents.action, reauthorizeAction),
          sql`${requirementEvents.data}->>'orderId' = ${input.orderId}`,
        ),
      )
      .limit(1);
    if (already) return false;
    const [member] = await tx
      .select({ email: profiles.email, firstName: profiles.firstName, organizationName: organizations.name })
      .from(profiles)
      .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
      .where(eq(profiles.id, loaded.requirement.profileId));
    await recordChange(tx, loaded, {
      action: reauthorizeAction,
      data: { orderId: input.orderId, emailed: Boolean(member?.email) },
    });
    if (member?.email)
      await queueMail(deps.jobs, tx, [
        reauthorizationMail(deps.appUrl, {
          email: member.email,
          firstName: member.firstName,
          organizationName: member.organizationName,
          requirementName: loaded.definition.name,
          definitionId: loaded.definition.id,
          plaId: input.plaId,
        }),
      ]);
    return true;
  });
}

const reauthorizeAction = 'sex-offender-search-reauthorization-requested';

/** The e-mail asking the member to authorize the re-run on the provider's page (reached from their requirement). */
export function reauthorizationMail(
  appUrl: string,
  n: {
    email: string;
    firstName: string;
    organizationName: string;
    requirementName: string;
    definitionId: string;
    plaId: string | null;
  },
): OutgoingMail {
  const page = `${appUrl}/requirements/${n.definitionId}`;
  const url = n.plaId ? `${page}?plaId=${n.plaId}` : page;
  const lines = [
    `Hi ${n.firstName},`,
    `${n.organizationName} runs "${n.requirementName}" again on its regular schedule. The screening provider needs your authorization for this new search.`,
    'Open the requirement and choose "Continue at the provider" to read the disclosure and sign the authorization. Your earlier result still counts until the new search is finished.',
  ];
  return {
    to: n.email,
    subject: `${n.organizationName}: authorize your new sex offender registry search`,
    text: [...lines, '', `Open the requirement: ${url}`, '', '— Touchline'].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(url)}">Open the requirement</a></p>`,
      '<p>— Touchline</p>',
    ].join('\n'),
  };
}

/** Where an order still waits on the member or the vendor. */
const waitingStatuses: readonly string[] = ['awaiting_candidate', 'in_progress', 'on_hold'];

/** How many searches one re-run sweep orders (the next day takes the rest). */
const rerunLimit = 500;

/**
 * Orders again every completed sex offender search whose last order is older than its definition's cadence
 * (`rerunEveryDays`; null never re-runs), one job per requirement and day, so a sweep run twice orders once. The
 * requirement keeps its completion while the new search waits on the member or the vendor; its result replaces it.
 * Members under the vendor's continuous monitoring are skipped until their monitor ends (ADR 032).
 */
export async function rerunDueSexOffenderSearches(
  deps: Pick<JobDeps, 'db' | 'integrations' | 'jobs'>,
  now: Date,
): Promise<{ due: number }> {
  if (!deps.integrations.screening) return { due: 0 };
  const completed = await deps.db
    .select({
      id: memberRequirements.id,
      organizationId: memberRequirements.organizationId,
      content: requirementDefinitions.content,
    })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .where(
      and(
        eq(requirementDefinitions.type, RequirementType.SexOffenderSearch),
        inArray(memberRequirements.status, [RequirementStatus.Completed, RequirementStatus.ExpiringSoon]),
        isNotNull(memberRequirements.completedAt),
      ),
    );
  const day = now.toISOString().slice(0, 10);
  // A member the vendor monitors continuously is not re-run: monitoring replaces the cadence until it ends.
  const monitored = await monitoredRequirementIds(
    deps.db,
    completed.map((r) => r.id),
  );
  let due = 0;
  for (const requirement of completed) {
    if (due >= rerunLimit) break;
    if (monitored.has(requirement.id)) continue;
    const { rerunEveryDays } = sexOffenderSearchContentSchema.parse(requirement.content ?? {});
    if (rerunEveryDays === null) continue;
    const [last] = await deps.db
      .select({ createdAt: screeningOrders.createdAt, status: screeningOrders.status })
      .from(screeningOrders)
      .where(eq(screeningOrders.memberRequirementId, requirement.id))
      .orderBy(desc(screeningOrders.createdAt), desc(screeningOrders.id))
      .limit(1);
    // A search still waiting on the member or the vendor is left to finish. A flagged one on a completed
    // requirement was decided by a reviewer ("not the same person"), so it re-runs like a clear one.
    if (!last || waitingStatuses.includes(last.status)) continue;
    if (now.getTime() - last.createdAt.getTime() < rerunEveryDays * 86_400_000) continue;
    const orderId = jobIdFor(orderSexOffenderSearchJob.name, `${requirement.id}:rerun:${day}`);
    await deps.jobs.enqueue(
      deps.db,
      orderSexOffenderSearchJob,
      { orderId, organizationId: requirement.organizationId, memberRequirementId: requirement.id },
      { key: orderId },
    );
    due += 1;
  }
  return { due };
}

/** The daily re-run as a cron job (UTC, after the screening sweep), one run at a time across instances. */
export const sexOffenderRerunJob = defineJob({
  name: 'screening.rerun-sex-offender-searches',
  payload: z.object({}),
  cron: '10 2 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  expireInSeconds: 3600,
  run: (deps) => rerunDueSexOffenderSearches(deps, new Date()),
});
