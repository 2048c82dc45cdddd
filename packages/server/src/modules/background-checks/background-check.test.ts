import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fcraConsentText } from '@touchline/contracts/background-checks';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewSource } from '@touchline/contracts/reviews';
import { eventually } from '../../../test/mail.ts';
import {
  auditEvents,
  requirementEvents,
  requirementSubmissions,
  webhookEvents,
} from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { sweepOpenScreeningOrders } from './background-check.jobs.ts';
import {
  applyAtSandbox,
  at,
  base,
  consentAndRun,
  consentBody,
  definitionId,
  names,
  ordersOf,
  pkg,
  people,
  requirementOf,
  sandbox,
  send,
  t,
  useBackgroundCheckWorld,
} from './background-check.test-support.ts';

useBackgroundCheckWorld();

describe('a background check end to end on the Yardstik sandbox', () => {
  it('consent is stored with the text, its version, the address and the time; a double submit orders once', async () => {
    const who = people.clear;
    const consent = await send(
      who,
      'POST',
      at(definitionId, 'record-consent', who),
      consentBody(names.clear),
    );
    expect(consent.statusCode).toBe(200);
    expect(consent.json()).toMatchObject({ next: 'run', consent: { textVersion: fcraConsentText.version } });
    const [stored] = await t.database.db
      .select()
      .from(requirementSubmissions)
      .where(eq(requirementSubmissions.memberRequirementId, (await requirementOf(who)).id));
    expect(stored?.data).toMatchObject({
      disclosure: fcraConsentText.disclosure,
      authorization: fcraConsentText.authorization,
      textVersion: fcraConsentText.version,
      address: { line1: '1 Pitch Lane', state: 'OR', postalCode: '97201' },
      recordedAt: expect.any(String),
      ipAddress: expect.any(String),
    });

    const runs = await Promise.all(
      [1, 2, 3].map(() => send(who, 'POST', at(definitionId, 'run-background-check', who))),
    );
    expect(runs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(runs[0]!.json()).toMatchObject({ status: RequirementStatus.WaitingOnProvider });
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnApplicant,
      'the order',
    );
    const orders = await ordersOf(who);
    expect(orders).toHaveLength(1);
    // The package's searches as the vendor listed them when it was ordered (ADR 049: "the same package or better").
    expect(orders[0]!.packageSearches).toEqual(pkg.screenings.map((s) => s.label));
    const reports = [...sandbox.store.reports.values()].filter(
      (r) => r.candidate_id === orders[0]!.vendorCandidateId,
    );
    expect(reports).toHaveLength(1);
    // A later submit with the same consent is still the same order.
    expect((await send(who, 'POST', at(definitionId, 'run-background-check', who))).statusCode).toBe(200);
    expect(await ordersOf(who)).toHaveLength(1);
    const view = await send(who, 'GET', at(definitionId, 'background-check-by-id', who));
    expect(view.json()).toMatchObject({
      status: RequirementStatus.WaitingOnApplicant,
      next: 'continue-at-vendor',
      order: { status: 'awaiting_candidate', applyPending: true },
    });
  });

  it('applying at the vendor and the research ending clear completes it, valid for the definition’s two years', async () => {
    const who = people.clear;
    await applyAtSandbox(who);
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnProvider,
      'processing',
    );
    await sandbox.clock.advance(2 * 86_400_000);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();
    await eventually(async () => (await requirementOf(who)).status === RequirementStatus.Completed, 'clear');
    const row = await requirementOf(who);
    expect(row.completedAt).not.toBeNull();
    const completedDay = row.completedAt!.toISOString().slice(0, 10);
    const expected = new Date(Date.parse(`${completedDay}T00:00:00Z`) + 730 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(row.expiresAt).toBe(expected);
    const history = await t.database.db
      .select({
        action: requirementEvents.action,
        toStatus: requirementEvents.toStatus,
        data: requirementEvents.data,
      })
      .from(requirementEvents)
      .where(eq(requirementEvents.memberRequirementId, row.id))
      .orderBy(requirementEvents.createdAt);
    expect(history.map((h) => h.action)).toEqual([
      'assigned',
      'record-consent',
      'run-background-check',
      'background-check-result',
      'background-check-result',
      'background-check-result',
    ]);
    expect(history.map((h) => h.toStatus)).toEqual([
      RequirementStatus.Incomplete,
      RequirementStatus.Incomplete,
      RequirementStatus.WaitingOnProvider,
      RequirementStatus.WaitingOnApplicant,
      RequirementStatus.WaitingOnProvider,
      RequirementStatus.Completed,
    ]);
    // Duplicated, reordered webhooks and a re-read change nothing more.
    const swept = await sweepOpenScreeningOrders(jobDepsOf(t.app));
    expect(swept.failed).toBe(0);
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
  });

  it('a flagged result goes to review as FlaggedBackgroundCheck', async () => {
    const who = people.flagged;
    await consentAndRun(who, names.flagged);
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnApplicant,
      'the order',
    );
    await applyAtSandbox(who);
    await sandbox.clock.advance(2 * 86_400_000);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.PendingReview,
      'review',
    );
    expect(await requirementOf(who)).toMatchObject({
      pendingReview: true,
      reviewSource: ReviewSource.FlaggedBackgroundCheck,
    });
    const view = await send(who, 'GET', at(definitionId, 'background-check-by-id', who));
    expect(view.json()).toMatchObject({ next: 'none', order: { status: 'needs_review' } });
  });

  it('GET background-check-report/{plaId}: reviewers only (401, 404 other organization, 403 member and manager), each view audited', async () => {
    const who = people.flagged;
    const url = `${base}/${definitionId}/background-check-report/${who.profileLevelAccessId}`;
    expect((await send(null, 'GET', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await send(who, 'GET', url)).statusCode).toBe(403);
    expect((await send(people.manager, 'GET', url)).statusCode).toBe(403);
    expect(
      (await send(people.director, 'GET', `${base}/${definitionId}/background-check-report/nope`)).statusCode,
    ).toBe(400);
    const viewed = async () =>
      (
        await t.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'background_check.report_viewed'))
      ).length;
    const before = await viewed();
    const report = await send(people.director, 'GET', url);
    expect(report.statusCode).toBe(200);
    const [order] = await ordersOf(who);
    expect(report.json()).toMatchObject({
      vendor: 'yardstik',
      status: 'needs_review',
      vendorStatus: 'consider',
      summary: expect.stringContaining('may disqualify'),
      reportUrl: expect.stringContaining(`/reports/${order!.vendorReportId}`),
      sandbox: true,
    });
    expect(await viewed()).toBe(before + 1);
  });

  it('a reviewer’s approval clears the flagged check, and a later re-read of the unchanged vendor state leaves it cleared', async () => {
    const who = people.flagged;
    const approve = await send(
      people.director,
      'POST',
      `${base}/${definitionId}/review/${who.profileLevelAccessId}`,
      {
        reviewDecision: 1,
        reviewNotes: '',
      },
    );
    expect(approve.statusCode).toBe(200);
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
    await sweepOpenScreeningOrders(jobDepsOf(t.app));
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
  });

  it('the daily sweep finds a result whose webhook never arrived', async () => {
    const who = people.swept;
    await consentAndRun(who, names.swept);
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnApplicant,
      'the order',
    );
    // Let every webhook already sent about this order be processed, then stop them: only the sweep is left.
    const [order] = await ordersOf(who);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();
    await eventually(async () => {
      const events = await t.database.db
        .select({ state: webhookEvents.state })
        .from(webhookEvents)
        .where(eq(webhookEvents.objectId, order!.vendorReportId));
      return events.length > 0 && events.every((e) => e.state !== 'received');
    }, 'the order’s webhooks processed');
    sandbox.webhooks.clearEndpoints();
    await applyAtSandbox(who);
    await sandbox.clock.advance(2 * 86_400_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await requirementOf(who)).status).toBe(RequirementStatus.WaitingOnApplicant);
    const swept = await sweepOpenScreeningOrders(jobDepsOf(t.app));
    expect(swept).toMatchObject({ failed: 0, changed: 1 });
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
    expect((await sweepOpenScreeningOrders(jobDepsOf(t.app))).changed).toBe(0);
  });
});
