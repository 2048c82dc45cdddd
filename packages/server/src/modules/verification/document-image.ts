import sharp, { type Sharp } from 'sharp';
import { DocumentImageError } from '@touchline/contracts/verification';

/** Longest side a document is read at: enough for OCR and barcodes, bounded work for a phone's 12 MP photo. */
const readWidth = 2000;
/** Width the sharpness is measured at, so a large photo and a small scan are judged on one scale. */
const measureWidth = 1000;
/** A decoder limit well above any phone photo (a 50 MP image), so a decompression bomb is refused, not decoded. */
const maxInputPixels = 50_000_000;

/** A document image that passed the checks: the normalized image to read from and its sharpness. */
export type CheckedDocumentImage = { png: Buffer; width: number; height: number; sharpness: number };

/** Why a document image was refused: one of the spec's two document errors (§5). */
export class DocumentImageRefused extends Error {
  constructor(
    readonly reason: DocumentImageError,
    readonly sharpness: number | null = null,
  ) {
    super(reason);
  }
}

/**
 * The variance of the 3×3 Laplacian of the greyscale image (a standard focus measure): edges of sharp text give
 * large second derivatives, a blurred image small ones.
 */
export async function laplacianVariance(image: Sharp): Promise<number> {
  const { data } = await image
    .clone()
    .greyscale()
    .resize({ width: measureWidth, withoutEnlargement: true })
    .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], offset: 128 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  let squares = 0;
  for (const value of data) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / data.length;
  return squares / data.length - mean * mean;
}

/**
 * The document checks run before anything is stored (issue 29): the bytes must decode as a whole image
 * (else ProcessingError: unreadable, truncated, not an image) and be sharp enough to read (else TooBlurry).
 * Returns the upright greyscale image the readers use.
 */
export async function checkDocumentImage(
  bytes: Buffer,
  blurThreshold: number,
): Promise<CheckedDocumentImage> {
  let image: Sharp;
  try {
    image = sharp(bytes, { failOn: 'truncated', limitInputPixels: maxInputPixels }).rotate();
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    const sharpness = await laplacianVariance(image);
    if (sharpness < blurThreshold) throw new DocumentImageRefused(DocumentImageError.TooBlurry, sharpness);
    const { data, info } = await image
      .greyscale()
      .resize({ width: readWidth, height: readWidth, fit: 'inside', withoutEnlargement: true })
      .normalise()
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height, sharpness };
  } catch (err) {
    if (err instanceof DocumentImageRefused) throw err;
    throw new DocumentImageRefused(DocumentImageError.ProcessingError);
  }
}
