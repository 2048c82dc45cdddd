import type { RequirementFile } from '@touchline/contracts/requirement-completion';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDownloadFile } from '../api/download-file.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { formatBytes } from './upload-progress.tsx';

/** The props of a requirement's file list. */
export interface AttachedFilesProps {
  requirement: RequirementRef;
  files: readonly RequirementFile[];
  title: string;
  /** Given while removing is allowed: removes one file. */
  onRemove?: (file: RequirementFile) => void;
  removingId?: string | null;
}

/** The files the member handed in for a requirement, each downloadable and, while allowed, removable. */
export function AttachedFiles({ requirement, files, title, onRemove, removingId }: AttachedFilesProps) {
  const download = useDownloadFile(requirement);
  if (files.length === 0) return null;
  return (
    <section aria-label={title} className="space-y-2">
      {/* The page has only its h1 above (the panel has no heading of its own), so this is a second level. */}
      <h2 className="text-base font-semibold">{title}</h2>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
            <span className="min-w-0 flex-1 break-all">
              {file.name}{' '}
              <span className="text-slate-600 dark:text-slate-400">({formatBytes(file.byteSize)})</span>
            </span>
            <Button
              variant="transparent"
              label={`Download ${file.name}`}
              onClick={() => download.mutate(file.id)}
            />
            {onRemove ? (
              <Button
                variant="tertiary"
                label={removingId === file.id ? 'Removing…' : `Remove ${file.name}`}
                disabled={removingId === file.id}
                onClick={() => onRemove(file)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <Alert>{download.error ? `The file could not be opened: ${download.error.message}` : null}</Alert>
    </section>
  );
}
