/** The first paint while a page's data loads. */
export function PageLoading() {
  return (
    <div
      role="status"
      className="flex min-h-screen items-center justify-center bg-slate-50 dark:bg-slate-950"
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-emerald-700 border-t-transparent"
        aria-hidden="true"
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
