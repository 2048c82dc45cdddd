import { Navigate, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { signInUrlFor } from '../../lib/return-to.ts';
import { isSessionLoggedIn, session, useSession } from '../../lib/session.ts';

/**
 * The pages that open with no signal from what the device kept (issue 33, ADR 044): the game-day check-in and card.
 * Offline the session cannot be restored; they work from local storage and send nothing until the signal returns.
 */
const offlinePages = /^\/game-day\/(check-in|cards)\//;
const offlineAllowed = (pathname: string) =>
  typeof navigator !== 'undefined' && navigator.onLine === false && offlinePages.test(pathname);

/** Before a signed-in page loads: the session is restored, or the user is sent to sign in and brought back. */
export async function requireSessionLoader({ request }: LoaderFunctionArgs) {
  await session.ensureLoaded();
  const url = new URL(request.url);
  if (!isSessionLoggedIn(session.getSnapshot()) && !offlineAllowed(url.pathname)) {
    throw redirect(signInUrlFor(url.pathname + url.search));
  }
  return null;
}

/** Guards the signed-in pages while they are open too: when the session ends, the page gives way to sign-in. */
export function RequireSession() {
  const current = useSession();
  const location = useLocation();
  if (!isSessionLoggedIn(current) && !offlineAllowed(location.pathname)) {
    return <Navigate to={signInUrlFor(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
