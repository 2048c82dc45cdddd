import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { FacePhotoFailureReason } from '@touchline/contracts/verification';

const require = createRequire(import.meta.url);

/** Thresholds of the face checks (ADR 039), calibrated in face-check.test.ts on built images. */
export type FaceCheckConfig = {
  /** A face narrower than this share of the photo's shorter side is too small. */
  minFaceShare: number;
  /** Eye-region brightness over skin brightness below this: sunglasses. */
  sunglassesRatio: number;
  /** Chromaticity distance between the mouth region and the skin above this: the face is covered. */
  coverChromaDistance: number;
  /** Brightness spread in the mouth region below this (a flat cloth): the face is covered. */
  coverMinTexture: number;
};

/** The defaults: a face at least a fifth of the photo; sunglasses and covers as measured (see the test). */
export const defaultFaceCheckConfig: FaceCheckConfig = {
  minFaceShare: 0.2,
  sunglassesRatio: 0.35,
  coverChromaDistance: 0.06,
  coverMinTexture: 8,
};

type Tensor = { dispose(): void };
type HumanFace = { score: number; box: [number, number, number, number]; mesh: [number, number, number?][] };
type HumanInstance = {
  load(): Promise<void>;
  detect(input: Tensor): Promise<{ face: HumanFace[] }>;
  tf: {
    tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
    expandDims(tensor: Tensor, axis: number): Tensor;
  };
};

let human: Promise<HumanInstance> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Node's fetch refuses `file://`, and Human fetches its models and the wasm binary with the global fetch: this
 * answers `file://` URLs from disk and passes every other call through unchanged (installed once per process).
 */
function allowFileFetch(): void {
  const marker = Symbol.for('touchline.fileFetch');
  const current = globalThis.fetch as typeof fetch & { [marker]?: true };
  if (current[marker]) return;
  const wrapped = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('file://')) return new Response(readFileSync(new URL(url)));
    return current(input, init);
  }) as typeof fetch & { [marker]?: true };
  wrapped[marker] = true;
  globalThis.fetch = wrapped;
}

/**
 * One face model set per process (STACK "Wave 3"): Human on its wasm backend, its detector, mesh and iris models
 * read from the package, nothing downloaded; loaded on first use.
 */
function faceModels(): Promise<HumanInstance> {
  human ??= (async () => {
    allowFileFetch();
    const humanRoot = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
    const wasmRoot = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
    const { Human } = require(path.join(humanRoot, 'dist', 'human.node-wasm.js')) as {
      Human: new (config: Record<string, unknown>) => HumanInstance;
    };
    const instance = new Human({
      backend: 'wasm',
      wasmPath: `file://${path.join(wasmRoot, 'dist')}/`,
      wasmPlatformFetch: false,
      modelBasePath: `file://${path.join(humanRoot, 'models')}/`,
      debug: false,
      cacheModels: false,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 5, minConfidence: 0.5 },
        mesh: { enabled: true },
        iris: { enabled: true },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
        attention: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    await instance.load();
    return instance;
  })();
  return human;
}

/** Loads the face models now (a server may warm them at start; the first check would otherwise wait ~100 ms). */
export async function warmFaceModels(): Promise<void> {
  await faceModels();
}

type Pixels = { data: Buffer; width: number; height: number };
type Region = { rgb: [number, number, number]; lum: number; spread: number };

/** Mean colour, brightness and brightness spread of squares of side 2r around mesh points. */
function region(px: Pixels, points: readonly ([number, number, number?] | undefined)[], r: number): Region {
  let n = 0;
  const sum = [0, 0, 0];
  let squares = 0;
  for (const point of points) {
    if (!point) continue;
    const [cx, cy] = point;
    for (let y = Math.round(cy - r); y <= cy + r; y++)
      for (let x = Math.round(cx - r); x <= cx + r; x++) {
        if (x < 0 || y < 0 || x >= px.width || y >= px.height) continue;
        const o = (y * px.width + x) * 3;
        const [red, green, blue] = [px.data[o] ?? 0, px.data[o + 1] ?? 0, px.data[o + 2] ?? 0];
        const lum = 0.299 * red + 0.587 * green + 0.114 * blue;
        sum[0] = (sum[0] ?? 0) + red;
        sum[1] = (sum[1] ?? 0) + green;
        sum[2] = (sum[2] ?? 0) + blue;
        squares += lum * lum;
        n++;
      }
  }
  const rgb = sum.map((v) => v / Math.max(1, n)) as [number, number, number];
  const lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2];
  return { rgb, lum, spread: Math.sqrt(Math.max(0, squares / Math.max(1, n) - lum * lum)) };
}

