import { useState, type ReactNode } from 'react';
import { isPlatformAdmin } from '@touchline/contracts/roles';
import { Link, useNavigation } from 'react-router';
import { useDarkMode } from '../../lib/dark-mode.tsx';
import { isSessionLoggedIn, rolesOfClaims, session, sessionUser, useSession } from '../../lib/session.ts';
import { Logo } from '../brand.tsx';

/**
 * The drawer's element id, for the Menu button's aria-controls. Declared here, not beside the drawer, so the public
 * pages' header does not load the dialog library for a string (ADR 029).
 */
export const navigationDrawerId = 'navigation-drawer';

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
      <span className="sr-only sm:not-sr-only">Dark mode</span>
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

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * Who is signed in and the way out (spec §4 logout): the profile, My requirements, Account settings and Sign out.
 * In the header on wide screens; `stacked` in the phone's menu drawer, one full-width row per link.
 */
export function AccountLinks({ stacked = false }: { stacked?: boolean }) {
  const current = useSession();
  const [signingOut, setSigningOut] = useState(false);
  if (!isSessionLoggedIn(current)) return null;
  const user = sessionUser(current);
  const handleSignOut = () => {
    setSigningOut(true);
    void session.signOut();
  };
  const row = stacked ? 'flex min-h-11 w-full items-center' : '';
  return (
    <div className={stacked ? 'flex flex-col gap-1' : 'flex flex-wrap items-center gap-x-3 gap-y-1'}>
      <p className={stacked ? 'px-3 pb-2 text-sm' : 'text-sm text-slate-700 dark:text-slate-300'}>
        <span className="sr-only">Signed in as </span>
        <Link
          to="/profile"
          aria-label={`${user.displayName}, your profile`}
          className="rounded-md font-medium text-slate-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-white"
        >
          {user.displayName}
        </Link>
      </p>
      <Link to="/requirements" className={`${linkClass} ${row}`}>
        My requirements
      </Link>
      <Link to="/incidents" className={`${linkClass} ${row}`}>
        Incidents
      </Link>
      <Link to="/account/settings" className={`${linkClass} ${row}`}>
        Account settings
      </Link>
      {/* The platform's own screens, for platform admins only (the server refuses everyone else too). */}
      {isPlatformAdmin(rolesOfClaims(current.claims)) ? (
        <Link to="/admin" className={`${linkClass} ${row}`}>
          Administration
        </Link>
      ) : null}
      <button
        type="button"
        onClick={handleSignOut}
        disabled={signingOut}
        className={`rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:opacity-60 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800 ${row}`}
      >
        {signingOut ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}

/** The phone's menu button (below md): opens the drawer with the levels and the account links. */
function MenuButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? navigationDrawerId : undefined}
      onClick={onOpen}
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 md:hidden dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
        <path d="M3 5.75A.75.75 0 0 1 3.75 5h12.5a.75.75 0 0 1 0 1.5H3.75A.75.75 0 0 1 3 5.75Zm0 4.25a.75.75 0 0 1 .75-.75h12.5a.75.75 0 0 1 0 1.5H3.75A.75.75 0 0 1 3 10Zm.75 3.5a.75.75 0 0 0 0 1.5h12.5a.75.75 0 0 0 0-1.5H3.75Z" />
      </svg>
      Menu
    </button>
  );
}

/**
 * The header of every page: the logo home, the signed-in user with 'Sign out', and the dark mode switch. `start`
 * is a slot beside the logo that app/ fills (the organization switcher), so this layout stays free of features.
 */
export function SiteHeader({
  start,
  menu,
}: { start?: ReactNode; menu?: { open: boolean; onOpen: () => void } } = {}) {
  const signedIn = isSessionLoggedIn(useSession());
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div
        className={`flex min-h-14 items-center justify-between gap-x-3 gap-y-2 px-3 py-2 sm:min-h-16 sm:px-6 ${menu && signedIn ? 'md:flex-wrap' : 'flex-wrap'}`}
      >
        {menu && signedIn ? <MenuButton open={menu.open} onOpen={menu.onOpen} /> : null}
        <Link
          to="/"
          className="shrink-0 rounded-md text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-white"
        >
          <Logo className="text-lg" />
        </Link>
        {start ? <div className="mr-auto flex min-h-12 min-w-0 items-center">{start}</div> : null}
        {/* On a phone the account links live in the menu's drawer; a page without one (signing up, an invitation)
            gives them a row of their own under the logo rather than squeezing them beside it. */}
        <div
          className={
            menu && signedIn ? 'hidden md:order-2 md:block' : 'order-last w-full md:order-2 md:w-auto'
          }
        >
          <AccountLinks />
        </div>
        <div className="order-3 flex items-center gap-2">
          <DarkModeToggle />
        </div>
      </div>
    </header>
  );
}
