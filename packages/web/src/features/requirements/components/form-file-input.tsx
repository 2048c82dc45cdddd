import { useState } from 'react';
import type { RequirementFile } from '@touchline/contracts/requirement-completion';
import { requirementUploadLimits } from '@touchline/contracts/requirement-completion';
import { Button } from '../../../components/ui/button.tsx';
import { useDeleteFormAttachment } from '../api/delete-form-attachment.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { useUploadFormFile } from '../api/upload-form-file.ts';
import { formatBytes, UploadProgressBar } from './upload-progress.tsx';

/** The props of a form's file field. */
export interface FormFileInputProps {
  requirement: RequirementRef;
  fieldId: string;
  label: string;
  controlId: string;
  error: string | undefined;
  attached: RequirementFile | undefined;
  onAttached: (file: RequirementFile | undefined) => void;
  onError: (message: string | undefined) => void;
}

/** A form field's attachment: uploaded through content-form-file as soon as it is chosen, with progress. */
export function FormFileInput({
  requirement,
  fieldId,
  label,
  controlId,
  error,
  attached,
  onAttached,
  onError,
}: FormFileInputProps) {
  const upload = useUploadFormFile(requirement);
  const remove = useDeleteFormAttachment(requirement);
  const [progress, setProgress] = useState<number | null>(null);
  const errorId = `${controlId}-error`;

  const handleFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > requirementUploadLimits.fileBytes) {
      onError(`The file is too large: at most ${formatBytes(requirementUploadLimits.fileBytes)}`);
      return;
    }
    onError(undefined);
    upload.mutate(
      { fieldId, file, onProgress: setProgress },
      {
        onSuccess: (saved) => onAttached(saved),
        onError: (failure) => onError(failure.message),
        onSettled: () => setProgress(null),
      },
    );
  };

  if (attached)
    return (
      <div className="mt-1 flex flex-wrap items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700">
        <span className="min-w-0 break-all">
          {attached.name}{' '}
          <span className="text-slate-600 dark:text-slate-400">({formatBytes(attached.byteSize)})</span>
        </span>
        <Button
          variant="tertiary"
          label={remove.isPending ? 'Removing…' : `Remove ${attached.name}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(attached.id, {
              onSuccess: () => onAttached(undefined),
              onError: (failure) => onError(failure.message),
            })
          }
        />
      </div>
    );

  return (
    <div className="mt-1 space-y-2">
      <input
        id={controlId}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={upload.isPending}
        onChange={(event) => {
          handleFile(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold dark:file:bg-slate-800"
      />
      {progress !== null ? <UploadProgressBar fraction={progress} label={`Uploading ${label}`} /> : null}
    </div>
  );
}
