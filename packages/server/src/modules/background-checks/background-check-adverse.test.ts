import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import { mailTo } from '../../../test/mail.ts';
import { organizations, requirementEvents } from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { addBusinessDays, finalizeAdverseAction } from './background-check-adverse.ts';
import {
  at,
  base,
  definitionId,
  flaggedAndInReview,
  names,
  org,
  people,
  requirementOf,
  send,
  t,
  useBackgroundCheckWorld,
} from './background-check.test-support.ts';

useBackgroundCheckWorld();

describe('adverse action on a flagged check', () => {
  const adverseUrl = (who: TestMember) =>
    `${base}/${definitionId}/background-check-adverse-action/${who.profileLevelAccessId}`;

  it('counts five business days over weekends', () => {
    const friday = new Date('2026-11-27T15:00:00Z');
    expect(addBusinessDays(friday, 5).toISOString()).toBe('2026-12-04T15:00:00.000Z');
    expect(addBusinessDays(new Date('2026-11-25T09:00:00Z'), 5).toISOString()).toBe(
      '2026-12-02T09:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-28T09:00:00Z'), 1).toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
  });

  it('the pre-adverse notice: reviewers only, a reason required, e-mailed once with the report and the rights; a dispute holds the final notice and approval clears', async () => {
    const who = people.disputer;
    await flaggedAndInReview(who, names.disputer);
    const body = { reason: 'A record in the county search needs your explanation' };
    expect((await send(null, 'POST', adverseUrl(who), body)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'POST', adverseUrl(who), body)).statusCode).toBe(404);
    expect((await send(who, 'POST', adverseUrl(who), body)).statusCode).toBe(403);
    expect((await send(people.manager, 'POST', adverseUrl(who), body)).statusCode).toBe(403);
    const empty = await send(people.director, 'POST', adverseUrl(who), { reason: ' ' });
    expect(validationFields(empty)).toEqual(['reason']);
    const started = await send(people.director, 'POST', adverseUrl(who), body);
    expect(started.statusCode).toBe(200);
    expect((await send(people.director, 'POST', adverseUrl(who), body)).statusCode).toBe(409);
    const mails = await mailTo(t, who.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('pre-adverse action notice');
    expect(mails[0]!.text).toContain(body.reason);
    expect(mails[0]!.text).toContain('Summary of Your Rights');
    expect(mails[0]!.text).toContain('/reports/');
    expect((await requirementOf(who)).status).toBe(RequirementStatus.PendingReview);

    const view = await send(who, 'GET', at(definitionId, 'background-check-by-id', who));
    expect(view.json()).toMatchObject({
      adverseAction: { stage: 'pre-adverse', reason: body.reason, disputes: [] },
    });
    const disputeUrl = at(definitionId, 'background-check-dispute', who);
    expect((await send(people.manager, 'POST', disputeUrl, { message: 'x' })).statusCode).toBe(403);
    expect(validationFields(await send(who, 'POST', disputeUrl, { message: '' }))).toEqual(['message']);
    const replyUrl = `${base}/${definitionId}/background-check-dispute-reply/${who.profileLevelAccessId}`;
    const reply = {
      message: 'The agency reinvestigated: the record belongs to someone else.',
      from: 'agency',
    };
    expect((await send(people.director, 'POST', replyUrl, reply)).statusCode).toBe(409);
    const dispute = await send(who, 'POST', disputeUrl, { message: 'That record is someone else’s.' });
    expect(dispute.statusCode).toBe(200);
    expect((await send(null, 'POST', replyUrl, reply)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'POST', replyUrl, reply)).statusCode).toBe(404);
    expect((await send(who, 'POST', replyUrl, reply)).statusCode).toBe(403);
    expect((await send(people.manager, 'POST', replyUrl, reply)).statusCode).toBe(403);
    expect(
      validationFields(await send(people.director, 'POST', replyUrl, { message: ' ', from: 'cra' })).sort(),
    ).toEqual(['from', 'message']);
    const replied = await send(people.director, 'POST', replyUrl, reply);
    expect([replied.statusCode, replied.json().disputes]).toEqual([200, 2]);
    const replyMails = await mailTo(t, who.email);
    expect(replyMails.at(-1)!.subject).toContain('reply to your background check dispute');
    expect(replyMails.at(-1)!.text).toContain(reply.message);
    const thread = [
      { at: expect.any(String), message: 'That record is someone else’s.', from: 'member' },
      { at: expect.any(String), message: reply.message, from: 'agency' },
    ];
    const memberView = await send(who, 'GET', at(definitionId, 'background-check-by-id', who));
    expect(memberView.json().adverseAction.disputes).toEqual(thread);
    const reviewerView = await send(
      people.director,
      'GET',
      `${base}/${definitionId}/background-check-report/${who.profileLevelAccessId}`,
    );
    expect(reviewerView.json().adverseAction).toMatchObject({ stage: 'pre-adverse', disputes: thread });
    const later = new Date(Date.now() + 30 * 86_400_000);
    const job = { organizationId: org.id, memberRequirementId: (await requirementOf(who)).id };
    expect(await finalizeAdverseAction(jobDepsOf(t.app), job, later)).toBe('skipped');
    expect((await requirementOf(who)).status).toBe(RequirementStatus.PendingReview);
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
  });

  it('without a dispute the final notice follows the window: Rejected, e-mailed, every step in the history', async () => {
    const who = people.silent;
    await flaggedAndInReview(who, names.silent);
    const reason = 'A registry record disqualifies you from working with minors';
    expect((await send(people.director, 'POST', adverseUrl(who), { reason })).statusCode).toBe(200);
    const job = { organizationId: org.id, memberRequirementId: (await requirementOf(who)).id };
    expect(await finalizeAdverseAction(jobDepsOf(t.app), job, new Date())).toBe('not-due');
    const after = addBusinessDays(new Date(), 6);
    expect(await finalizeAdverseAction(jobDepsOf(t.app), job, after)).toBe('sent');
    expect(await finalizeAdverseAction(jobDepsOf(t.app), job, after)).toBe('skipped');
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Rejected);
    const mails = await mailTo(t, who.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('pre-adverse action notice'),
      expect.stringContaining('final adverse action notice'),
    ]);
    expect(mails[1]!.text).toContain(reason);
    const actions = (
      await t.database.db
        .select({ action: requirementEvents.action })
        .from(requirementEvents)
        .where(eq(requirementEvents.memberRequirementId, job.memberRequirementId))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['pre-adverse-notice', 'final-adverse-notice']));
    const view = await send(who, 'GET', at(definitionId, 'background-check-by-id', who));
    expect(view.json()).toMatchObject({
      status: RequirementStatus.Rejected,
      adverseAction: { stage: 'final-adverse' },
    });
  });
});

