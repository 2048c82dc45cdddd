import { useState, type ReactNode } from 'react';
import { Link, useNavigation } from 'react-router';
import { useDarkMode } from '../../lib/dark-mode.tsx';
import { isSessionLoggedIn, session, sessionUser, useSession } from '../../lib/session.ts';
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
export function NavigationProgress() {
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

/** The first stop for keyboard users: straight to the page's content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-emerald-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900 dark:text-emerald-300"
    >
      Skip to main content
    </a>
  );
}

/** Who is signed in, and the way out (spec §4 logout); nothing while signed out. */
function UserMenu() {
  const current = useSession();
  const [signingOut, setSigningOut] = useState(false);
  if (!isSessionLoggedIn(current)) return null;
  const user = sessionUser(current);
  const handleSignOut = () => {
    setSigningOut(true);
    void session.signOut();
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p className="hidden text-sm text-slate-700 sm:block dark:text-slate-300">
        <span className="sr-only">Signed in as </span>
        <Link
          to="/profile"
          aria-label={`${user.displayName}, your profile`}
          className="rounded-md font-medium text-slate-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-white"
        >
          {user.displayName}
        </Link>
      </p>
      <Link
        to="/requirements"
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        My requirements
      </Link>
      <Link
        to="/account/settings"
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Account settings
      </Link>
      <button
        type="button"
        onClick={handleSignOut}
        disabled={signingOut}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:opacity-60 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        {signingOut ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}

/**
 * The header of every page: the logo home, the signed-in user with 'Sign out', and the dark mode switch. `start`
 * is a slot beside the logo that app/ fills (the organization switcher), so this layout stays free of features.
 */
export function SiteHeader({ start }: { start?: ReactNode } = {}) {
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex min-h-16 flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <Link
          to="/"
          className="rounded-md text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-white"
        >
          <Logo className="text-lg" />
        </Link>
        {start ? <div className="mr-auto flex min-w-0 items-center">{start}</div> : null}
        <div className="flex items-center gap-2">
          <UserMenu />
          <DarkModeToggle />
        </div>
      </div>
    </header>
  );
}
