import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewSource } from '@touchline/contracts/reviews';
import { monitoringConsentText } from '@touchline/contracts/sex-offender-search';
import { validationFields } from '../../../test/factories.ts';
import { eventually } from '../../../test/mail.ts';
import { auditEvents, contentAssignments } from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { addDefinition, assign, eventsOf } from '../requirements/requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';
import { rerunDueSexOffenderSearches } from './sex-offender-search.jobs.ts';
import { sweepSexOffenderMonitors } from './sex-offender-monitor-reports.ts';
import { reconcileSexOffenderMonitors } from './sex-offender-monitoring.reconcile.ts';
import {
  useMonitoringWorld,
  base,
  sandbox,
  t,
  org,
  definitionId,
  assignmentId,
  appUrl,
  people,
  send,
  at,
  consentBody,
  requirementOf,
  ordersOf,
  monitorOf,
  candidateOf,
  consentsOf,
  clearSearchFor,
} from './sex-offender-monitoring.test-support.ts';

useMonitoringWorld();

describe('the evergreen consent (ours, the begin action of type 6)', () => {
  it('POST sex-offender-monitoring-consent: 401, 404 other organization, 403 manager and peer, 400 bad input with nothing stored, then signed', async () => {
    const who = people.monitored;
    const url = at('sex-offender-monitoring-consent', who);
    const body = consentBody(who, 'Mo Clear');
    expect((await send(null, 'POST', url, body)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'POST', url, body)).statusCode).toBe(404);
    expect((await send(people.manager, 'POST', url, body)).statusCode).toBe(403);
    expect((await send(people.peer, 'POST', url, body)).statusCode).toBe(403);
    const badPla = await send(
      who,
      'POST',
      `${base}/${definitionId}/sex-offender-monitoring-consent?plaId=x`,
      body,
    );
    expect(badPla.statusCode).toBe(400);
    const badBody = await send(who, 'POST', url, {
      ...body,
      acceptAuthorization: false,
      address: { line1: '', city: 'Portland', state: 'Oregon', postalCode: '972' },
    });
    expect([badBody.statusCode, validationFields(badBody)]).toEqual([
      400,
      ['acceptAuthorization', 'address.line1', 'address.postalCode', 'address.state'],
    ]);
    const wrongName = await send(who, 'POST', url, { ...body, typedName: 'Someone Else' });
    expect([wrongName.statusCode, validationFields(wrongName)]).toEqual([400, ['typedName']]);
    const stale = await send(who, 'POST', url, { ...body, textVersion: '2000-01-01' });
    expect([stale.statusCode, validationFields(stale)]).toEqual([400, ['textVersion']]);
    expect(await consentsOf(who)).toEqual([]);

    const signed = await send(who, 'POST', url, body);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().monitoring).toMatchObject({
      consent: { textVersion: monitoringConsentText.version, typedName: 'Mo Clear' },
      status: 'none',
      knownAddress: { line1: '1 Pitch Lane', state: 'OR', postalCode: '97201' },
    });
    const [consent] = await consentsOf(who);
    expect(consent!.data).toMatchObject({
      disclosure: monitoringConsentText.disclosure,
      authorization: monitoringConsentText.authorization,
      typedName: 'Mo Clear',
      ipAddress: expect.any(String),
      userAgent: expect.any(String),
      recordedAt: expect.any(String),
    });
    expect(await eventsOf(t, (await requirementOf(who)).id)).toContain('record-monitoring-consent');
    // A manager reads the page but not the member's address.
    const managerView = await send(people.manager, 'GET', at('sex-offender-search-by-id', who));
    expect(managerView.json().monitoring).toMatchObject({
      consent: { typedName: 'Mo Clear' },
      knownAddress: null,
    });
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'requirement.record_monitoring_consent'));
    expect(audited).toHaveLength(1);
    // Not searched yet: nothing is enrolled before the first clear search.
    expect(await monitorOf(who)).toBeUndefined();
  });

  it('POST withdraw-sex-offender-monitoring-consent: 401, 404, 403, 400, 409 without consent', async () => {
    const who = people.decliner;
    const url = at('withdraw-sex-offender-monitoring-consent', who);
    expect((await send(null, 'POST', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'POST', url)).statusCode).toBe(404);
    expect((await send(people.manager, 'POST', url)).statusCode).toBe(403);
    expect((await send(people.peer, 'POST', url)).statusCode).toBe(403);
    expect(
      (await send(who, 'POST', `${base}/${definitionId}/withdraw-sex-offender-monitoring-consent?plaId=1`))
        .statusCode,
    ).toBe(400);
    expect((await send(who, 'POST', url)).statusCode).toBe(409);
  });

  it('a definition that does not monitor refuses the consent (409)', async () => {
    const plain = await addDefinition(t, org, {
      type: RequirementType.SexOffenderSearch,
      name: 'Registry search, yearly',
      content: { packageId: null, rerunEveryDays: 365 },
    });
    await assign(t, org, plain, org.team, org.labelIds.member);
    await refreshMemberRequirements(t.database.db, org.id, { profileIds: [people.peer.profileId] });
    const res = await send(
      people.peer,
      'POST',
      at('sex-offender-monitoring-consent', people.peer, plain),
      consentBody(people.peer, 'Pia Clear'),
    );
    expect(res.statusCode).toBe(409);
    const view = await send(people.peer, 'GET', at('sex-offender-search-by-id', people.peer, plain));
    expect(view.json().monitoring).toBeNull();
  });
});

