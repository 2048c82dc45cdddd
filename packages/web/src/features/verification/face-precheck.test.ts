import { describe, expect, it } from 'vitest';
import { facePhotoFailureMessages } from '@touchline/contracts/verification';
import { judgeFacePhoto, precheckFacePhoto, precheckLimits, type FaceMeasure } from './face-precheck.ts';

const good: FaceMeasure = { width: 720, height: 960, meanLuma: 130, faces: [{ width: 300, height: 380 }] };

describe('the browser’s quick look at a face photo', () => {
  it('passes a well-lit photo with one face large enough', () => {
    expect(judgeFacePhoto(good)).toEqual({ ok: true });
    // No detector in this browser: size and light only.
    expect(judgeFacePhoto({ ...good, faces: null })).toEqual({ ok: true });
  });

  it('flags a thumbnail, a dark or a blown-out photo, with guidance', () => {
    expect(judgeFacePhoto({ ...good, width: 200 })).toMatchObject({ ok: false, message: /too small/ });
    expect(judgeFacePhoto({ ...good, meanLuma: precheckLimits.minLuma - 1 })).toMatchObject({
      ok: false,
      message: /too dark/,
    });
    expect(judgeFacePhoto({ ...good, meanLuma: 250 })).toMatchObject({ ok: false, message: /too bright/ });
  });

  it('with a face detector, answers the spec’s reasons as the server would', () => {
    expect(judgeFacePhoto({ ...good, faces: [] })).toEqual({
      ok: false,
      message: facePhotoFailureMessages.NoFaceDetected,
    });
    expect(judgeFacePhoto({ ...good, faces: [good.faces![0]!, good.faces![0]!] })).toEqual({
      ok: false,
      message: facePhotoFailureMessages.MultipleFacesDetected,
    });
    // The server's share: a face narrower than 20 % of the shorter side (720 px) is too small.
    expect(judgeFacePhoto({ ...good, faces: [{ width: 143, height: 180 }] })).toEqual({
      ok: false,
      message: facePhotoFailureMessages.FaceTooSmall,
    });
    expect(judgeFacePhoto({ ...good, faces: [{ width: 144, height: 180 }] })).toEqual({ ok: true });
  });

  it('a browser that cannot decode the photo leaves it to the server', async () => {
    expect(await precheckFacePhoto(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }))).toEqual({
      ok: true,
    });
  });
});
