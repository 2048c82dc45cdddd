import { Navigate, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { signInUrlFor } from '../../lib/return-to.ts';
import { isSessionLoggedIn, session, useSession } from '../../lib/session.ts';

/** Before a signed-in page loads: the session is restored, or the user is sent to sign in and brought back. */
export async function requireSessionLoader({ request }: LoaderFunctionArgs) {
  await session.ensureLoaded();
  if (!isSessionLoggedIn(session.getSnapshot())) {
    const url = new URL(request.url);
    throw redirect(signInUrlFor(url.pathname + url.search));
  }
  return null;
}

/** Guards the signed-in pages while they are open too: when the session ends, the page gives way to sign-in. */
export function RequireSession() {
  const current = useSession();
  const location = useLocation();
  if (!isSessionLoggedIn(current)) {
    return <Navigate to={signInUrlFor(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
