import type { ReactNode } from 'react';
import { Link, Outlet, useNavigation } from 'react-router';
import { useDarkMode } from '../../lib/dark-mode.tsx';
import { Logo } from '../brand.tsx';

function DarkModeToggle() {
  const { darkMode, toggleDarkMode } = useDarkMode();
  return (
    <button
      type="button"
      aria-pressed={darkMode}
      onClick={toggleDarkMode}
      className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
        {darkMode ? (
          <path d="M17.293 13.293A8 8 0 0 1 6.707 2.707a8.001 8.001 0 1 0 10.586 10.586Z" />
        ) : (
          <path d="M10 2a.75.75 0 0 1 .75.75v1.5a.75.75 0 0 1-1.5 0v-1.5A.75.75 0 0 1 10 2ZM10 15a.75.75 0 0 1 .75.75v1.5a.75.75 0 0 1-1.5 0v-1.5A.75.75 0 0 1 10 15ZM10 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6ZM15.657 5.404a.75.75 0 1 0-1.06-1.06l-1.061 1.06a.75.75 0 0 0 1.06 1.06l1.06-1.06ZM6.464 14.596a.75.75 0 1 0-1.06-1.06l-1.06 1.06a.75.75 0 0 0 1.06 1.06l1.06-1.06ZM18 10a.75.75 0 0 1-.75.75h-1.5a.75.75 0 0 1 0-1.5h1.5A.75.75 0 0 1 18 10ZM5 10a.75.75 0 0 1-.75.75h-1.5a.75.75 0 0 1 0-1.5h1.5A.75.75 0 0 1 5 10ZM14.596 15.657a.75.75 0 0 0 1.06-1.06l-1.06-1.061a.75.75 0 1 0-1.06 1.06l1.06 1.06ZM5.404 6.464a.75.75 0 0 0 1.06-1.06l-1.06-1.06a.75.75 0 1 0-1.061 1.06l1.06 1.06Z" />
        )}
      </svg>
      Dark mode
    </button>
  );
}

/** Shown while a navigation loads its data, so a slow page never looks frozen. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-emerald-600"
    />
  );
}

/**
 * The shell of every signed-in page: a skip link, the header, the left navigation slot (the level tree arrives
 * with organizations) and the content.
 */
export function AppLayout({ navigation }: { navigation?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-emerald-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900 dark:text-emerald-300"
      >
        Skip to main content
      </a>
      <NavigationProgress />
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="flex h-16 items-center justify-between px-4 sm:px-6">
          <Link
            to="/"
            className="rounded-md text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-white"
          >
            <Logo className="text-lg" />
          </Link>
          <DarkModeToggle />
        </div>
      </header>
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
              No levels to show yet. Your organization’s levels appear here once you sign in.
            </p>
          )}
        </nav>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 sm:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
