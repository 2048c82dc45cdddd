import { useId, useRef, useState, type FormEvent } from 'react';
import { requirementUploadLimits } from '@touchline/contracts/requirement-completion';
import { Button } from '../../../components/ui/button.tsx';
import type { UploadProgress } from '../api/upload-with-progress.ts';
import { formatBytes, UploadProgressBar } from './upload-progress.tsx';

/** The props of an upload form. */
export interface FileUploadFormProps {
  label: string;
  submitLabel: string;
  multiple?: boolean;
  /** Uploads the chosen files, reporting progress; rejects with a readable error. */
  onUpload: (files: File[], onProgress: UploadProgress) => Promise<unknown>;
  onUploaded: (files: File[]) => void;
}

/** Checks the chosen files against the contract's limits before anything is sent. */
export function checkFiles(files: readonly File[], multiple: boolean): string | null {
  if (files.length === 0) return 'Choose a file to upload';
  const max = multiple ? requirementUploadLimits.files : 1;
  if (files.length > max) return `Choose at most ${max} files`;
  const big = files.find((f) => f.size > requirementUploadLimits.fileBytes);
  if (big)
    return `${big.name} is too large: at most ${formatBytes(requirementUploadLimits.fileBytes)} a file`;
  if (files.reduce((sum, f) => sum + f.size, 0) > requirementUploadLimits.requestBytes)
    return `Together the files are too large: at most ${formatBytes(requirementUploadLimits.requestBytes)}`;
  return null;
}

/** Chooses one or more files and uploads them with a progress bar; errors are announced under the picker. */
export function FileUploadForm({
  label,
  submitLabel,
  multiple = false,
  onUpload,
  onUploaded,
}: FileUploadFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkFiles(files, multiple);
    setError(problem);
    if (problem) return input.current?.focus();
    try {
      await onUpload(files, setProgress);
      onUploaded(files);
      setFiles([]);
      if (input.current) input.current.value = '';
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The upload failed');
    } finally {
      setProgress(null);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-3">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          multiple={multiple}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setFiles(Array.from(event.currentTarget.files ?? []));
            setError(null);
          }}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold max-md:file:min-h-11 dark:file:bg-slate-800"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          A PDF, an image or another document, up to {formatBytes(requirementUploadLimits.fileBytes)}
          {multiple ? ` each, ${requirementUploadLimits.files} files at most` : ''}.
        </p>
        {error ? (
          <p
            id={`${id}-error`}
            role="alert"
            className="mt-1 text-sm font-medium text-red-700 dark:text-red-400"
          >
            {error}
          </p>
        ) : null}
      </div>
      {progress !== null ? <UploadProgressBar fraction={progress} label="Uploading" /> : null}
      <Button
        type="submit"
        label={progress !== null ? 'Uploading…' : submitLabel}
        disabled={progress !== null}
      />
    </form>
  );
}