const chroma = ([r, g, b]: [number, number, number]) => {
  const total = Math.max(1, r + g + b);
  return [r / total, g / total] as const;
};

/** The measures the sunglasses and cover checks read off the face mesh (MediaPipe face mesh indices). */
export function faceRegions(px: Pixels, face: HumanFace) {
  const m = face.mesh;
  const r = Math.max(2, face.box[2] * 0.04);
  const eyes = region(px, [m[159], m[145], m[386], m[374], m[468], m[473]], r);
  const skin = region(px, [m[50], m[280], m[10], m[151]], r);
  const mouth = region(px, [m[13], m[14], m[61], m[291], m[17], m[199]], r);
  const [sr, sg] = chroma(skin.rgb);
  const [mr, mg] = chroma(mouth.rgb);
  return {
    eyeToSkin: eyes.lum / Math.max(1, skin.lum),
    mouthChromaDistance: Math.hypot(sr - mr, sg - mg),
    mouthSpread: mouth.spread,
  };
}

async function pixelsOf(bytes: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(bytes, { failOn: 'truncated', limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error('not an RGB image');
  return { data, width: info.width, height: info.height };
}

async function detect(px: Pixels): Promise<HumanFace[]> {
  const h = await faceModels();
  const image = h.tf.tensor3d(new Uint8Array(px.data), [px.height, px.width, 3], 'int32');
  const batch = h.tf.expandDims(image, 0);
  image.dispose();
  try {
    return (await h.detect(batch)).face;
  } finally {
    batch.dispose();
  }
}

/** The bare library work on a photo, decode and detection, with none of our checks: the bench's baseline. */
export async function detectFacesOnly(bytes: Buffer): Promise<number> {
  return (await detect(await pixelsOf(bytes))).length;
}

/**
 * The face photo checks of the spec (§5 failure reasons), run on the server before a photo is accepted: exactly
 * one face, large enough, eyes not hidden by sunglasses, mouth and nose not covered. Nothing measured is kept:
 * the answer is the reason alone. Any failure to read the photo or run the model is `Other` (the spec's
 * "unexpected error"). Calls are serialized: one model, one detection at a time.
 */
export function checkFacePhoto(
  bytes: Buffer,
  config: FaceCheckConfig = defaultFaceCheckConfig,
): Promise<FacePhotoFailureReason> {
  const run = queue.then(async (): Promise<FacePhotoFailureReason> => {
    try {
      const px = await pixelsOf(bytes);
      const faces = await detect(px);
      if (faces.length === 0) return FacePhotoFailureReason.NoFaceDetected;
      if (faces.length > 1) return FacePhotoFailureReason.MultipleFacesDetected;
      const face = faces[0] as HumanFace;
      if (face.box[2] / Math.min(px.width, px.height) < config.minFaceShare)
        return FacePhotoFailureReason.FaceTooSmall;
      const measures = faceRegions(px, face);
      if (measures.eyeToSkin < config.sunglassesRatio) return FacePhotoFailureReason.SunglassesDetected;
      if (
        measures.mouthChromaDistance > config.coverChromaDistance ||
        measures.mouthSpread < config.coverMinTexture
      )
        return FacePhotoFailureReason.FaceCovered;
      return FacePhotoFailureReason.None;
    } catch {
      return FacePhotoFailureReason.Other;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
