import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** The standard fonts encode WinAnsi only; anything else prints as '?'. */
const printable = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

/**
 * A small one-page PDF with the given lines (the first as a title): the demo's stand-in for a member's scanned
 * sheet, insurance card or certificate, so a reviewer opening a seeded upload sees a real file.
 */
export async function demoPdf(lines: readonly string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(lines[0] ?? 'Demo file'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([420, 298]);
  page.drawRectangle({
    x: 16,
    y: 16,
    width: 388,
    height: 266,
    borderColor: rgb(0.1, 0.45, 0.3),
    borderWidth: 2,
  });
  let y = 240;
  for (const [i, line] of lines.entries()) {
    const size = i === 0 ? 15 : i === lines.length - 1 ? 8 : 11;
    page.drawText(printable(line), {
      x: 36,
      y,
      size,
      font: i === 0 ? bold : font,
      color: rgb(0.1, 0.1, 0.1),
      maxWidth: 348,
    });
    y -= i === 0 ? 34 : 22;
  }
  return Buffer.from(await doc.save());
}
