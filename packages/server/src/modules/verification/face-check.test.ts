import { describe, expect, it } from 'vitest';
import { FacePhotoFailureReason } from '@touchline/contracts/verification';
import { checkFacePhoto } from './face-check.ts';
import { emptyWall, facePhoto, farAway, twoFaces, withMask, withSunglasses } from './face.samples.ts';

describe('face photo checks (the spec failure reasons)', () => {
  it('a clear face passes: None', async () => {
    expect(await checkFacePhoto(await facePhoto())).toBe(FacePhotoFailureReason.None);
  });

  it('each failure reason from an image built to produce it', async () => {
    expect(await checkFacePhoto(await emptyWall())).toBe(FacePhotoFailureReason.NoFaceDetected);
    expect(await checkFacePhoto(await twoFaces())).toBe(FacePhotoFailureReason.MultipleFacesDetected);
    expect(await checkFacePhoto(await farAway())).toBe(FacePhotoFailureReason.FaceTooSmall);
    expect(await checkFacePhoto(await withSunglasses())).toBe(FacePhotoFailureReason.SunglassesDetected);
    expect(await checkFacePhoto(await withMask())).toBe(FacePhotoFailureReason.FaceCovered);
  });

  it('bytes that are no image are the unexpected error', async () => {
    expect(await checkFacePhoto(Buffer.from('not a photo'))).toBe(FacePhotoFailureReason.Other);
    const photo = await facePhoto();
    expect(await checkFacePhoto(photo.subarray(0, photo.length / 3))).toBe(FacePhotoFailureReason.Other);
  });
});
