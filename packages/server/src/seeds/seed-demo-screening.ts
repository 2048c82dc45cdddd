import type { Deps, RequestContext } from '../deps.ts';
import { and, eq } from 'drizzle-orm';
import { fcraConsentText } from '@touchline/contracts/background-checks';
import { monitoringConsentText } from '@touchline/contracts/sex-offender-search';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { grantsOfProfile } from '../authz/actor-context.ts';
import { recordAuditEvent } from '../db/audit.ts';
import { profiles, screeningMonitors, screeningOrders } from '../db/schema/index.ts';
import { orderBackgroundCheckJob } from '../modules/background-checks/background-check.jobs.ts';
import { refreshScreeningReport } from '../modules/background-checks/background-check-orders.ts';
import { recordConsent, runBackgroundCheck } from '../modules/background-checks/background-check.service.ts';
import { submitLiveScan } from '../modules/live-scan/live-scan.service.ts';
import { completedFacts, recordChange } from '../requirement-core/requirement-state.ts';
import { lockRequirementForSystem } from '../requirement-core/requirement-target.ts';
import { orderSexOffenderSearchJob } from '../modules/sex-offender-search/sex-offender-search.jobs.ts';
import { beginSexOffenderSearch } from '../modules/sex-offender-search/sex-offender-search.service.ts';
import { enrollMonitorJob } from '../modules/sex-offender-search/sex-offender-monitoring.jobs.ts';
import { recordMonitoringConsent } from '../modules/sex-offender-search/sex-offender-monitoring.service.ts';
import { setUssfId } from '../modules/profiles/profile-updates.service.ts';
import { takeAbusePreventionTraining } from '../modules/abuse-prevention-training/abuse-prevention-training.service.ts';
import { uploadAbusePreventionCertificate } from '../modules/abuse-prevention-training/abuse-prevention.service.ts';
import { usSoccerCheckJob } from '../modules/us-soccer/us-soccer.service.ts';
import { reviewRequirement } from '../modules/reviews/reviews.service.ts';
import type { DemoAccountMaker } from './seed-demo-activity.ts';
import { demoPdf } from './seed-demo-files.ts';
import { demoEmailDomain } from './seed-demo.ts';
import {
  demoOrganization,
  demoScreeningAuditAction,
  latestOrder,
  queuedOrderId,
  requirementIdOf,
  seedStaff,
  seedRequestId,
  validityDays,
  type Seeded,
} from './seed-demo-screening-staff.ts';

/** How the seed reaches the Yardstik sandbox: the candidate's hosted apply page and the sandbox's clock. */
export type YardstikSandboxControl = { apiUrl: string; apiKey: string };
/** How the seed registers people with licenses in the US Soccer sandbox (`POST /__sandbox/people`). */
export type UsSoccerSandboxControl = { apiUrl: string; apiKey: string };

/**
 * Gives the demo league members in each state of each screening type (issues 20 and 22) on a level of their own,
 * through the use cases and the Yardstik sandbox: the member signs the consent and orders (or begins the search)
 * as themself, the queued order job runs now rather than after start-up, the sandbox's hosted apply page is
 * submitted for those who applied, the sandbox clock is advanced two days so their reports come back by last name,
 * and each report is re-read as a webhook would make it. Reviewers' decisions are the review use case, as the demo
 * administrator. Only two states are not reachable by the sandbox's clock (it runs forward only): a check that
 * cleared two years ago ("expired") is cleared now and its completion moved back through the engine's own write
 * (recordChange with the completion facts). Seeded once (an audit event marks it); null when there is nothing to do.
 */
