import { and, desc, eq, isNull } from 'drizzle-orm';
import { agencyDisplayName } from '@touchline/contracts/background-checks';
import type { SharedCredentialSummary } from '@touchline/contracts/credential-sharing';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { usSoccerLicenseCatalog } from '@touchline/contracts/us-soccer';
import {
  VerificationStatus,
  verificationKindLabels,
  type VerificationKind,
} from '@touchline/contracts/verification';
import type { Executor } from '../db/client.ts';
import {
  screeningOrders,
  trainingEnrollments,
  usSoccerLicenseChecks,
  verifications,
} from '../db/schema/index.ts';
import { addDays, dayOf } from './engine/calendar.ts';

// What one completed credential says, read from where each capability keeps it (ADR 049): the background check's
// latest order, the training enrolment, the latest verification, the last license lookup. Only the summary is read:
// never a report link, a certificate, a proof image or a registry record.

/** The requirement and definition a summary is read for. */
export type SummarySource = {
  organizationId: string;
  memberRequirementId: string;
  type: number;
  name: string;
  content: Record<string, unknown>;
  completedAt: Date;
  /** The day the completion expires (Expired from that day on), null = never. */
  expiresAt: string | null;
};

type Detail = Pick<
  SharedCredentialSummary,
  'result' | 'vendor' | 'packageCode' | 'packageName' | 'sandbox'
> & { searches?: string[] | null };

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

async function backgroundCheck(db: Executor, s: SummarySource, sandbox: boolean): Promise<Detail> {
  const [order] = await db
    .select({
      vendor: screeningOrders.vendor,
      packageId: screeningOrders.packageId,
      packageSearches: screeningOrders.packageSearches,
      status: screeningOrders.status,
    })
    .from(screeningOrders)
    .where(
      and(
        eq(screeningOrders.organizationId, s.organizationId),
        eq(screeningOrders.memberRequirementId, s.memberRequirementId),
      ),
    )
    .orderBy(desc(screeningOrders.createdAt), desc(screeningOrders.id))
    .limit(1);
  if (!order)
    return {
      result: 'Completed',
      vendor: str(s.content['vendor']) === 'Generic' ? 'Generic' : null,
      packageCode: str(s.content['packageId']),
      packageName: str(s.content['packageName']),
      sandbox: false,
    };
  return {
    result: order.status === 'clear' ? 'Clear' : 'Completed',
    vendor: agencyDisplayName(order.vendor),
    packageCode: order.packageId,
    packageName: str(s.content['packageName']),
    // As the vendor listed them when this order was placed (not the definition's: what was searched is the order's).
    searches: order.packageSearches && order.packageSearches.length > 0 ? order.packageSearches : null,
    sandbox,
  };
}

async function training(db: Executor, s: SummarySource): Promise<Detail> {
  const [row] = await db
    .select({
      provider: trainingEnrollments.provider,
      courseId: trainingEnrollments.courseId,
      state: trainingEnrollments.state,
      sandbox: trainingEnrollments.sandbox,
    })
    .from(trainingEnrollments)
    .where(
      and(
        eq(trainingEnrollments.organizationId, s.organizationId),
        eq(trainingEnrollments.memberRequirementId, s.memberRequirementId),
      ),
    );
  if (!row || row.state !== 'completed')
    return {
      result: 'Completed',
      vendor: 'Certificate upload',
      packageCode: null,
      packageName: null,
      sandbox: false,
    };
  return {
    result: 'Completed',
    vendor: row.provider === 'talentlms' ? 'TalentLMS' : row.provider,
    packageCode: row.courseId,
    packageName: `Course ${row.courseId}`,
    sandbox: row.sandbox,
  };
}

async function verification(db: Executor, s: SummarySource): Promise<Detail> {
  const [row] = await db
    .select({
      kind: verifications.kind,
      status: verifications.status,
      session: verifications.vendorSessionId,
    })
    .from(verifications)
    .where(
      and(
        eq(verifications.organizationId, s.organizationId),
        eq(verifications.memberRequirementId, s.memberRequirementId),
        isNull(verifications.supersededAt),
      ),
    )
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  const identity = s.type === RequirementType.IdentityVerification;
  const kind = (row?.kind ?? (identity ? null : str(s.content['kind']))) as VerificationKind | null;
  const cleared =
    row?.status === VerificationStatus.ClearedVerification ||
    row?.status === VerificationStatus.ClearedReview;
  return {
    result: cleared ? 'Verified' : 'Completed',
    vendor: row?.session ? 'Stripe Identity' : row ? 'Document check' : null,
    packageCode: kind,
    packageName: kind && kind in verificationKindLabels ? verificationKindLabels[kind] : null,
    sandbox: false,
  };
}

async function license(db: Executor, s: SummarySource): Promise<Detail> {
  const [row] = await db
    .select({ code: usSoccerLicenseChecks.satisfiedCode, sandbox: usSoccerLicenseChecks.sandbox })
    .from(usSoccerLicenseChecks)
    .where(
      and(
        eq(usSoccerLicenseChecks.organizationId, s.organizationId),
        eq(usSoccerLicenseChecks.memberRequirementId, s.memberRequirementId),
      ),
    );
  const grade = usSoccerLicenseCatalog.find((g) => g.code === row?.code);
  return {
    result: grade ? 'Licensed' : 'Completed',
    vendor: row ? 'US Soccer' : null,
    packageCode: grade?.code ?? null,
    packageName: grade?.label ?? null,
    sandbox: row?.sandbox ?? false,
  };
}

/**
 * The summary of one completed credential, exactly what the member is shown before consenting and what the other
 * organization receives. `screeningSandbox`: the deployment's screening vendor is a sandbox (the summary says so).
 */
export async function credentialSummary(
  db: Executor,
  source: SummarySource,
  screeningSandbox: boolean,
): Promise<SharedCredentialSummary> {
  const detail =
    source.type === RequirementType.BackgroundCheck
      ? await backgroundCheck(db, source, screeningSandbox)
      : source.type === RequirementType.AbusePreventionTraining
        ? await training(db, source)
        : source.type === RequirementType.USSoccer
          ? await license(db, source)
          : await verification(db, source);
  return {
    requirementType: source.type,
    requirementName: source.name,
    completedOn: dayOf(source.completedAt),
    // The last day it counts: the engine's expiry day is the first day it no longer does.
    validUntil: source.expiresAt === null ? null : addDays(source.expiresAt, -1),
    ...detail,
    searches: detail.searches ?? null,
  };
}
