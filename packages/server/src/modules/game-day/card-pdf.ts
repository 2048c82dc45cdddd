import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { encode } from 'uqr';
import type { ClearanceCard } from '@touchline/contracts/game-day';
import { printable } from '../../requirement-core/pdf-text.ts';

const mm = 72 / 25.4;
const green = rgb(0.016, 0.47, 0.34);
const red = rgb(0.73, 0.11, 0.11);
const black = rgb(0, 0, 0);
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "15 Mar 2027" from 2027-03-15 (day first, as the reasons' "expired 3 Nov"). */
const dateText = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${Number(d)} ${months[Number(m) - 1] ?? ''} ${y}`;
};
/** "30 Nov 2026, 14:05 UTC": a printout is read anywhere, so the time says its zone. */
const timeText = (iso: string) => `${dateText(iso)}, ${iso.slice(11, 16)} UTC`;

/** Words laid in lines no wider than `width`; past `max` lines the last ends with "...". A lone long word is cut. */
function wrapText(text: string, font: PDFFont, size: number, width: number, max: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next) || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const shown = lines.slice(0, max);
  const cut = (s: string, always: boolean) => {
    if (!always && fits(s)) return s;
    let t = s;
    while (t.length > 1 && !fits(`${t}...`)) t = t.slice(0, -1);
    return `${t.trimEnd()}...`;
  };
  return shown.map((s, i) => cut(s, i === shown.length - 1 && lines.length > max));
}

/** The QR code's dark modules as one SVG path (a rectangle per run in a row): filled once, no seams between them. */
function qrPath(data: boolean[][]): string {
  const parts: string[] = [];
  data.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      const start = c;
      while (row[c + 1]) c++;
      parts.push(`M${start} ${r}L${c + 1} ${r}L${c + 1} ${r + 1}L${start} ${r + 1}Z`);
    }
  });
  return parts.join('');
}

/**
 * The printable clearance card (issue 33, ADR 044): an A6 page with the member's name, the organization, team and
 * role, today's state in words, valid-until and the QR code of the signed token (the screen's code, drawn as
 * vector shapes). The token expires like the screen's card; the page says until when. No photo: the print is for a
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
  const inner = width - 2 * left;
  // `y` is the top of the room left; each line takes its own height (a baseline at 0.8 of the size below the top,
  // 1.3 times the size from one line to the next), so a large line never runs into the small one above it.
  let y = page.getHeight() - 10 * mm;
  const write = (text: string, font: PDFFont, size: number, max: number) => {
    for (const shown of wrapText(text, font, size, inner, max)) {
      page.drawText(shown, { x: left, y: y - 0.8 * size, size, font, color: black });
      y -= size * 1.3;
    }
  };
  write(card.organizationName, bold, 9, 2);
  y -= 1 * mm;
  write(card.name, bold, 16, 2);
  write(`${card.levelName} · ${card.role}`, regular, 10, 2);

  // Today's state on a band of its colour, the reasons (or until when it holds) under it.
  y -= 2 * mm;
  const band = 10 * mm;
  const color = card.state === 'Cleared' ? green : red;
  page.drawRectangle({ x: left, y: y - band, width: inner, height: band, color });
  const state = { size: 14, font: bold, color: rgb(1, 1, 1) };
  page.drawText(card.state, { ...state, x: left + 3 * mm, y: y - band / 2 - 0.35 * state.size });
  y -= band + 2 * mm;
  const reasons = card.reasons.slice(0, 3);
  for (const reason of reasons) write(reason, regular, 9, 2);
  if (card.reasons.length > reasons.length)
    write(`and ${card.reasons.length - reasons.length} more`, regular, 9, 1);
  if (card.validUntil) write(`Valid until ${dateText(card.validUntil)}`, regular, 9, 1);

  // The code, as large as the room between the text and the footer allows (its white border of two modules is
  // part of the square), centred; the footer's two lines of 8 pt below it.
  const footer = 10 * mm + 2 * 8 * 1.3;
  const qr = encode(card.token, { ecc: 'M', border: 2 });
  const side = Math.min(inner, y - footer);
  page.drawSvgPath(qrPath(qr.data), { x: (width - side) / 2, y, scale: side / qr.size, color: black });
  y -= side;
  write(`Scan at the field. This code is good until ${timeText(card.tokenExpiresAt)}.`, regular, 8, 2);
  return doc.save();
}
