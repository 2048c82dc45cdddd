import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** The frame drawn before the photo and over a flagged one: where the face goes. */
function FaceFrame({ photoUrl }: { photoUrl?: string | undefined }) {
  return (
    <div className="relative mx-auto aspect-[3/4] w-40 overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800">
      {photoUrl ? (
        <img src={photoUrl} alt="The photo you took" className="h-full w-full object-cover" />
      ) : null}
      <svg viewBox="0 0 120 160" className="absolute inset-0 h-full w-full" aria-hidden="true">
        <ellipse
          cx="60"
          cy="70"
          rx="36"
          ry="48"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeDasharray="6 4"
          className="text-teal-700"
        />
        <line
          x1="36"
          y1="58"
          x2="84"
          y2="58"
          stroke="currentColor"
          strokeWidth="1"
          className="text-slate-400"
        />
      </svg>
    </div>
  );
}

/**
 * The face photo step: the guidance and the frame before the front camera opens, then the browser's quick check
 * of the photo taken (size, light, and faces where the browser can detect them; loaded only here). A photo the
 * quick check flags is shown with the reason and may be retaken or sent anyway: the server checks every photo.
 */
export function FacePhotoStep({ send, sending }: { send: (photo: File) => void; sending: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);
  const [flagged, setFlagged] = useState<{ file: File; message: string; url: string | undefined } | null>(
    null,
  );
  useEffect(() => () => (flagged?.url ? URL.revokeObjectURL(flagged.url) : undefined), [flagged]);

  const onPhoto = async (file: File) => {
    setFlagged(null);
    setChecking(true);
    try {
      const { precheckFacePhoto } = await import('../face-precheck.ts');
      const verdict = await precheckFacePhoto(file);
      if (verdict.ok) return send(file);
      const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
      setFlagged({ file, message: verdict.message, url });
    } catch {
      send(file); // The quick check could not load: the server's checks decide.
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-photo`} className="space-y-3">
      <h3 id={`${id}-photo`} className="text-base font-semibold">
        A photo of your face
      </h3>
      <ul className="list-disc pl-5 text-sm">
        <li>Face a window or a lamp: light on your face, not behind you.</li>
        <li>Hold the phone at eye level; your whole face fills most of the frame.</li>
        <li>No sunglasses, mask, scarf or hand over your face; only you in the picture.</li>
      </ul>
      <figure className="space-y-1">
        <FaceFrame photoUrl={flagged?.url} />
        <figcaption className="text-center text-xs text-slate-600">
          Your face inside the oval, your eyes on the line.
        </figcaption>
      </figure>
      <Alert>{flagged?.message}</Alert>
      {flagged ? (
        <div className="space-y-3">
          <p className="text-sm">This is a quick check on your device; we check every photo you send.</p>
          <div className="flex flex-wrap gap-2">
            <Button label="Take another photo" onClick={() => input.current?.click()} />
            <Button
              variant="secondary"
              label="Send it anyway"
              disabled={sending}
              onClick={() => {
                const file = flagged.file;
                setFlagged(null);
                send(file);
              }}
            />
          </div>
        </div>
      ) : null}
      <label htmlFor={`${id}-camera`} className="block text-sm font-medium">
        Take the photo
      </label>
      <input
        ref={input}
        id={`${id}-camera`}
        type="file"
        accept="image/*"
        capture="user"
        className="block w-full text-sm"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void onPhoto(file);
        }}
      />
      {checking ? <Spinner label="Looking at the photo…" /> : null}
      {sending ? <Spinner label="Checking the photo…" /> : null}
    </section>
  );
}
