/** How far an upload has come, as a labelled progress bar with its percentage written out. */
export function UploadProgressBar({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm text-slate-700 dark:text-slate-300">
        <span>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <progress
        max={100}
        value={percent}
        aria-label={label}
        className="h-2 w-full overflow-hidden rounded-full accent-emerald-700"
      />
    </div>
  );
}

/** A byte count as people read it (e.g. '1.2 MB'). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
