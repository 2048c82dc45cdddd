import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** What to tell the user when the camera cannot be used, by the DOMException name getUserMedia rejects with. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access was refused. Allow the camera for this site in your browser’s settings, or upload a photo instead.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found. Connect one, or upload a photo instead.';
  if (name === 'NotReadableError' || name === 'AbortError')
    return 'The camera is busy or could not start. Close other apps that use it and try again.';
  return 'The camera could not be started. Upload a photo instead.';
}

/** Quality of the JPEG a capture is encoded as: small enough to upload fast, sharp enough for a face. */
const jpegQuality = 0.9;

/**
 * Takes a photo with the device camera: getUserMedia → a live preview → a canvas frame → a JPEG blob handed to
 * `onCapture`. The camera is released when the capture ends, is cancelled, or the component goes away.
 */
export function WebcamCapture({
  onCapture,
  onCancel,
}: {
  onCapture: (photo: Blob) => void;
  onCancel: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [supported] = useState(() => Boolean(navigator.mediaDevices?.getUserMedia));
  const [state, setState] = useState<'starting' | 'live' | 'failed'>(supported ? 'starting' : 'failed');
  const [error, setError] = useState<string | null>(
    supported
      ? null
      : 'This browser cannot use a camera here (it needs a secure connection). Upload a photo instead.',
  );

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    const stop = () => stream.current?.getTracks().forEach((track) => track.stop());
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
        audio: false,
      })
      .then(async (media) => {
        if (cancelled) return media.getTracks().forEach((track) => track.stop());
        stream.current = media;
        if (video.current) {
          video.current.srcObject = media;
          await video.current.play().catch(() => undefined);
        }
        setState('live');
      })
      .catch((reason: unknown) => {
        if (cancelled) return;
        setState('failed');
        setError(cameraErrorMessage(reason));
      });
    return () => {
      cancelled = true;
      stop();
    };
  }, [supported]);

  const handleCapture = () => {
    const source = video.current;
    if (!source || source.videoWidth === 0)
      return setError('The camera is not ready yet. Try again in a moment.');
    const canvas = document.createElement('canvas');
    canvas.width = source.videoWidth;
    canvas.height = source.videoHeight;
    canvas.getContext('2d')?.drawImage(source, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) return setError('The photo could not be taken. Try again.');
        stream.current?.getTracks().forEach((track) => track.stop());
        onCapture(blob);
      },
      'image/jpeg',
      jpegQuality,
    );
  };

  return (
    <div className="space-y-3">
      <Alert>{error}</Alert>
      {state === 'failed' ? null : (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera preview"
          className="aspect-[4/3] w-full max-w-sm rounded-lg bg-slate-900 object-cover"
        />
      )}
      {state === 'starting' ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Starting the camera… your browser may ask for permission.
        </p>
      ) : null}
      <div className="flex gap-3">
        <Button label="Take photo" onClick={handleCapture} disabled={state !== 'live'} />
        <Button variant="tertiary" label="Cancel" onClick={onCancel} />
      </div>
    </div>
  );
}
