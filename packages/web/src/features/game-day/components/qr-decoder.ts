import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The QR decoder for browsers without BarcodeDetector (desktop Chromium on Linux and Windows, Firefox, Safari):
// zxing-wasm's reader build (the decoder only, ~0.9 MB of WebAssembly). Its module is loaded only from the camera
// scanner, itself loaded only when the checker turns the camera on; the .wasm file is served from our own build
// (by default zxing-wasm would fetch it from a CDN).
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** The text of the first QR code in a video frame, or null. */
export async function decodeQr(frame: ImageData): Promise<string | null> {
  const results = await readBarcodes(frame, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
  return results.find((r) => r.isValid)?.text ?? null;
}
