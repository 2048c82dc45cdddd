import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { defaultImageQuality, imageWidths, smallImageSizes } from '@touchline/contracts/images';
import { openLinkedImage } from '../organizations/organizations.service.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';

// Responsive images (issue 32, spec §9): an organization's logo or a profile picture served resized to exactly the
// spec's widths (any other asked width: 400), quality 75 by default, AVIF or WebP when the browser accepts them
// (else the original type), with validators so a repeat costs nothing. The original is kept as uploaded.

/** The width an asked width is served at: one of the spec's widths or small sizes exactly, anything else 400. */
export function servedWidth(asked: number): number {
  return (imageWidths as readonly number[]).includes(asked) ||
    (smallImageSizes as readonly number[]).includes(asked)
    ? asked
    : 400;
}

/** The format the browser gets: AVIF, else WebP, when its Accept names them; else the original's own type. */
export function servedFormat(accept: string | undefined, original: string): 'avif' | 'webp' | 'jpeg' | 'png' {
  const types = (accept ?? '').toLowerCase();
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return original === 'image/png' ? 'png' : 'jpeg';
}

const resizable = new Set(['image/jpeg', 'image/png', 'image/webp']);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** One served image: its bytes, type, validator and how long the link behind it lasts. */
export type ServedImage = { body: Buffer; contentType: string; etag: string; maxAgeSeconds: number };

/**
 * The image behind a signed file link at a width and quality, in the best format the browser accepts. Never
 * enlarged past the original; a file that is not a JPEG, PNG or WebP image reads as not found.
 */
export async function resizedImage(
  deps: Deps,
  input: { token: string; width: number; quality?: number | undefined; accept: string | undefined },
): Promise<ServedImage> {
  const file = await openLinkedImage(deps, input.token);
  if (!resizable.has(file.contentType)) {
    file.stream.destroy();
    throw notFound('Image');
  }
  const width = servedWidth(input.width);
  const quality = input.quality ?? defaultImageQuality;
  const format = servedFormat(input.accept, file.contentType);
  const original = await bytesOf(file.stream);
  const pipeline = sharp(original).rotate().resize({ width, withoutEnlargement: true });
  const body = await (
    format === 'avif'
      ? pipeline.avif({ quality })
      : format === 'webp'
        ? pipeline.webp({ quality })
        : format === 'png'
          ? pipeline.png({ quality })
          : pipeline.jpeg({ quality, mozjpeg: true })
  ).toBuffer();
  const etag = `"${createHash('sha256').update(original).update(`${width}/${quality}/${format}`).digest('base64url').slice(0, 27)}"`;
  return {
    body,
    contentType: `image/${format}`,
    etag,
    maxAgeSeconds: Math.max(0, file.expiresAt - Math.floor(Date.now() / 1000)),
  };
}
