import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Face photos for the tests, built at run time from the one real face the face-model package ships: its author's
 * own photo in `@vladmandic/human/assets/screenshot-faceid.jpg` (MIT licence, © Vladimir Mandic; read from
 * node_modules, not copied into this repository). Sunglasses and a face cover are drawn over it with sharp.
 */
const require = createRequire(import.meta.url);
const asset = path.join(
  path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..'),
  'assets',
  'screenshot-faceid.jpg',
);

/** The face, cropped from the screenshot and enlarged to 480×480 (a phone's front-camera selfie, roughly). */
export function facePhoto(): Promise<Buffer> {
  return sharp(asset)
    .extract({ left: 14, top: 142, width: 140, height: 140 })
    .resize(480, 480)
    .png()
    .toBuffer();
}

/** Two people side by side (the detector needs each face large enough in a wide picture). */
export async function twoFaces(): Promise<Buffer> {
  const face = await sharp(await facePhoto())
    .resize(400, 400)
    .toBuffer();
  const mirrored = await sharp(face).flop().toBuffer();
  return sharp({ create: { width: 960, height: 500, channels: 3, background: '#888888' } })
    .composite([
      { input: face, left: 20, top: 50 },
      { input: mirrored, left: 480, top: 50 },
    ])
    .png()
    .toBuffer();
}

/** The face far away: 70 px in a 1200 px photo. */
export async function farAway(): Promise<Buffer> {
  const face = await sharp(await facePhoto())
    .resize(70, 70)
    .toBuffer();
  return sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#888888' } })
    .composite([{ input: face, left: 560, top: 500 }])
    .png()
    .toBuffer();
}

/** No face: a wall. */
export function emptyWall(): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 480, channels: 3, background: '#bbccaa' } })
    .png()
    .toBuffer();
}

// Landmarks of the 480×480 face (its eyes, nose, cheeks and chin), as the face mesh finds them.
const leftEye = { x: 174, y: 166 };
const rightEye = { x: 301, y: 167 };
const eyeWidth = 51;

/** The face wearing dark sunglasses. */
export async function withSunglasses(): Promise<Buffer> {
  const lens = (c: { x: number; y: number }) =>
    `<ellipse cx="${c.x}" cy="${c.y}" rx="${eyeWidth * 0.85}" ry="${eyeWidth * 0.6}" fill="#111"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">${lens(leftEye)}${lens(rightEye)}<rect x="199" y="163" width="76" height="6" fill="#111"/></svg>`;
  return sharp(await facePhoto())
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

/** The face behind a light-blue cloth mask from the nose down. */
export async function withMask(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><path d="M 97 221 L 377 221 L 377 354 Q 235 404 97 354 Z" fill="#9cc7e8"/></svg>';
  return sharp(await facePhoto())
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}