describe('an organization that reviews flagged checks outside Touchline (orgData reviewBackgroundChecksExternally)', () => {
  it('the report says so; the in-app decision and adverse action are 409 and change nothing; the member sees the organization’s notice', async () => {
    const who = people.flagged;
    await flaggedAndInReview(who, names.flagged);
    const setFlags = (external: boolean, notice: string | null) =>
      t.database.db
        .update(organizations)
        .set({
          reviewBackgroundChecksExternally: external,
          showCustomerConfiguredBackgroundCheckNotice: notice !== null,
          backgroundCheckNotice: notice,
        })
        .where(eq(organizations.id, org.id));
    await setFlags(true, 'Our league also checks the state registry; ask the registrar.');
    try {
      const reportUrl = `${base}/${definitionId}/background-check-report/${who.profileLevelAccessId}`;
      expect((await send(people.director, 'GET', reportUrl)).json()).toMatchObject({
        reviewedExternally: true,
      });
      const approve = await send(
        people.director,
        'POST',
        `${base}/${definitionId}/review/${who.profileLevelAccessId}`,
        { reviewDecision: 1, reviewNotes: '' },
      );
      expect(approve.statusCode).toBe(409);
      expect(approve.json().error.message).toContain('outside Touchline');
      const adverse = await send(
        people.director,
        'POST',
        `${base}/${definitionId}/background-check-adverse-action/${who.profileLevelAccessId}`,
        { reason: 'A record' },
      );
      expect(adverse.statusCode).toBe(409);
      const bulk = await send(people.director, 'POST', `${base}/bulk-review`, {
        requirements: [{ id: definitionId, plaId: who.profileLevelAccessId }],
        review: { reviewDecision: 1, reviewNotes: '' },
      });
      expect(bulk.statusCode).toBe(409);
      expect(bulk.json().error.validationErrors[0].message).toContain('outside Touchline');
      expect((await requirementOf(who)).status).toBe(RequirementStatus.PendingReview);
      expect(await mailTo(t, who.email)).toHaveLength(0);
      const view = await send(who, 'GET', at(definitionId, 'background-check-by-id', who));
      expect(view.json().organizationNotice).toBe(
        'Our league also checks the state registry; ask the registrar.',
      );
    } finally {
      await setFlags(false, null);
    }
    expect((await send(who, 'GET', at(definitionId, 'background-check-by-id', who))).json()).toMatchObject({
      organizationNotice: null,
    });
    expect(
      (
        await send(
          people.director,
          'GET',
          `${base}/${definitionId}/background-check-report/${who.profileLevelAccessId}`,
        )
      ).json(),
    ).toMatchObject({ reviewedExternally: false });
  });
});
