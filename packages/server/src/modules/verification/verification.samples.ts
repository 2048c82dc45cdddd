import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';

/**
 * Sample proofs for the tests, drawn here with sharp from SVG (nothing copied from a real document, so nothing to
 * license): a birth certificate, a report card, a passport data page with a computed TD3 machine-readable zone, and
 * a driver's licence with an AAMVA PDF417 barcode written by zxing-wasm.
 */

const require = createRequire(import.meta.url);
const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function card(
  lines: { text: string; size?: number; mono?: boolean; y: number }[],
  width = 1000,
  height = 640,
) {
  const texts = lines
    .map(
      (l) =>
        `<text x="48" y="${l.y}" font-family="${l.mono ? 'DejaVu Sans Mono' : 'DejaVu Sans'}" font-size="${l.size ?? 34}" fill="#111">${escape(l.text)}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4efe3"/><rect x="16" y="16" width="${width - 32}" height="${height - 32}" fill="none" stroke="#6b5b3e" stroke-width="6"/>${texts}</svg>`,
  );
}

const png = (svg: Buffer) => sharp(svg).png().toBuffer();

/** A birth certificate naming a child and their date of birth (written as May 14, 2013 style and numeric). */
export function birthCertificate(p: { firstName: string; lastName: string; dateOfBirth: string }) {
  const [y, m, d] = p.dateOfBirth.split('-');
  return png(
    card([
      { text: 'STATE OF OREGON', y: 90, size: 30 },
      { text: 'CERTIFICATE OF LIVE BIRTH', y: 150, size: 42 },
      { text: `Child: ${p.firstName.toUpperCase()} ${p.lastName.toUpperCase()}`, y: 260 },
      { text: `Date of birth: ${m}/${d}/${y}`, y: 330 },
      { text: 'Place of birth: Portland, Multnomah County', y: 400 },
      { text: 'Registrar: A. Clerk      File 2013-004417', y: 520, size: 26 },
    ]),
  );
}

/** A report card naming a student and their grade. */
export function reportCard(p: { firstName: string; lastName: string; gradeText: string }) {
  return png(
    card([
      { text: 'RIVERSIDE ELEMENTARY SCHOOL', y: 90, size: 36 },
      { text: 'REPORT CARD 2026-2027', y: 150, size: 30 },
      { text: `Student: ${p.firstName} ${p.lastName}`, y: 250 },
      { text: p.gradeText, y: 320 },
      { text: 'Reading  A     Mathematics  B+     Science  A', y: 420, size: 28 },
    ]),
  );
}

/** The ICAO 9303 check digit (weights 7, 3, 1; '<' counts 0, letters A=10…). */
export function mrzCheckDigit(value: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (const [i, ch] of [...value].entries()) {
    const v = ch === '<' ? 0 : /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55;
    sum += v * (weights[i % 3] ?? 1);
  }
  return String(sum % 10);
}

/** A TD3 passport MRZ (two lines of 44) for a holder; `tamper` changes a digit after the check digits are set. */
export function passportMrz(p: {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  expiry: string;
  tamper?: boolean;
}) {
  const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
  const line1 = `P<USA${p.lastName.toUpperCase()}<<${p.firstName.toUpperCase()}`.padEnd(44, '<').slice(0, 44);
  const doc = 'C4X9K2M7P';
  const dob = yymmdd(p.dateOfBirth);
  const exp = yymmdd(p.expiry);
  const personal = '<'.repeat(14);
  const core = `${doc}${mrzCheckDigit(doc)}USA${dob}${mrzCheckDigit(dob)}F${exp}${mrzCheckDigit(exp)}${personal}${mrzCheckDigit(personal)}`;
  const composite = mrzCheckDigit(
    `${doc}${mrzCheckDigit(doc)}${dob}${mrzCheckDigit(dob)}${exp}${mrzCheckDigit(exp)}${personal}${mrzCheckDigit(personal)}`,
  );
  let line2 = `${core}${composite}`;
  if (p.tamper) line2 = line2.slice(0, 13) + String((Number(line2[13]) + 1) % 10) + line2.slice(14);
  return [line1, line2] as const;
}

/** A passport data page: printed fields and the MRZ at the bottom in a monospace face. */
export function passportPage(p: Parameters<typeof passportMrz>[0]) {
  const [l1, l2] = passportMrz(p);
  return png(
    card(
      [
        { text: 'PASSPORT   UNITED STATES OF AMERICA', y: 80, size: 30 },
        { text: `Surname: ${p.lastName.toUpperCase()}`, y: 170 },
        { text: `Given names: ${p.firstName.toUpperCase()}`, y: 230 },
        { text: `Date of birth: ${p.dateOfBirth}`, y: 290 },
        { text: l1, y: 520, size: 32, mono: true },
        { text: l2, y: 580, size: 32, mono: true },
      ],
      1040,
      640,
    ),
  );
}

/** The AAMVA payload of a US driver's licence (version 8): header, DL subfile, names, birth date, expiry. */
export function aamvaPayload(p: {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  expiry: string;
}) {
  const mmddyyyy = (iso: string) => iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(0, 4);
  const body = [
    'DLDAQD1234567',
    `DCS${p.lastName.toUpperCase()}`,
    `DAC${p.firstName.toUpperCase()}`,
    'DADNONE',
    `DBB${mmddyyyy(p.dateOfBirth)}`,
    `DBA${mmddyyyy(p.expiry)}`,
    'DBD01012024',
    'DAJOR',
    'DCGUSA',
  ].join('\n');
  return `@\n\u001e\rANSI 636029080001DL00310200${'\n'}${body}\n`;
}

/** A driver's licence: printed text and the PDF417 barcode (the back of the card) side by side. */
export async function driversLicence(p: Parameters<typeof aamvaPayload>[0]) {
  const writer = await import('zxing-wasm/writer');
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  await writer.prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
    },
    fireImmediately: true,
  });
  const written = await writer.writeBarcode(aamvaPayload(p), { format: 'PDF417', scale: 3 });
  if (!written.image) throw new Error(written.error || 'no barcode image');
  const barcode = await sharp(Buffer.from(await written.image.arrayBuffer()))
    .resize({ width: 900 })
    .png()
    .toBuffer();
  const meta = await sharp(barcode).metadata();
  const front = card(
    [{ text: 'OREGON DRIVER LICENSE', y: 80, size: 34 }],
    1000,
    160 + (meta.height ?? 300) + 40,
  );
  return sharp(front)
    .composite([{ input: barcode, top: 140, left: 50 }])
    .png()
    .toBuffer();
}

/** The same image blurred with a Gaussian of `sigma` pixels (a shaky or out-of-focus phone photo). */
export function blurred(image: Buffer, sigma: number) {
  return sharp(image).blur(sigma).png().toBuffer();
}

/** The image as a JPEG (what a phone camera sends). */
export function asJpeg(image: Buffer) {
  return sharp(image).jpeg({ quality: 88 }).toBuffer();
}
