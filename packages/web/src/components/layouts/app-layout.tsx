import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { NavigationDrawer } from './navigation-drawer.tsx';
import { AccountLinks, NavigationProgress, SiteHeader, SkipLink } from './site-header.tsx';

const noLevels = (
  <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
    No levels to show yet. Your organization’s levels appear here once you belong to one.
  </p>
);

/**
 * The shell of every signed-in page: a skip link, the header, the left navigation slot (the level tree arrives
 * with organizations), the content, and an overlay slot for what must sit above every page (a required modal).
 */
export function AppLayout({
  navigation,
  overlay,
  headerStart,
  banner,
}: {
  navigation?: ReactNode;
  overlay?: ReactNode;
  /** A notice under the header on every page (the past-due banner for administrators). */
  banner?: ReactNode;
  /** What the header shows beside the logo (the organization switcher). */
  headerStart?: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader start={headerStart} menu={{ open: menuOpen, onOpen: () => setMenuOpen(true) }} />
      {banner}
      <div className="flex flex-1 flex-col md:flex-row">
        {/* Beside the page from md up; below it the same navigation lives in the menu's drawer (ADR 024). */}
        <nav
          aria-label="Levels"
          className="hidden border-slate-200 bg-white px-4 py-4 md:block md:w-64 md:shrink-0 md:border-r dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Levels
          </h2>
          {navigation ?? noLevels}
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-8 sm:py-8">
          <Outlet />
        </main>
      </div>
      <NavigationDrawer isOpen={menuOpen} onClose={() => setMenuOpen(false)}>
        <nav aria-label="Levels">
          <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Levels
          </h2>
          {navigation ?? noLevels}
        </nav>
        <nav aria-label="Account" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
          <AccountLinks stacked />
        </nav>
      </NavigationDrawer>
      {overlay}
    </div>
  );
}