describe('continuous monitoring at the vendor', () => {
  it('enrols after the first clear search, with the evergreen flag, birth date and address at the vendor', async () => {
    const who = people.monitored;
    await clearSearchFor(who);
    await eventually(async () => (await monitorOf(who))?.status === 'active', 'the enrolment');
    const monitor = (await monitorOf(who))!;
    const atVendor = sandbox.monitors.read(monitor.vendorMonitorId!);
    expect(atVendor).toMatchObject({ status: 'active', candidate: { id: candidateOf(who)!.id } });
    expect(candidateOf(who)).toMatchObject({
      evergreen: true,
      date_of_birth: '1988-07-09',
      address: { line1: '1 Pitch Lane', state: 'OR', zip_code: '97201' },
    });
    expect(sandbox.monitors.all().filter((m) => m.candidate.id === candidateOf(who)!.id)).toHaveLength(1);
    expect((await send(who, 'GET', at('sex-offender-search-by-id', who))).json().monitoring).toMatchObject({
      status: 'active',
      enrolledAt: expect.any(String),
    });
    expect(await eventsOf(t, monitor.memberRequirementId)).toEqual(
      expect.arrayContaining([
        'sex-offender-monitoring-enrolment-requested',
        'sex-offender-monitoring-enrolled',
      ]),
    );
    // The reconciliation finds nothing more to do.
    expect(await reconcileSexOffenderMonitors(jobDepsOf(t.app))).toEqual({ enrolled: 0, unenrolled: 0 });
  });

  it('consent given after a clear search enrols at once; a member who declines keeps the cadence re-run only', async () => {
    await clearSearchFor(people.swept);
    await clearSearchFor(people.decliner);
    await clearSearchFor(people.leaver);
    await clearSearchFor(people.ended);
    for (const [who, name] of [
      [people.swept, 'Sid Clear'],
      [people.leaver, 'Lou Clear'],
      [people.ended, 'Eli Clear'],
    ] as const) {
      const res = await send(who, 'POST', at('sex-offender-monitoring-consent', who), consentBody(who, name));
      expect(res.statusCode).toBe(200);
      await eventually(async () => (await monitorOf(who))?.status === 'active', 'the enrolment');
    }
    expect(await monitorOf(people.decliner)).toBeUndefined();
  });

  it('the cadence re-run orders for the member who declined, never for a monitored one', async () => {
    const deps = jobDepsOf(t.app);
    const before = {
      monitored: (await ordersOf(people.monitored)).length,
      decliner: (await ordersOf(people.decliner)).length,
    };
    await rerunDueSexOffenderSearches(deps, new Date(Date.now() + 366 * 86_400_000));
    await eventually(
      async () => (await ordersOf(people.decliner)).length === before.decliner + 1,
      'the decliner’s re-run',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await ordersOf(people.monitored)).toHaveLength(before.monitored);
    expect(await ordersOf(people.swept)).toHaveLength(1);
  });

  it('a monitor’s hit arrives by webhook: stored as the requirement’s order, in review as SexOffenderSearch; the reviewer decides', async () => {
    const who = people.monitored;
    const monitor = (await monitorOf(who))!;
    sandbox.monitors.plantHit(candidateOf(who)!.id);
    await sandbox.clock.advance(86_400_000);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.PendingReview,
      'the hit in review',
    );
    expect(await requirementOf(who)).toMatchObject({ reviewSource: ReviewSource.SexOffenderSearch });
    const hits = (await ordersOf(who)).filter((o) => o.monitorId === monitor.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ status: 'needs_review', registryRecords: [expect.any(Object)] });
    const queue = await send(
      people.director,
      'GET',
      `${base}/review-requirements/${org.id}?reviewSource=SexOffenderSearch`,
    );
    expect(queue.json().items).toEqual([expect.objectContaining({ plaId: who.profileLevelAccessId })]);
    const match = await send(
      people.director,
      'GET',
      `${base}/${definitionId}/sex-offender-search-match/${who.profileLevelAccessId}`,
    );
    expect(match.json()).toMatchObject({
      member: { fullName: 'Mo Clear' },
      records: [{ fullName: 'Mo Clear' }],
    });
    const approve = await send(
      people.director,
      'POST',
      `${base}/${definitionId}/review/${who.profileLevelAccessId}`,
      {
        reviewDecision: 1,
        reviewNotes: 'Not the same person',
      },
    );
    expect(approve.statusCode).toBe(200);
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
    expect(await eventsOf(t, monitor.memberRequirementId)).toContain('sex-offender-monitoring-report');
    // The sweep finds the same report known: nothing new, and the decision stands.
    expect((await sweepSexOffenderMonitors(jobDepsOf(t.app))).adopted).toBe(0);
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
  });

  it('a hit whose webhook never came is found by the monitor sweep, once', async () => {
    const who = people.swept;
    sandbox.webhooks.clearEndpoints();
    sandbox.monitors.plantHit(candidateOf(who)!.id);
    await sandbox.clock.advance(86_400_000);
    const swept = await sweepSexOffenderMonitors(jobDepsOf(t.app));
    expect(swept).toMatchObject({ adopted: 1, failed: 0 });
    expect(await requirementOf(who)).toMatchObject({
      status: RequirementStatus.PendingReview,
      reviewSource: ReviewSource.SexOffenderSearch,
    });
    sandbox.webhooks.addEndpoint(`${appUrl}/api/webhooks/yardstik`);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();
    expect((await sweepSexOffenderMonitors(jobDepsOf(t.app))).adopted).toBe(0);
    expect((await ordersOf(who)).filter((o) => o.monitorId !== null)).toHaveLength(1);
  });

  it('withdrawing the consent unenrols, and the cadence re-run then resumes', async () => {
    const who = people.monitored;
    const withdrawn = await send(who, 'POST', at('withdraw-sex-offender-monitoring-consent', who));
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().monitoring.consent).toBeNull();
    await eventually(async () => (await monitorOf(who))?.status === 'inactive', 'the unenrolment');
    const monitor = (await monitorOf(who))!;
    expect(monitor).toMatchObject({ endReason: 'consent-withdrawn', deactivatedAt: expect.any(Date) });
    expect(sandbox.monitors.read(monitor.vendorMonitorId!)).toMatchObject({ status: 'inactive' });
    expect(await eventsOf(t, monitor.memberRequirementId)).toContain('sex-offender-monitoring-ended');
    const orders = (await ordersOf(who)).length;
    await rerunDueSexOffenderSearches(jobDepsOf(t.app), new Date(Date.now() + 800 * 86_400_000));
    await eventually(async () => (await ordersOf(who)).length === orders + 1, 'the resumed re-run');
  });

  it('a member who leaves (their access archived) is unenrolled', async () => {
    const who = people.leaver;
    const archived = await send(
      people.director,
      'DELETE',
      `/api/app/profile/profile-level-access/${who.profileLevelAccessId}`,
    );
    expect(archived.statusCode).toBe(204);
    await refreshMemberRequirements(t.database.db, org.id, { profileIds: [who.profileId] });
    const left = await requirementOf(who);
    expect(left.active).toBe(false);
    // A hit before the reconciliation has unenrolled them: kept as the vendor sent it, reviewed by nobody.
    sandbox.monitors.plantHit(candidateOf(who)!.id);
    await sandbox.clock.advance(86_400_000);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();
    await eventually(async () => (await ordersOf(who)).some((o) => o.monitorId !== null), 'the hit stored');
    expect(await requirementOf(who)).toMatchObject({ status: left.status, reviewSource: left.reviewSource });
    expect(await reconcileSexOffenderMonitors(jobDepsOf(t.app))).toMatchObject({ unenrolled: 1 });
    await eventually(async () => (await monitorOf(who))?.status === 'inactive', 'the unenrolment');
    expect(await monitorOf(who)).toMatchObject({ endReason: 'unassigned' });
    expect(sandbox.monitors.read((await monitorOf(who))!.vendorMonitorId!)).toMatchObject({
      status: 'inactive',
    });
  });

  it('a monitor the vendor ended is ended here by the sweep, and the cadence re-run resumes for the member', async () => {
    const who = people.ended;
    const monitor = (await monitorOf(who))!;
    sandbox.monitors.unenroll(monitor.vendorMonitorId!);
    expect(await sweepSexOffenderMonitors(jobDepsOf(t.app))).toMatchObject({ ended: 1, failed: 0 });
    expect(await monitorOf(who)).toMatchObject({ status: 'inactive', endReason: 'vendor' });
    expect(await eventsOf(t, monitor.memberRequirementId)).toContain('sex-offender-monitoring-ended');
    const orders = (await ordersOf(who)).length;
    await rerunDueSexOffenderSearches(jobDepsOf(t.app), new Date(Date.now() + 900 * 86_400_000));
    await eventually(async () => (await ordersOf(who)).length === orders + 1, 'the resumed re-run');
  });

  it('a member disqualified on a monitor’s hit is unenrolled: nothing is left to watch for', async () => {
    const who = people.disqualified;
    await clearSearchFor(who);
    const signed = await send(
      who,
      'POST',
      at('sex-offender-monitoring-consent', who),
      consentBody(who, 'Dax Clear'),
    );
    expect(signed.statusCode).toBe(200);
    await eventually(async () => (await monitorOf(who))?.status === 'active', 'the enrolment');
    sandbox.monitors.plantHit(candidateOf(who)!.id);
    await sandbox.clock.advance(86_400_000);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.PendingReview,
      'the hit in review',
    );
    // Reconciled while in review: the monitor keeps running.
    expect(await reconcileSexOffenderMonitors(jobDepsOf(t.app))).toEqual({ enrolled: 0, unenrolled: 0 });
    const rejected = await send(
      people.director,
      'POST',
      `${base}/${definitionId}/review/${who.profileLevelAccessId}`,
      { reviewDecision: 3, reviewNotes: 'Confirmed on the state registry' },
    );
    expect(rejected.statusCode).toBe(200);
    expect(await reconcileSexOffenderMonitors(jobDepsOf(t.app))).toEqual({ enrolled: 0, unenrolled: 1 });
    await eventually(async () => (await monitorOf(who))?.status === 'inactive', 'the unenrolment');
    const monitor = (await monitorOf(who))!;
    expect(monitor).toMatchObject({ endReason: 'disqualified' });
    expect(sandbox.monitors.read(monitor.vendorMonitorId!)).toMatchObject({ status: 'inactive' });
  });

  it('a pre-adverse notice on a monitor’s hit unenrols at once: a member in adverse action is not watched', async () => {
    const who = people.noticed;
    await clearSearchFor(who);
    const consent = consentBody(who, 'Nia Clear');
    expect((await send(who, 'POST', at('sex-offender-monitoring-consent', who), consent)).statusCode).toBe(
      200,
    );
    await eventually(async () => (await monitorOf(who))?.status === 'active', 'the enrolment');
    sandbox.monitors.plantHit(candidateOf(who)!.id);
    await sandbox.clock.advance(86_400_000);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.PendingReview,
      'the hit in review',
    );
    const notice = `${base}/${definitionId}/background-check-adverse-action/${who.profileLevelAccessId}`;
    const sent = await send(people.director, 'POST', notice, { reason: 'The registry record is the member' });
    expect(sent.statusCode).toBe(200);
    // Queued in the notice's own transaction, not left to the reconciliation.
    expect(await monitorOf(who)).toMatchObject({ endReason: 'adverse-action' });
    await eventually(async () => (await monitorOf(who))?.status === 'inactive', 'the unenrolment');
    expect(sandbox.monitors.read((await monitorOf(who))!.vendorMonitorId!)).toMatchObject({
      status: 'inactive',
    });
    expect(await reconcileSexOffenderMonitors(jobDepsOf(t.app))).toEqual({ enrolled: 0, unenrolled: 0 });
  });

  it('unassigning the requirement unenrols', async () => {
    const who = people.swept;
    const vendorId = (await monitorOf(who))!.vendorMonitorId!;
    await t.database.db
      .update(contentAssignments)
      .set({ deletedAt: new Date() })
      .where(eq(contentAssignments.id, assignmentId));
    await refreshMemberRequirements(t.database.db, org.id, { profileIds: [who.profileId] });
    expect(await reconcileSexOffenderMonitors(jobDepsOf(t.app))).toMatchObject({ unenrolled: 1 });
    await eventually(async () => (await monitorOf(who))?.status === 'inactive', 'the unenrolment');
    expect(sandbox.monitors.read(vendorId)).toMatchObject({ status: 'inactive' });
    expect(await reconcileSexOffenderMonitors(jobDepsOf(t.app))).toEqual({ enrolled: 0, unenrolled: 0 });
  });
});
