import { useState } from 'react';
import type { RequirementFile } from '@touchline/contracts/requirement-completion';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCompleteDocument } from '../api/complete-document.ts';
import { useDeleteDocumentAttachment } from '../api/delete-document-attachment.ts';
import { useOpenContentFile } from '../api/open-content-file.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { AttachedFiles } from './attached-files.tsx';
import { FileUploadForm } from './file-upload-form.tsx';

/** What a Document offers to open: its template, its link, nothing, or not known (its content is not readable). */
export type DocumentOpener = 'template' | 'link' | 'none' | 'unknown';

const openerLabels: Record<Exclude<DocumentOpener, 'none'>, string> = {
  template: 'Download the template',
  link: 'Open the link',
  unknown: 'Open the template or link',
};

/** What the document panel needs: what it offers to open, the member's files, what is allowed. */
export interface DocumentPanelProps {
  requirement: RequirementRef;
  opener: DocumentOpener;
  files: readonly RequirementFile[];
  canUpload: boolean;
}

/**
 * A Document (spec §4 'File'): download the template or open the link, upload one or more files with progress,
 * and remove a file while that is still allowed.
 */
export function DocumentPanel({ requirement, opener, files, canUpload }: DocumentPanelProps) {
  const open = useOpenContentFile(requirement);
  const upload = useCompleteDocument(requirement);
  const remove = useDeleteDocumentAttachment(requirement);
  const [notice, setNotice] = useState<string | null>(null);
  const documents = files.filter((f) => f.role === 'document');

  return (
    <div className="space-y-5">
      {opener !== 'none' ? (
        <div className="space-y-2">
          <Button
            variant="secondary"
            icon="↗"
            iconPosition="right"
            label={open.isPending ? 'Opening…' : openerLabels[opener]}
            disabled={open.isPending}
            onClick={() => open.mutate()}
          />
          <Alert>{open.error ? `It could not be opened: ${open.error.message}` : null}</Alert>
        </div>
      ) : null}
      <Alert tone="success">{notice}</Alert>
      <Alert>{remove.error ? `The file could not be removed: ${remove.error.message}` : null}</Alert>
      <AttachedFiles
        requirement={requirement}
        files={documents}
        title="Your files"
        removingId={remove.isPending ? (remove.variables ?? null) : null}
        {...(canUpload
          ? {
              onRemove: (file: RequirementFile) =>
                remove.mutate(file.id, { onSuccess: () => setNotice(`${file.name} is removed.`) }),
            }
          : {})}
      />
      {canUpload ? (
        <FileUploadForm
          label="Choose your files"
          submitLabel="Upload"
          multiple
          onUpload={(chosen, onProgress) => upload.mutateAsync({ files: chosen, onProgress })}
          onUploaded={(chosen) =>
            setNotice(
              chosen.length === 1
                ? `${chosen[0]?.name ?? 'The file'} is uploaded.`
                : `${chosen.length} files are uploaded.`,
            )
          }
        />
      ) : null}
    </div>
  );
}
