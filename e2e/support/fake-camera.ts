import fs from 'node:fs/promises';
import type { Locator } from '@playwright/test';

/** The fake camera's frame size: Chromium's default capture size. */
const width = 640;
const height = 480;

/**
 * Writes what a camera held over `shown` sees as a Y4M video, the format Chromium's fake camera plays in a loop
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>.y4m`). The element is taken as the
 * screen shows it (a screenshot of, say, the member's card on their phone), laid on a grey table in the middle of
 * the frame at 80% of its height, and turned into the luma plane; the chroma planes are neutral (a grey picture: a
 * QR reader reads luma only).
 *
 * Y4M: one ASCII header line "YUV4MPEG2 W.. H.. F.. Ip A1:1 C420jpeg" (C420jpeg: 4:2:0, full-range luma, which is
 * what the BT.601 weights below give), then per frame "FRAME\n" and the I420 planes (Y at full size, then U and V at
 * half width and height). Chromium's parser (media/capture/video/file_video_capture_device.cc) wants the file to end
 * exactly after a frame and reads its header from the first 200 bytes. The picture is made by the page's browser
 * (a blank page decodes the PNG and scales it on a canvas), so nothing but Playwright is needed.
 */
export async function writeCameraVideo(shown: Locator, file: string, frames = 3): Promise<void> {
  const png = await shown.screenshot();
  const blank = await shown.page().context().newPage();
  let luma: string;
  try {
    luma = await blank.evaluate(
      async ({ base64, w, h }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(w, h);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.fillStyle = '#8a8a8a';
        context.fillRect(0, 0, w, h);
        const scale = (h * 0.8) / Math.max(image.width, image.height);
        const dw = Math.round(image.width * scale);
        const dh = Math.round(image.height * scale);
        context.drawImage(image, Math.round((w - dw) / 2), Math.round((h - dh) / 2), dw, dh);
        const { data } = context.getImageData(0, 0, w, h);
        let plane = '';
        for (let i = 0; i < data.length; i += 4)
          plane += String.fromCharCode(
            Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!),
          );
        return btoa(plane);
      },
      { base64: png.toString('base64'), w: width, h: height },
    );
  } finally {
    await blank.close();
  }
  const y = Buffer.from(luma, 'base64');
  if (y.length !== width * height) throw new Error(`luma plane of ${y.length} bytes`);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  await fs.writeFile(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
