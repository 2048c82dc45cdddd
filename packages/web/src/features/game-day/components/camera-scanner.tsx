import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

type Detector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

/** A frame reader: the browser's BarcodeDetector when it reads QR codes, else zxing-wasm (loaded on demand). */
async function frameReader(): Promise<
  (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>
> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats?.())?.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { decodeQr } = await import('./qr-decoder.ts');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    return decodeQr(context.getImageData(0, 0, width, height));
  };
}

/** The same card held in front of the camera is read many times a second: it counts once until out of view this long. */
const repeatWindowMs = 4000;

/**
 * The phone's back camera, read a few times a second for a card's QR code (issue 33). Nothing leaves the device:
 * frames are decoded here and only the code is handed on. Typing the code stays available below it.
 */
export function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  // The latest handler, without restarting the camera when the page re-renders.
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { code: '', at: 0 };
    const canvas = document.createElement('canvas');
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser has no camera access');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        const read = await frameReader();
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        setReady(true);
        const tick = async () => {
          if (stopped) return;
          try {
            const code = await read(element, canvas);
            const now = Date.now();
            if (code && (code !== last.code || now - last.at > repeatWindowMs)) handler.current(code);
            // Seen again: the window restarts, so a card held in front of the camera is handed on once, and again
            // only after it was out of view for the window.
            if (code) {
              last.code = code;
              last.at = now;
            }
          } catch {
            // A frame that could not be read: the next one may.
          }
          timer = setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch (e) {
        const denied = e instanceof DOMException && e.name === 'NotAllowedError';
        setError(
          denied
            ? 'The camera was not allowed: allow it in the browser’s settings, or type the code below.'
            : `The camera could not start (${e instanceof Error ? e.message : 'unknown error'}): type the code below.`,
        );
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <section aria-label="Camera" className="flex flex-col gap-2">
      {error ? (
        <Alert>{error}</Alert>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          aria-label={ready ? 'Camera view: hold a card’s QR code in the frame' : 'Starting the camera'}
          className="aspect-square w-full rounded-lg bg-black object-cover"
        />
      )}
      <Button label="Stop the camera" variant="secondary" onClick={onClose} />
    </section>
  );
}
