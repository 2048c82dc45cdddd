import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RequirementFile } from '@touchline/contracts/requirement-completion';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ReviewRef } from '../api/get-review-detail.ts';
import { getReviewFileLink } from '../api/get-review-file-link.ts';
import { reviewsKey } from '../api/review-paths.ts';

/** The member's uploaded files, viewed in place one at a time (images inline, PDFs framed), with a link to open. */
export function ReviewFileViewer({
  reviewRef,
  files,
}: {
  reviewRef: ReviewRef;
  files: readonly RequirementFile[];
}) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const current = files.find((f) => f.id === chosenId) ?? files[0];
  const link = useQuery({
    queryKey: [...reviewsKey, 'file', reviewRef.definitionId, reviewRef.plaId, current?.id],
    queryFn: () => getReviewFileLink(reviewRef, current?.id ?? ''),
    enabled: current !== undefined,
    staleTime: 60_000,
  });
  if (!current) return <p className="text-sm text-slate-600 dark:text-slate-400">No files were uploaded.</p>;
  return (
    <section aria-label="Uploaded files" className="space-y-2">
      {files.length > 1 ? (
        <div role="group" aria-label="Choose a file" className="flex flex-wrap gap-2">
          {files.map((f) => (
            <button
              key={f.id}
              type="button"
              aria-pressed={f.id === current.id}
              onClick={() => setChosenId(f.id)}
              className="rounded-md border border-slate-300 px-2 py-1 text-xs aria-pressed:bg-emerald-50 dark:border-slate-700 dark:aria-pressed:bg-emerald-950"
            >
              {f.name}
            </button>
          ))}
        </div>
      ) : null}
      {link.isPending ? <Spinner label="Loading the file" /> : null}
      {link.isError ? <Alert>Could not open the file. {link.error.message}</Alert> : null}
      {link.data ? (
        <>
          {current.contentType.startsWith('image/') ? (
            <img
              src={link.data}
              alt={`Uploaded file ${current.name}`}
              className="max-h-[32rem] w-full object-contain"
            />
          ) : (
            <iframe
              title={`Uploaded file ${current.name}`}
              src={link.data}
              className="h-[32rem] w-full rounded-md border border-slate-200 bg-white dark:border-slate-800"
            />
          )}
          <a
            href={link.data}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-medium text-emerald-800 underline dark:text-emerald-300"
          >
            Open {current.name} in a new tab
          </a>
        </>
      ) : null}
    </section>
  );
}
