import type { Deps, RequestContext } from '../../deps.ts';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { margin, printable, size, writeLines } from '../../requirement-core/pdf-text.ts';
import type { SignedWaiver } from '@touchline/contracts/requirement-completion';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { requirementEvents } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { requireType } from './requirement-files.service.ts';
import { liveSubmission } from '../../requirement-core/requirement-state.ts';
import { loadRequirement, type RequirementRef } from '../../requirement-core/requirement-target.ts';

/** GET {id}/waiver/view?plaId: the signed waiver as signed (its text then), with the requirement's events. */
export async function signedWaiver(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { action?: 'view' | 'download' },
): Promise<SignedWaiver> {
  const db = deps.db;
  const loaded = await loadRequirement(db, ctx, input, input.action ?? 'view');
  requireType(loaded, RequirementType.Waiver);
  const signature = await liveSubmission(db, loaded, 'waiver-signature');
  if (!signature) throw notFound('Signed waiver');
  const data = signature.data as Record<string, string | null>;
  const events = await db
    .select({
      action: requirementEvents.action,
      at: requirementEvents.createdAt,
      actorUserId: requirementEvents.actorUserId,
    })
    .from(requirementEvents)
    .where(
      and(
        eq(requirementEvents.organizationId, ctx.organizationId),
        eq(requirementEvents.memberRequirementId, loaded.requirement.id),
      ),
    )
    .orderBy(asc(requirementEvents.createdAt));
  return {
    definitionId: loaded.definition.id,
    waiverName: data.waiverName ?? loaded.definition.name,
    waiverText: data.waiverText ?? '',
    memberName: data.memberName ?? '',
    typedName: data.typedName ?? '',
    signedAt: data.signedAt ?? signature.createdAt.toISOString(),
    ipAddress: data.ipAddress ?? null,
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
  };
}

/** The signed waiver as a PDF (pdf-lib): the waiver text, the typed signature and time, then an audit page. */
export async function signedWaiverPdf(waiver: SignedWaiver): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`${waiver.waiverName} - signed by ${waiver.memberName}`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const script = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const first = doc.addPage();
  let at = writeLines(doc, bold, { page: first, y: first.getHeight() - margin }, waiver.waiverName, 16);
  at = writeLines(doc, font, at, waiver.waiverText);
  at = writeLines(doc, bold, { ...at, y: at.y - size }, 'Signature');
  at = writeLines(doc, script, at, waiver.typedName, 18);
  at = writeLines(doc, font, at, `Signed by ${waiver.memberName} on ${waiver.signedAt} (UTC)`);
  writeLines(doc, font, at, `I agree: yes. IP address: ${waiver.ipAddress ?? 'not recorded'}`);
  const audit = doc.addPage();
  at = writeLines(doc, bold, { page: audit, y: audit.getHeight() - margin }, 'Audit trail', 16);
  for (const event of waiver.events)
    at = writeLines(doc, font, at, `${event.at}  ${event.action}  by user ${event.actorUserId ?? 'system'}`);
  return Buffer.from(await doc.save());
}
