import { useState } from 'react';
import type { CustomTrainingContent } from '@touchline/contracts/content';
import type { RequirementFile } from '@touchline/contracts/requirement-completion';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { useTakeCustomTraining } from '../api/take-custom-training.ts';
import { useUploadTrainingCertificate } from '../api/upload-training-certificate.ts';
import { AttachedFiles } from './attached-files.tsx';
import { FileUploadForm } from './file-upload-form.tsx';

/** What the training panel needs: whether a certificate is asked for, the member's files, what is allowed. */
export interface TrainingPanelProps {
  requirement: RequirementRef;
  content: Partial<CustomTrainingContent>;
  files: readonly RequirementFile[];
  canComplete: boolean;
}

/**
 * A custom Training (spec §4 'Training'): open the training in a new tab through take-custom-training, then
 * upload the certificate that completes it.
 */
export function TrainingPanel({ requirement, content, files, canComplete }: TrainingPanelProps) {
  const take = useTakeCustomTraining(requirement);
  const upload = useUploadTrainingCertificate(requirement);
  const [url, setUrl] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const certificates = files.filter((f) => f.role === 'certificate');

  const handleOpen = () => take.mutate(undefined, { onSuccess: setUrl });

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-4 pl-5">
        <li className="space-y-2">
          <p>Take the training. It opens in a new tab.</p>
          <Button
            label={take.isPending ? 'Opening…' : 'Open the training'}
            icon="↗"
            iconPosition="right"
            disabled={take.isPending}
            onClick={handleOpen}
          />
          {url ? (
            <p className="text-sm">
              Did it not open?{' '}
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-emerald-800 underline dark:text-emerald-300"
              >
                Open the training
                <span className="sr-only"> (new tab)</span>
              </a>
            </p>
          ) : null}
          <Alert>{take.error ? `The training could not be opened: ${take.error.message}` : null}</Alert>
        </li>
        <li className="space-y-2">
          <p>
            {content.certificateRequired === false
              ? 'Upload your certificate if you received one.'
              : 'Upload the certificate you received at the end.'}
          </p>
          <Alert tone="success">{notice}</Alert>
          <AttachedFiles requirement={requirement} files={certificates} title="Your certificate" />
          {canComplete ? (
            <FileUploadForm
              label="Choose your certificate"
              submitLabel="Upload the certificate"
              onUpload={([file], onProgress) =>
                file ? upload.mutateAsync({ file, onProgress }) : Promise.reject(new Error('Choose a file'))
              }
              onUploaded={() => setNotice('Certificate uploaded.')}
            />
          ) : null}
        </li>
      </ol>
    </div>
  );
}
