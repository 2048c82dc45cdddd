import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  profilePhotoMaxBytes,
  profilePhotoMimeTypes,
  profilePhotoTooLargeMessage,
  profilePhotoWrongTypeMessage,
  type AccountProfile,
} from '@touchline/contracts/account';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { fieldErrorsFromApi } from '../../../lib/forms.ts';
import { useRemoveAccountPhoto } from '../api/remove-account-photo.ts';
import { useUploadAccountPhoto } from '../api/upload-account-photo.ts';
import { SettingsSection } from './settings-section.tsx';
import { WebcamCapture } from './webcam-capture.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';

/** A photo chosen or captured but not saved yet, with a local link for its preview. */
type Pending = { blob: Blob; fileName: string; previewUrl: string };

const accepted: readonly string[] = profilePhotoMimeTypes;

/** Why a chosen file cannot be a profile photo, checked before uploading (the server checks the bytes again). */
export function photoProblem(file: Blob): string | null {
  if (!accepted.includes(file.type)) return profilePhotoWrongTypeMessage;
  if (file.size > profilePhotoMaxBytes) return profilePhotoTooLargeMessage;
  return null;
}

/**
 * Account settings → Profile photo: upload a PNG, JPEG or WebP, or take one with the camera; both show a preview
 * before saving. Removing asks for confirmation.
 */
export function PhotoSection({ profile, displayName }: { profile: AccountProfile; displayName: string }) {
  const upload = useUploadAccountPhoto();
  const remove = useRemoveAccountPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'idle' | 'camera'>('idle');
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (pending ? URL.revokeObjectURL(pending.previewUrl) : undefined), [pending]);

  const choose = (blob: Blob, fileName: string) => {
    const problem = photoProblem(blob);
    setMessage(null);
    setError(problem);
    setMode('idle');
    if (!problem) setPending({ blob, fileName, previewUrl: URL.createObjectURL(blob) });
  };

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) choose(file, file.name);
  };

  const handleSave = () => {
    if (!pending) return;
    setError(null);
    upload.mutate(
      { photo: pending.blob, fileName: pending.fileName },
      {
        onSuccess: () => {
          setPending(null);
          setMessage('Your photo is saved.');
        },
        onError: (failure) => setError(fieldErrorsFromApi(failure).photo ?? failure.message),
      },
    );
  };

  const handleRemove = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => setMessage('Your photo was removed.'),
      onError: (failure) => setError(failure.message),
      onSettled: () => setConfirming(false),
    });
  };

  const shown = pending?.previewUrl ?? profile.photoUrl;
  const busy = upload.isPending || remove.isPending;
  return (
    <SettingsSection
      title="Profile photo"
      description="A clear photo of your face helps your organization recognize you. PNG, JPEG or WebP, up to 5 MB."
      success={message}
      error={error}
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        {shown ? (
          <img
            {...responsiveImage(shown, 128)}
            alt={pending ? 'Preview of your new photo' : `Profile photo of ${displayName}`}
            className="h-32 w-32 rounded-full border border-slate-200 object-cover dark:border-slate-700"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-32 w-32 items-center justify-center rounded-full bg-slate-200 text-3xl font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            {displayName.slice(0, 1).toUpperCase() || '?'}
          </div>
        )}
        <div className="flex-1 space-y-3">
          {!shown ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">You have no photo yet.</p>
          ) : null}
          {mode === 'camera' ? (
            <WebcamCapture
              onCapture={(blob) => choose(blob, 'webcam-photo.jpg')}
              onCancel={() => setMode('idle')}
            />
          ) : pending ? (
            <div className="flex flex-wrap gap-3">
              <Button
                label={upload.isPending ? 'Saving…' : 'Save photo'}
                onClick={handleSave}
                disabled={busy}
              />
              <Button variant="tertiary" label="Discard" onClick={() => setPending(null)} disabled={busy} />
            </div>
          ) : (
            <div className="flex flex-wrap gap-3">
              <input
                ref={fileInput}
                type="file"
                accept={profilePhotoMimeTypes.join(',')}
                onChange={handleFile}
                className="sr-only"
                tabIndex={-1}
                aria-label="Choose a photo file"
              />
              <Button
                variant="secondary"
                label="Upload a photo"
                onClick={() => fileInput.current?.click()}
                disabled={busy}
              />
              <Button
                variant="secondary"
                label="Take a photo"
                onClick={() => setMode('camera')}
                disabled={busy}
              />
              {profile.photoUrl ? (
                <Button
                  variant="tertiary"
                  label="Remove photo"
                  onClick={() => setConfirming(true)}
                  disabled={busy}
                />
              ) : null}
            </div>
          )}
        </div>
      </div>
      <Modal
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title="Remove your photo?"
        role="alertdialog"
        footer={
          <>
            <Button variant="tertiary" label="Keep photo" onClick={() => setConfirming(false)} />
            <Button
              label={remove.isPending ? 'Removing…' : 'Remove photo'}
              onClick={handleRemove}
              disabled={remove.isPending}
            />
          </>
        }
      >
        <p>Your organization will no longer see a photo of you until you add a new one.</p>
      </Modal>
    </SettingsSection>
  );
}
