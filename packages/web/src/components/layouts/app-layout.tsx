import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { NavigationProgress, SiteHeader, SkipLink } from './site-header.tsx';

/**
 * The shell of every signed-in page: a skip link, the header, the left navigation slot (the level tree arrives
 * with organizations), the content, and an overlay slot for what must sit above every page (a required modal).
 */
export function AppLayout({
  navigation,
  overlay,
  headerStart,
}: {
  navigation?: ReactNode;
  overlay?: ReactNode;
  /** What the header shows beside the logo (the organization switcher). */
  headerStart?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader start={headerStart} />
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          aria-label="Levels"
          className="border-b border-slate-200 bg-white px-4 py-4 md:w-64 md:shrink-0 md:border-r md:border-b-0 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Levels
          </h2>
          {navigation ?? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              No levels to show yet. Your organization’s levels appear here once you belong to one.
            </p>
          )}
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 sm:px-8">
          <Outlet />
        </main>
      </div>
      {overlay}
    </div>
  );
}
