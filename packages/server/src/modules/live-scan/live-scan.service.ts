import { and, asc, eq, isNull } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type {
  LiveScanLocation,
  LiveScanLocationBody,
  LiveScanUrlsResponse,
} from '@touchline/contracts/live-scan';
import type { RequirementActionResult } from '@touchline/contracts/requirement-completion';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewSource } from '@touchline/contracts/reviews';
import { authorize, holdsAnywhere } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { liveScanLocations, organizations, profiles, requirementSubmissions } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { certificateTypes, requireType, storeUploads } from '../requirements/requirement-files.service.ts';
import {
  actionResult,
  completedFacts,
  guardTransition,
  recordChange,
} from '../../requirement-core/requirement-state.ts';
import { loadRequirement, type RequirementRef } from '../../requirement-core/requirement-target.ts';
import type { RequirementUpload } from '../../requirement-core/requirement-upload.ts';
import { printable, writeLines } from '../../requirement-core/pdf-text.ts';

type LocationRow = typeof liveScanLocations.$inferSelect;

const present = (row: LocationRow): LiveScanLocation => ({
  id: row.id,
  state: row.state,
  name: row.name,
  requestFormUrl: row.requestFormUrl,
  locationsUrl: row.locationsUrl,
  ori: row.ori,
  agencyName: row.agencyName,
  agencyAddress: row.agencyAddress,
  mailCode: row.mailCode,
  levelOfService: row.levelOfService,
  typeOfApplicant: row.typeOfApplicant,
});

/** Another organization's id reads as not found (ADR 007): the caller's organization is the only one in reach. */
function ownOrganization(ctx: RequestContext, organizationId: string): void {
  if (organizationId !== ctx.organizationId) throw notFound('Organization');
}

const liveLocations = (db: Executor, organizationId: string) =>
  db
    .select()
    .from(liveScanLocations)
    .where(and(eq(liveScanLocations.organizationId, organizationId), isNull(liveScanLocations.deletedAt)))
    .orderBy(asc(liveScanLocations.state), asc(liveScanLocations.name));

/**
 * GET /api/app/organization/{id}/live-scan-urls (spec §7): the organization's LiveScan request forms and locations
 * by state, for any of its members (a member picks the state they are fingerprinted in).
 */
export async function listLiveScanLocations(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
): Promise<LiveScanUrlsResponse> {
  ownOrganization(ctx, organizationId);
  return { items: (await liveLocations(deps.db, organizationId)).map(present) };
}

/** POST /api/app/organization/{id}/live-scan-urls: an admin adds a location (ours: the list is admin-managed). */
export function addLiveScanLocation(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  input: { organizationId: string; body: LiveScanLocationBody },
): Promise<LiveScanLocation> {
  ownOrganization(ctx, input.organizationId);
  authorize(holdsAnywhere(ctx, 'adminLevel'));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(liveScanLocations)
      .values({ organizationId: input.organizationId, ...input.body, ori: input.body.ori.toUpperCase() })
      .returning();
    if (!row) throw new Error('the location was not written');
    await recordAuditEvent(tx, ctx, {
      organizationId: input.organizationId,
      action: 'live_scan_location.added',
      entityType: 'live_scan_location',
      entityId: row.id,
      data: { state: row.state, ori: row.ori },
    });
    return present(row);
  });
}

/** PUT /api/app/organization/{id}/live-scan-urls/{locationId}: an admin corrects a location (ours, like POST). */
export function updateLiveScanLocation(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  input: { organizationId: string; locationId: string; body: LiveScanLocationBody },
): Promise<LiveScanLocation> {
  ownOrganization(ctx, input.organizationId);
  authorize(holdsAnywhere(ctx, 'adminLevel'));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(liveScanLocations)
      .set({ ...input.body, ori: input.body.ori.toUpperCase(), updatedAt: new Date() })
      .where(
        and(
          eq(liveScanLocations.id, input.locationId),
          eq(liveScanLocations.organizationId, input.organizationId),
          isNull(liveScanLocations.deletedAt),
        ),
      )
      .returning();
    if (!row) throw notFound('Location');
    await recordAuditEvent(tx, ctx, {
      organizationId: input.organizationId,
      action: 'live_scan_location.updated',
      entityType: 'live_scan_location',
      entityId: row.id,
      data: { state: row.state, ori: row.ori },
    });
    return present(row);
  });
}

/** DELETE /api/app/organization/{id}/live-scan-urls/{locationId}: an admin removes one (kept, marked deleted). */
export function deleteLiveScanLocation(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  input: { organizationId: string; locationId: string },
): Promise<void> {
  ownOrganization(ctx, input.organizationId);
  authorize(holdsAnywhere(ctx, 'adminLevel'));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(liveScanLocations)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(liveScanLocations.id, input.locationId),
          eq(liveScanLocations.organizationId, input.organizationId),
          isNull(liveScanLocations.deletedAt),
        ),
      )
      .returning();
    if (!row) throw notFound('Location');
    await recordAuditEvent(tx, ctx, {
      organizationId: input.organizationId,
      action: 'live_scan_location.deleted',
      entityType: 'live_scan_location',
      entityId: row.id,
    });
  });
}

/** The pre-filled request form's contents. */
export type LiveScanRequestForm = {
  location: LiveScanLocation;
  organizationName: string;
  member: { firstName: string; lastName: string; dateOfBirth: string | null; email: string | null };
  requirementName: string;
};

