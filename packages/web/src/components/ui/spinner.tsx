/** An inline loading indicator with a spoken label, for a part of a page that is still loading. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-4 text-slate-700 dark:text-slate-300">
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-emerald-700 border-t-transparent"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}
