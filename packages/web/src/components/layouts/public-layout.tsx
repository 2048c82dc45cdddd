import { Outlet } from 'react-router';
import { NavigationProgress, SiteHeader, SkipLink } from './site-header.tsx';

/** The shell of the pages anyone may open (sign-in, signup, policies…): the header and the content, no navigation. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 px-4 py-10 sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}
