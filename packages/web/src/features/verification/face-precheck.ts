import { facePhotoFailureMessages } from '@touchline/contracts/verification';

/**
 * The browser's quick look at a face photo before it is sent (issue 29: instant feedback where it is cheap). It
 * never replaces the server's face checks, which run on every photo sent: it only spares the member an upload that
 * would obviously be refused, and the member may always send the photo anyway. Loaded lazily by the capture step.
 */

/** What the browser measured on a photo: its size, its mean brightness (0–255) and, where the browser has a face
 * detector (the Shape Detection API's FaceDetector), the faces' boxes; null faces = no detector here. */
export type FaceMeasure = {
  width: number;
  height: number;
  meanLuma: number;
  faces: { width: number; height: number }[] | null;
};

/** The verdict: fine to send, or why not (the spec's reason where the server would give one). */
export type FacePrecheck = { ok: true } | { ok: false; message: string };

/**
 * The limits: a photo smaller than `minSide` pixels on its shorter side, darker or brighter on average than the
 * luma bounds, or (with a detector) whose face is narrower than `minFaceShare` of the shorter side — the server's
 * own "Face too small" share (face-check.ts, ADR 039).
 */
export const precheckLimits = { minSide: 240, minLuma: 40, maxLuma: 235, minFaceShare: 0.2 } as const;

/** Judges a measured photo; pure, so it is tested without a browser. */
export function judgeFacePhoto(m: FaceMeasure): FacePrecheck {
  const shorter = Math.min(m.width, m.height);
  if (shorter < precheckLimits.minSide)
    return { ok: false, message: 'The photo is too small: take it with the camera, not a thumbnail.' };
  if (m.meanLuma < precheckLimits.minLuma)
    return { ok: false, message: 'The photo is too dark: face a window or a lamp and take it again.' };
  if (m.meanLuma > precheckLimits.maxLuma)
    return { ok: false, message: 'The photo is too bright: move out of direct light and take it again.' };
  if (m.faces === null) return { ok: true };
  if (m.faces.length === 0) return { ok: false, message: facePhotoFailureMessages.NoFaceDetected };
  if (m.faces.length > 1) return { ok: false, message: facePhotoFailureMessages.MultipleFacesDetected };
  if (m.faces[0]!.width / shorter < precheckLimits.minFaceShare)
    return { ok: false, message: facePhotoFailureMessages.FaceTooSmall };
  return { ok: true };
}

type DetectedFace = { boundingBox: { width: number; height: number } };
type FaceDetectorLike = { detect(image: ImageBitmap): Promise<DetectedFace[]> };
type FaceDetectorClass = new (options?: {
  fastMode?: boolean;
  maxDetectedFaces?: number;
}) => FaceDetectorLike;

/** The sample the brightness is measured on: small, so it costs a few milliseconds on a phone. */
const sampleSide = 64;

/**
 * Measures a photo in the browser: decoded by createImageBitmap, brightness from a 64 px copy on a canvas, faces
 * from the FaceDetector where the browser has one. Null when this browser cannot decode or draw it (the server
 * then judges alone).
 */
export async function measureFacePhoto(photo: Blob): Promise<FaceMeasure | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo);
  } catch {
    return null;
  }
  try {
    const canvas = document.createElement('canvas');
    canvas.width = sampleSide;
    canvas.height = sampleSide;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, sampleSide, sampleSide);
    const { data } = context.getImageData(0, 0, sampleSide, sampleSide);
    let sum = 0;
    for (let i = 0; i < data.length; i += 4)
      sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    const meanLuma = sum / (data.length / 4);
    const Detector = (globalThis as { FaceDetector?: FaceDetectorClass }).FaceDetector;
    let faces: FaceMeasure['faces'] = null;
    if (Detector) {
      try {
        const found = await new Detector({ fastMode: true, maxDetectedFaces: 3 }).detect(bitmap);
        faces = found.map((f) => ({ width: f.boundingBox.width, height: f.boundingBox.height }));
      } catch {
        faces = null; // A detector that fails (no platform support behind the API) says nothing.
      }
    }
    return { width: bitmap.width, height: bitmap.height, meanLuma, faces };
  } finally {
    bitmap.close();
  }
}

/** Measures and judges; anything the browser cannot do passes to the server's checks. */
export async function precheckFacePhoto(photo: Blob): Promise<FacePrecheck> {
  const measure = await measureFacePhoto(photo).catch(() => null);
  return measure ? judgeFacePhoto(measure) : { ok: true };
}