export async function seedDemoScreening(
  deps: Deps,
  makeAccount: DemoAccountMaker,
  sandbox: YardstikSandboxControl,
  options: { usSoccer?: UsSoccerSandboxControl | undefined; now?: Date } = {},
): Promise<{ members: number } | null> {
  const now = options.now ?? new Date();
  const screening = deps.integrations.screening;
  if (!screening) return null;
  const organizationId = await demoOrganization(deps);
  if (!organizationId) return null;
  const [admin] = await deps.db
    .select({ userId: profiles.appUserId, profileId: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.email, `admin${demoEmailDomain}`)));
  if (!admin?.userId) return null;
  const reviewer: RequestContext = {
    requestId: seedRequestId,
    userId: admin.userId,
    profileId: admin.profileId,
    organizationId,
    grants: await grantsOfProfile(deps.db, organizationId, admin.profileId),
    platformAdmin: false,
  };
  // The account's packages, through the port: a background check is the first with more than one search.
  const packages = await screening.listPackages({});
  const backgroundPackage = packages.find((p) => p.searches.length > 1) ?? packages[0];
  if (!backgroundPackage) return null;
  const staff = await seedStaff(deps, organizationId, makeAccount, backgroundPackage);
  const screeningDeps = { db: deps.db, screening };
  const vendorCall = async (path: string, body: string, contentType: string) => {
    const res = await fetch(`${sandbox.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: `Account ${sandbox.apiKey}` },
      body,
    });
    if (!res.ok) throw new Error(`the Yardstik sandbox answered ${res.status} to ${path}`);
  };
  const applyAtVendor = (reportId: string) =>
    vendorCall(`/apply/${reportId}`, 'disclosure=on&authorization=on', 'application/x-www-form-urlencoded');
  const reread = async (memberRequirementId: string) =>
    refreshScreeningReport(screeningDeps, {}, (await latestOrder(deps, memberRequirementId)).vendorReportId);

  /** A completion `daysAgo` days back, through the engine's own write (the sandbox's clock runs forward only). */
  const backdate = (memberRequirementId: string, daysAgo: number, action: string) =>
    deps.db.transaction(async (tx) => {
      const at = new Date(now.getTime() - daysAgo * 86_400_000);
      const loaded = await lockRequirementForSystem(tx, organizationId, memberRequirementId);
      if (!loaded) throw new Error('the demo requirement is gone');
      await tx
        .update(screeningOrders)
        .set({ completedAt: at, createdAt: new Date(at.getTime() - 2 * 86_400_000) })
        .where(eq(screeningOrders.memberRequirementId, memberRequirementId));
      await recordChange(tx, loaded, {
        action,
        facts: completedFacts(loaded, at),
        data: { demo: `completed ${daysAgo} days ago` },
      });
    });

  /** The member signs the ongoing authorization after a clear search; the queued enrolment runs at once. */
  const monitorContinuously = async (s: Seeded & { memberRequirementId: string }) => {
    const [p] = await deps.db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, s.profileId));
    await recordMonitoringConsent(deps, s.ctx, {
      definitionId: s.definitionId,
      plaId: s.plaId,
      ipAddress: null,
      userAgent: null,
      body: {
        textVersion: monitoringConsentText.version,
        acceptDisclosure: true,
        acceptAuthorization: true,
        typedName: `${p?.firstName} ${p?.lastName}`,
        address: { line1: '1 Pitch Lane', line2: '', city: 'Riverside', state: 'CA', postalCode: '92501' },
      },
    });
    const [monitor] = await deps.db
      .select()
      .from(screeningMonitors)
      .where(eq(screeningMonitors.memberRequirementId, s.memberRequirementId));
    if (!monitor?.consentSubmissionId) throw new Error('the demo monitor was not queued');
    await enrollMonitorJob.run(
      deps,
      { organizationId, monitorId: monitor.id, consentSubmissionId: monitor.consentSubmissionId },
      { jobId: `demo-seed:monitor:${monitor.id}`, attempt: 1 },
    );
  };

  // 1. Orders, as the members place them.
  const ordered: (Seeded & { memberRequirementId: string })[] = [];
  for (const s of staff) {
    const ref = { definitionId: s.definitionId, plaId: s.plaId };
    const memberRequirementId = await requirementIdOf(deps, s);
    if (s.story.type === 'background-check') {
      const [p] = await deps.db
        .select({ firstName: profiles.firstName, lastName: profiles.lastName })
        .from(profiles)
        .where(eq(profiles.id, s.profileId));
      await recordConsent(deps, s.ctx, {
        ...ref,
        ipAddress: null,
        body: {
          textVersion: fcraConsentText.version,
          acceptDisclosure: true,
          acceptAuthorization: true,
          typedName: `${p?.firstName} ${p?.lastName}`,
          address: { line1: '1 Pitch Lane', line2: '', city: 'Riverside', state: 'CA', postalCode: '92501' },
        },
      });
      await runBackgroundCheck(deps, s.ctx, ref);
    } else if (s.story.type === 'sex-offender') {
      if (s.story.state === 'not-started') continue;
      await beginSexOffenderSearch(deps, s.ctx, ref);
    } else continue;
    const orderId = await queuedOrderId(deps, s, memberRequirementId);
    if (!orderId) throw new Error('no order was queued');
    const job = s.story.type === 'background-check' ? orderBackgroundCheckJob : orderSexOffenderSearchJob;
    // The queued job itself runs once the workers start and finds the order placed (it looks before it creates).
    await job.run(
      deps,
      { orderId, organizationId, memberRequirementId },
      { jobId: `demo-seed:${orderId}`, attempt: 1 },
    );
    ordered.push({ ...s, memberRequirementId });
  }

  // 2. Those whose reports come back: applied before the clock moves, then re-read.
  const state = (s: Seeded) => s.story.state;
  const comesBack = ordered.filter((s) => !['invited', 'applied', 'in-progress'].includes(state(s)));
  for (const s of comesBack)
    await applyAtVendor((await latestOrder(deps, s.memberRequirementId)).vendorReportId);
  if (comesBack.length > 0)
    await vendorCall('/__sandbox/clock/advance', JSON.stringify({ days: 2 }), 'application/json');
  for (const s of comesBack) await reread(s.memberRequirementId);
  // Applied just now: the vendor is researching.
  for (const s of ordered.filter((o) => state(o) === 'applied')) {
    await applyAtVendor((await latestOrder(deps, s.memberRequirementId)).vendorReportId);
    await reread(s.memberRequirementId);
  }

  // 3. Reviewers' decisions and the older completions.
  for (const s of ordered) {
    const ref = { definitionId: s.definitionId, plaId: s.plaId };
    if (state(s) === 'rejected')
      await reviewRequirement(deps, reviewer, {
        ...ref,
        body: {
          reviewDecision: ReviewOutcome.RejectedDisqualified,
          reviewNotes: 'The registry record is this member (demo).',
        },
      });
    if (state(s) === 'monitored') await monitorContinuously(s);
    if (state(s) === 'expired') {
      const days = s.story.type === 'background-check' ? validityDays.background : validityDays.sexOffender;
      await backdate(
        s.memberRequirementId,
        days + 10,
        s.story.type === 'background-check' ? 'background-check-result' : 'sex-offender-search-result',
      );
    }
  }

  // 4. LiveScan: the member submits the ATI number and the receipt; the custodian of records decides.
  const receipt = await demoPdf(['LiveScan receipt (demo)', 'ATI number and the operator’s stamp']);
  for (const [i, s] of staff.entries()) {
    if (s.story.type !== 'live-scan' || s.story.state === 'not-started') continue;
    const ref = { definitionId: s.definitionId, plaId: s.plaId };
    await submitLiveScan(deps, s.ctx, {
      ...ref,
      atiNumber: `A${(4_100_000 + i * 7919).toString()}`,
      read: async () => [{ bytes: receipt, originalName: 'livescan-receipt.pdf' }],
    });
    if (s.story.state === 'completed')
      await reviewRequirement(deps, reviewer, {
        ...ref,
        body: { reviewDecision: ReviewOutcome.Approved, reviewNotes: '' },
      });
    if (s.story.state === 'rejected')
      await reviewRequirement(deps, reviewer, {
        ...ref,
        body: {
          reviewDecision: ReviewOutcome.RejectedReset,
          reviewNotes: 'The receipt photo is unreadable: upload it again.',
        },
      });
  }

  // 5. Abuse-prevention training: the course opened at the provider, or a certificate of one taken elsewhere.
  const certificate = await demoPdf(['Certificate of completion (demo)', 'Abuse-prevention training']);
  const dayAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString().slice(0, 10);
  for (const s of staff) {
    if (s.story.type !== 'training' || s.story.state === 'not-started') continue;
    const ref = { definitionId: s.definitionId, plaId: s.plaId };
    if (s.story.state === 'in-progress') {
      // The provider's enrolment job is queued and runs once the workers start; the member is in the course now.
      if (deps.integrations.training) await takeAbusePreventionTraining(deps, s.ctx, ref);
      continue;
    }
    await uploadAbusePreventionCertificate(deps, s.ctx, {
      ...ref,
      completedOn: dayAgo(s.story.state === 'expired' ? 300 : 20),
      read: async () => [{ bytes: certificate, originalName: 'training-certificate.pdf' }],
    });
    if (s.story.state === 'completed' || s.story.state === 'expired')
      await reviewRequirement(deps, reviewer, {
        ...ref,
        body: { reviewDecision: ReviewOutcome.Approved, reviewNotes: '' },
      });
    if (s.story.state === 'rejected')
      await reviewRequirement(deps, reviewer, {
        ...ref,
        body: {
          reviewDecision: ReviewOutcome.RejectedReset,
          reviewNotes: 'This certificate is for another course: upload the abuse-prevention one.',
        },
      });
    if (s.story.state === 'expired')
      await backdate(await requirementIdOf(deps, s), validityDays.training + 10, 'review');
  }

  // 6. US Soccer: people with licenses registered in the sandbox, the member's id set, the lookup run.
  for (const [i, s] of staff.entries()) {
    if (!options.usSoccer || s.story.type !== 'us-soccer' || s.story.state === 'not-started') continue;
    const [p] = await deps.db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, s.profileId));
    const ussfId = `20000000000000${String(i).padStart(2, '0')}`;
    const lapsed = s.story.state === 'expired';
    const mismatch = s.story.state === 'pending-review' || s.story.state === 'rejected';
    const res = await fetch(`${options.usSoccer.apiUrl}/__sandbox/people`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.usSoccer.apiKey}` },
      body: JSON.stringify({
        ussf_id: ussfId,
        // A mismatch: the record's given name is not the member's (nor a nickname of it).
        first_name: mismatch ? 'Bartholomew' : p?.firstName,
        last_name: p?.lastName,
        birth_date: null,
        licenses: [
          {
            discipline: 'coach',
            license_level: 'D',
            issue_date: dayAgo(lapsed ? 1200 : 300),
            expiration_date: dayAgo(lapsed ? 40 : -700),
            status: lapsed ? 'expired' : 'active',
          },
        ],
      }),
    });
    if (!res.ok) throw new Error(`the US Soccer sandbox answered ${res.status}`);
    await setUssfId(
      deps,
      { ...s.ctx, requestId: `demo-seed-ussf-${i}` },
      {
        profileId: s.profileId,
        profileLevelAccessId: s.plaId,
        ussfId,
      },
    );
    const memberRequirementId = await requirementIdOf(deps, s);
    await usSoccerCheckJob.run(deps, { memberRequirementId }, { jobId: `demo-seed-ussf-${i}`, attempt: 1 });
    if (s.story.state === 'rejected')
      await reviewRequirement(deps, reviewer, {
        definitionId: s.definitionId,
        plaId: s.plaId,
        body: {
          reviewDecision: ReviewOutcome.RejectedDisqualified,
          reviewNotes: 'The license on record belongs to someone else (demo).',
        },
      });
  }

  await recordAuditEvent(
    deps.db,
    { userId: null },
    {
      organizationId,
      action: demoScreeningAuditAction,
      entityType: 'organization',
      entityId: organizationId,
      data: { members: staff.length },
    },
  );
  return { members: staff.length };
}
