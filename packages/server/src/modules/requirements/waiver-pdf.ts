import type { Deps, RequestContext } from '../../deps.ts';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
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

const margin = 56;
const size = 11;

/** The standard fonts encode WinAnsi only: anything else becomes '?', so every typed text can be printed. */
export const printable = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff\n]/g, '?');

/** Writes wrapped lines from the top of new pages as needed; returns the page and height it ended on. */
export function writeLines(
  doc: PDFDocument,
  font: PDFFont,
  start: { page: PDFPage; y: number },
  text: string,
  fontSize = size,
) {
  let { page, y } = start;
  const width = page.getWidth() - 2 * margin;
  for (const paragraph of printable(text).split('\n')) {
    let line = '';
    const flush = () => {
      if (y < margin) {
        page = doc.addPage();
        y = page.getHeight() - margin;
      }
      page.drawText(line, { x: margin, y, size: fontSize, font, color: rgb(0, 0, 0) });
      y -= fontSize * 1.4;
      line = '';
    };
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, fontSize) > width && line) {
        flush();
        line = word;
      } else line = next;
    }
    flush();
  }
  return { page, y };
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
