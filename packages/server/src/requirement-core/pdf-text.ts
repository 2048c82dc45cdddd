import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/** The page margin and body text size of the PDFs we print (a signed waiver, a LiveScan request form). */
export const margin = 56;
export const size = 11;

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
