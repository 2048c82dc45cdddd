import { afterAll, describe, expect, it } from 'vitest';
import { DocumentImageError } from '@touchline/contracts/verification';
import { checkDocumentImage, DocumentImageRefused } from './document-image.ts';
import { closeDocumentReaders, readProof } from './document-reader.ts';
import { readMrz } from './proof-parsing.ts';
import { verificationConfig } from './verification.config.ts';
import {
  asJpeg,
  birthCertificate,
  blurred,
  driversLicence,
  passportMrz,
  passportPage,
  reportCard,
} from './verification.samples.ts';

afterAll(closeDocumentReaders);

const { blurThreshold } = verificationConfig({});
const person = { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' };

async function refusal(bytes: Buffer): Promise<DocumentImageRefused> {
  try {
    await checkDocumentImage(bytes, blurThreshold);
  } catch (err) {
    if (err instanceof DocumentImageRefused) return err;
    throw err;
  }
  throw new Error('the image was accepted');
}

describe('document image checks', () => {
  it('accepts a sharp card, as PNG and as a phone JPEG, and measures it far above the threshold', async () => {
    const png = await birthCertificate(person);
    const checked = await checkDocumentImage(png, blurThreshold);
    expect(checked.sharpness).toBeGreaterThan(blurThreshold * 3);
    expect((await checkDocumentImage(await asJpeg(png), blurThreshold)).sharpness).toBeGreaterThan(
      blurThreshold,
    );
  });

  it('the threshold separates blur levels: sigma 1 still reads, sigma 2 and beyond are too blurry', async () => {
    const png = await birthCertificate(person);
    const at = async (sigma: number) =>
      (await checkDocumentImage(await blurred(png, 0.3 + sigma), 1)).sharpness;
    const [s1, s2, s3, s5] = [await at(0.7), await at(1.7), await at(2.7), await at(4.7)];
    expect(s1).toBeGreaterThan(blurThreshold);
    expect(s2).toBeLessThan(blurThreshold);
    expect(s3).toBeLessThan(s2);
    expect(s5).toBeLessThan(s3);
    for (const sigma of [2, 3, 5]) {
      const refused = await refusal(await blurred(png, sigma));
      expect(refused.reason).toBe(DocumentImageError.TooBlurry);
      expect(refused.sharpness).toBeLessThan(blurThreshold);
    }
  });

  it('a truncated image, bytes that are no image and an empty file are processing errors', async () => {
    const png = await birthCertificate(person);
    expect((await refusal(png.subarray(0, Math.floor(png.length / 2)))).reason).toBe(
      DocumentImageError.ProcessingError,
    );
    expect((await refusal(Buffer.from('not an image at all'))).reason).toBe(
      DocumentImageError.ProcessingError,
    );
    expect((await refusal(Buffer.alloc(0))).reason).toBe(DocumentImageError.ProcessingError);
  });
});

describe('reading proofs', () => {
  it('OCR reads the date of birth on a birth certificate and finds the name', async () => {
    const { png } = await checkDocumentImage(await birthCertificate(person), blurThreshold);
    const { reading, text } = await readProof(png);
    expect(reading.sources).toEqual(['ocr']);
    expect(reading.dateOfBirth).toBe('2013-05-14');
    expect(text).toMatch(/JANE SMITH/);
  });

  it('OCR reads the grade on a report card', async () => {
    const { png } = await checkDocumentImage(
      await reportCard({ firstName: 'Jane', lastName: 'Smith', gradeText: 'Grade: 5th Grade' }),
      blurThreshold,
    );
    expect((await readProof(png)).reading.grade).toBe(5);
  });

  it('the PDF417 barcode of a driver licence gives the AAMVA name, birth date and expiry', async () => {
    const image = await driversLicence({ ...person, expiry: '2031-05-14' });
    const { png } = await checkDocumentImage(image, blurThreshold);
    const { reading } = await readProof(png);
    expect(reading.sources).toContain('pdf417');
    expect(reading).toMatchObject({
      firstName: 'JANE',
      lastName: 'SMITH',
      dateOfBirth: '2013-05-14',
      documentExpiry: '2031-05-14',
    });
  });

  it('a passport MRZ is parsed with its check digits; a tampered digit fails them', async () => {
    const good = passportMrz({ ...person, expiry: '2031-01-15' });
    expect(readMrz(good.join('\n'), new Date('2026-11-29'))).toEqual({
      firstName: 'JANE',
      lastName: 'SMITH',
      dateOfBirth: '2013-05-14',
      expiry: '2031-01-15',
      valid: true,
    });
    const bad = passportMrz({ ...person, expiry: '2031-01-15', tamper: true });
    expect(readMrz(bad.join('\n'))?.valid).toBe(false);
    const { png } = await checkDocumentImage(
      await passportPage({ ...person, expiry: '2031-01-15' }),
      blurThreshold,
    );
    const { reading } = await readProof(png);
    expect(reading.sources).toContain('mrz');
    expect(reading.dateOfBirth).toBe('2013-05-14');
  });
});
