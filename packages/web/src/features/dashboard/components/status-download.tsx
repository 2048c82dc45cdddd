import { useRef, useState } from 'react';
import type { DashboardMembersQuery } from '@touchline/contracts/dashboard';
import { Button } from '../../../components/ui/button.tsx';
import { downloadStatus, type DownloadProgress } from '../api/download-status.ts';

/**
 * The status download (spec §3 statusDownload): the filtered list as CSV or XLSX, with a progress bar while the
 * server streams it (member lines for CSV, megabytes for XLSX) and a way to cancel.
 */
export function StatusDownload({
  levelId,
  filter,
  totalCount,
}: {
  levelId: string;
  filter: DashboardMembersQuery;
  totalCount: number;
}) {
  const [progress, setProgress] = useState<(DownloadProgress & { format: 'csv' | 'xlsx' }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const start = async (format: 'csv' | 'xlsx') => {
    // The whole filtered list: paging (a page and its cursor) does not narrow the download.
    const { page: _page, perPage: _perPage, after: _after, before: _before, ...rest } = filter;
    abort.current = new AbortController();
    setError(null);
    setProgress({ bytes: 0, lines: 0, format });
    try {
      const { blob, fileName } = await downloadStatus(
        levelId,
        { ...rest, format },
        (p) => setProgress({ ...p, format }),
        abort.current.signal,
      );
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError'))
        setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  };
  const rows = Math.max(0, (progress?.lines ?? 0) - 1);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        label="Download CSV"
        disabled={progress !== null}
        onClick={() => void start('csv')}
      />
      <Button
        variant="secondary"
        label="Download XLSX"
        disabled={progress !== null}
        onClick={() => void start('xlsx')}
      />
      {progress ? (
        <div className="flex items-center gap-2 text-sm" aria-live="polite">
          {progress.format === 'csv' ? (
            <>
              <progress
                aria-label="Download progress"
                max={Math.max(totalCount, 1)}
                value={Math.min(rows, totalCount)}
              />
              <span>
                {rows.toLocaleString()} of {totalCount.toLocaleString()} members
              </span>
            </>
          ) : (
            <>
              <progress aria-label="Download progress" />
              <span>{(progress.bytes / 1024 / 1024).toFixed(1)} MB received</span>
            </>
          )}
          <Button variant="transparent" label="Cancel" onClick={() => abort.current?.abort()} />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
