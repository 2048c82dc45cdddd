import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as ZXingReader from 'zxing-wasm/reader';
import type { ProofReading } from '@touchline/contracts/age-verification';
import {
  birthDateIn,
  gradeIn,
  parseAamva,
  readMrz,
  type AamvaFields,
  type MrzFields,
} from './proof-parsing.ts';

const require = createRequire(import.meta.url);

type TesseractWorker = {
  recognize: (image: Buffer) => Promise<{ data: { text: string } }>;
  terminate: () => Promise<unknown>;
};
type ZXing = typeof ZXingReader;

let ocrWorker: Promise<TesseractWorker> | null = null;
let zxing: Promise<ZXing> | null = null;

/**
 * One OCR worker per process (ADR 039): tesseract.js with the English model from @tesseract.js-data/eng, read from
 * node_modules so nothing is downloaded at run time.
 */
function ocr(): Promise<TesseractWorker> {
  ocrWorker ??= (async () => {
    const { createWorker } = (await import('tesseract.js')) as unknown as {
      createWorker: (lang: string, oem: number, options: Record<string, unknown>) => Promise<TesseractWorker>;
    };
    const langPath = path.join(
      path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
      '4.0.0_best_int',
    );
    return createWorker('eng', 1, { langPath, cacheMethod: 'none', gzip: true });
  })();
  return ocrWorker;
}

/** The barcode reader, its wasm read from the package (the default fetches it from a CDN). */
function barcodes(): Promise<ZXing> {
  zxing ??= (async () => {
    const module = await import('zxing-wasm/reader');
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await module.prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
      },
      fireImmediately: true,
    });
    return module;
  })();
  return zxing;
}

/** Ends the OCR worker (an app's close); the next reading starts a new one. */
export async function closeDocumentReaders(): Promise<void> {
  const worker = ocrWorker;
  ocrWorker = null;
  if (worker) await (await worker).terminate();
}

/** The AAMVA fields of the first PDF417 barcode on the image, if any. */
export async function readPdf417(png: Buffer): Promise<AamvaFields | null> {
  const reader = await barcodes();
  const found = await reader.readBarcodes(new Uint8Array(png), {
    formats: ['PDF417'],
    tryHarder: true,
    textMode: 'Plain',
  });
  for (const code of found) {
    const fields = parseAamva(code.text);
    if (fields) return fields;
  }
  return null;
}

/** The text OCR reads on the image. */
export async function readText(png: Buffer): Promise<string> {
  return (await (await ocr()).recognize(png)).data.text;
}

/** Everything read on a proof, and the OCR text (kept only in memory: the reading is what is stored). */
export type ProofRead = {
  reading: ProofReading;
  text: string;
  aamva: AamvaFields | null;
  mrz: MrzFields | null;
};

/**
 * Reads a checked proof image (issue 29 "read the proof, don't just store it"): an AAMVA PDF417 barcode, the OCR
 * text, a passport MRZ within it (check digits), the date of birth and grade written on it. A barcode or a valid
 * MRZ names the person; plain OCR text cannot say which words are the name, so the matcher searches it.
 */
export async function readProof(png: Buffer, now = new Date()): Promise<ProofRead> {
  const aamva = await readPdf417(png);
  const text = await readText(png);
  const mrz = readMrz(text, now);
  const sources: ProofReading['sources'] = ['ocr'];
  if (aamva) sources.push('pdf417');
  if (mrz) sources.push('mrz');
  const named = aamva ?? (mrz?.valid ? mrz : null);
  const reading: ProofReading = {
    sources,
    firstName: named?.firstName ?? null,
    lastName: named?.lastName ?? null,
    dateOfBirth: aamva?.dateOfBirth ?? (mrz?.valid ? mrz.dateOfBirth : null) ?? birthDateIn(text),
    grade: gradeIn(text),
    documentExpiry: aamva?.expiry ?? mrz?.expiry ?? null,
    mrzValid: mrz ? mrz.valid : null,
  };
  return { reading, text, aamva, mrz };
}
