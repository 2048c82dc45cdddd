import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { encode } from 'uqr';
import type { ClearanceCard } from '@touchline/contracts/game-day';
import { printable } from '../../requirement-core/pdf-text.ts';

const mm = 72 / 25.4;
const green = rgb(0.016, 0.47, 0.34);
const red = rgb(0.73, 0.11, 0.11);

const dateText = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The printable clearance card (issue 33, ADR 044): an A6 page with the member's name, the organization, team and
 * role, today's state in words, valid-until and the QR code of the signed token (drawn as squares: it scans like the
 * screen's). The token expires like the screen's card; the page says until when. No photo: the print is for a
 * member without a phone, and a check-in compares the person with the photo the checker's screen shows online.
 */
export async function clearanceCardPdf(card: ClearanceCard): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`Clearance card: ${card.name}`));
  doc.setCreator('Touchline');
  const page = doc.addPage([105 * mm, 148 * mm]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = page.getWidth();
  const left = 8 * mm;
  let y = page.getHeight() - 12 * mm;
  const line = (text: string, font = regular, size = 10, color = rgb(0, 0, 0)) => {
    let shown = printable(text);
    while (shown.length > 4 && font.widthOfTextAtSize(shown, size) > width - 2 * left)
      shown = `${shown.slice(0, -4)}...`;
    page.drawText(shown, { x: left, y, size, font, color });
    y -= size * 1.35;
  };
  line(card.organizationName, bold, 9);
  line(card.name, bold, 16);
  line(`${card.levelName} · ${card.role}`, regular, 10);
  y -= 2 * mm;
  const cleared = card.state === 'Cleared';
  page.drawRectangle({
    x: left,
    y: y - 4 * mm,
    width: width - 2 * left,
    height: 10 * mm,
    color: cleared ? green : red,
  });
  page.drawText(card.state, { x: left + 3 * mm, y: y - 1.5 * mm, size: 14, font: bold, color: rgb(1, 1, 1) });
  y -= 10 * mm;
  for (const reason of card.reasons.slice(0, 3)) line(reason, regular, 9);
  if (card.validUntil) line(`Valid until ${dateText(card.validUntil)}`, regular, 9);
  const qr = encode(card.token, { ecc: 'M', border: 2 });
  const side = Math.min(width - 2 * left, y - 16 * mm);
  const cell = side / qr.size;
  const top = y - 2 * mm;
  const x0 = (width - side) / 2;
  qr.data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark)
        page.drawRectangle({
          x: x0 + c * cell,
          y: top - (r + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
    }),
  );
  y = top - side - 5 * mm;
  line(
    `Scan at the field. This code is good until ${new Date(card.tokenExpiresAt).toUTCString()}.`,
    regular,
    7,
  );
  return doc.save();
}
