import { Logo } from '../../components/brand.tsx';

/**
 * The first paint while the first page's code and data load: the header bar with the logo, where every page's
 * header will be, and a spinner. index.html carries the same markup inside #root, so the browser paints it before
 * any script has run (ADR 029); keep the two alike.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="flex min-h-14 items-center px-3 py-2 sm:min-h-16 sm:px-6">
          <Logo className="text-lg text-slate-900 dark:text-white" />
        </div>
      </header>
      <div role="status" className="flex flex-1 items-center justify-center">
        <span
          className="h-8 w-8 animate-spin rounded-full border-4 border-emerald-700 border-t-transparent"
          aria-hidden="true"
        />
        <span className="sr-only">Loading…</span>
      </div>
    </div>
  );
}