/**
 * GET {id}/live-scan-request-form?plaId&locationId: what the member's request form is filled with, for the member
 * (or a manager printing it for them).
 */
export async function liveScanRequestForm(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  ref: RequirementRef & { locationId: string },
): Promise<LiveScanRequestForm> {
  const loaded = await loadRequirement(deps.db, ctx, ref, 'view');
  requireType(loaded, RequirementType.LiveScan);
  const [location] = (await liveLocations(deps.db, ctx.organizationId)).filter(
    (l) => l.id === ref.locationId,
  );
  if (!location) throw notFound('Location');
  const [member] = await deps.db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      dateOfBirth: profiles.dateOfBirth,
      email: profiles.email,
    })
    .from(profiles)
    .where(eq(profiles.id, loaded.target.profileId));
  const [organization] = await deps.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return {
    location: present(location),
    organizationName: organization?.name ?? '',
    member: member ?? { ...loaded.member, dateOfBirth: null, email: null },
    requirementName: loaded.definition.name,
  };
}

/**
 * The request form as a PDF (pdf-lib): the agency section (ORI, agency, mail code, level of service) filled from
 * the organization's location, the applicant section from the member, and the steps; the member brings it to a
 * LiveScan site, where the operator reads it.
 */
export async function liveScanRequestFormPdf(form: LiveScanRequestForm): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`LiveScan request - ${form.member.firstName} ${form.member.lastName}`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage();
  const { location: l, member: m } = form;
  let at = writeLines(doc, bold, { page, y: page.getHeight() - 56 }, 'Request for LiveScan Service', 16);
  at = writeLines(doc, font, at, `${form.organizationName} - ${form.requirementName} (${l.state})`);
  at = writeLines(doc, bold, { ...at, y: at.y - 8 }, 'Applicant submission (agency information)');
  for (const line of [
    `ORI: ${l.ori}`,
    `Agency authorized to receive results: ${l.agencyName}`,
    `Agency address: ${l.agencyAddress ?? ''}`,
    `Mail code: ${l.mailCode ?? ''}`,
    `Level of service: ${l.levelOfService ?? ''}`,
    `Type of applicant: ${l.typeOfApplicant ?? ''}`,
  ])
    at = writeLines(doc, font, at, line);
  at = writeLines(doc, bold, { ...at, y: at.y - 8 }, 'Applicant information');
  for (const line of [
    `Name: ${m.lastName}, ${m.firstName}`,
    `Date of birth: ${m.dateOfBirth ?? '(write in)'}`,
    `E-mail: ${m.email ?? ''}`,
    'Driver license / ID number, sex, height, weight, eye and hair colour, place of birth, address: to be completed',
    'by the applicant and checked against photo identification by the LiveScan operator.',
  ])
    at = writeLines(doc, font, at, line);
  at = writeLines(doc, bold, { ...at, y: at.y - 8 }, 'What happens next');
  writeLines(
    doc,
    font,
    at,
    [
      '1. Take this form and photo identification to a LiveScan site' +
        (l.locationsUrl ? ` (find one at ${l.locationsUrl}).` : '.'),
      '2. Keep the receipt: it shows your ATI number.',
      '3. In Touchline, enter the ATI number and upload a photo of the receipt.',
      'The state sends results only to the agency above, never to Touchline; a reviewer of your organization',
      'confirms your clearance in Touchline.',
    ].join('\n'),
  );
  return Buffer.from(await doc.save());
}

/**
 * POST {id}/submit-live-scan?plaId&atiNumber (the "submit" action, multipart `file`: the receipt photo): the
 * requirement waits for the organization's custodian of records (review source LiveScan), who confirms or rejects
 * it in the review queue. The ATI number is kept as a submission beside the receipt.
 */
export function submitLiveScan(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { atiNumber: string; read: () => Promise<RequirementUpload[]> },
): Promise<RequirementActionResult> {
  const spec = {
    ref: input,
    action: 'submit' as const,
    role: 'live-scan-receipt',
    read: input.read,
    accept: certificateTypes,
    check: (loaded: Parameters<typeof guardTransition>[0]) => {
      requireType(loaded, RequirementType.LiveScan);
      guardTransition(loaded, 'submitForReview');
    },
  };
  return storeUploads(deps, ctx, spec, async (tx, loaded, files) => {
    await tx
      .update(requirementSubmissions)
      .set({ supersededAt: new Date() })
      .where(
        and(
          eq(requirementSubmissions.memberRequirementId, loaded.requirement.id),
          eq(requirementSubmissions.kind, 'live-scan'),
          isNull(requirementSubmissions.supersededAt),
        ),
      );
    await tx.insert(requirementSubmissions).values({
      organizationId: ctx.organizationId,
      memberRequirementId: loaded.requirement.id,
      kind: 'live-scan',
      data: { atiNumber: input.atiNumber, receiptFileIds: files.map((f) => f.id) },
      createdByUserId: ctx.userId,
    });
    await recordChange(tx, loaded, {
      action: 'submit-live-scan',
      transition: 'submitForReview',
      facts: completedFacts(loaded, new Date(), true, ReviewSource.LiveScan),
      data: { atiNumber: input.atiNumber, fileIds: files.map((f) => f.id) },
    });
    return actionResult(tx, loaded);
  });
}
