import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SystemInfo } from '@touchline/contracts/system';
import { browserLocation } from '../lib/browser-location.ts';
import { session } from '../lib/session.ts';
import { serveGlobally } from '../test/fake-server.ts';
import { renderRoutes } from '../test/render.tsx';
import { signedInWebSession, signedOutWebSession, testClaims } from '../test/tokens.ts';
import { homeAccess, homeProfile } from '../features/home/components/home-fixtures.ts';
import { appRoutes } from './router.tsx';

const info: SystemInfo = {
  product: 'Touchline',
  version: '0.1.0',
  environment: 'development',
  database: 'embedded',
};

type Routes = Parameters<typeof serveGlobally>[0];

/** Serves the session and system info (plus extra routes), restores the session, then renders `path`. */
async function renderAt(path: string, routes: Routes = {}, web: object = signedInWebSession()) {
  const server = serveGlobally({
    'GET /api/session': { status: 200, body: web },
    'GET /api/system/info': { status: 200, body: info },
    'GET /api/app/profile': { status: 204 },
    'GET /api/logout-session-set': { status: 200, body: { logoutUrl: '/connect/endsession?x=1' } },
    ...routes,
  });
  await session.reload();
  const router = renderRoutes(appRoutes, path);
  return { router, server };
}

// The root and the layouts are lazy route modules (ADR 029): load them once before the tests, so the first test
// does not spend its timeout transforming them.
beforeAll(() =>
  Promise.all([
    import('./routes/root.tsx'),
    import('./routes/app-shell.tsx'),
    import('../components/layouts/public-layout.tsx'),
  ]),
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the app shell and routes', () => {
  it('home: header with the user and Sign out, skip link, the Levels navigation, a welcome and no deployment facts', async () => {
    const { server } = await renderAt('/');
    const main = await screen.findByRole('main', {}, { timeout: 5000 });
    expect(await within(main).findByRole('heading', { name: 'Welcome, Alex' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Touchline');
    expect(banner).toHaveTextContent('Alex Morgan');
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('navigation', { name: 'Levels' })).toHaveTextContent('No levels to show yet');
    // An organization's Admin is not a platform admin: the deployment's facts are not theirs to see.
    expect(server.callsTo('GET', '/api/system/info')).toHaveLength(0);
    expect(within(main).queryByText('Version')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('home without an organization says how to create or join one', async () => {
    await renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Start your league' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an organization' })).toHaveAttribute(
      'href',
      '/organizations/new',
    );
    expect(screen.getByRole('heading', { name: 'Join your league' })).toBeInTheDocument();
  });

  it('home shows a platform admin the deployment facts', async () => {
    await renderAt('/', {}, signedInWebSession(testClaims({ 'User/Role': ['TouchlineAdmin'] })));
    expect(await screen.findByRole('heading', { name: 'This deployment' })).toBeInTheDocument();
    expect(screen.getByText('0.1.0')).toBeInTheDocument();
    expect(screen.getByText('Embedded PostgreSQL (PGlite)')).toBeInTheDocument();
  });

  it('a signed-out visitor of a signed-in page is sent to sign in, and comes back after signing in', async () => {
    const { router } = await renderAt('/?tab=members', {}, signedOutWebSession);
    expect(await screen.findByRole('heading', { name: 'Sign in to Touchline' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/?tab=members')}`);
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('the public pages open without a session', async () => {
    for (const [path, heading] of [
      ['/signup', 'Create your Touchline account'],
      ['/forgot-password', 'Reset your password'],
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      const { router } = await renderAt(path, {}, signedOutWebSession);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      router.dispose();
      document.body.innerHTML = '';
    }
  });

  it('an unknown path shows the 404 page inside the shell, with a way home', async () => {
    const { router } = await renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Levels' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.state.location.pathname).toBe('/');
    expect(
      await screen.findByRole('heading', { name: 'Start your league' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('/_app is the shell, and /dashboard (partner return path) opens the dashboard of the topmost level', async () => {
    const { router } = await renderAt('/_app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    await router.navigate('/dashboard?requirementStatuses=4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });

    const levelId = '11111111-1111-4111-8111-111111111111';
    const withOrg = await renderAt('/dashboard?requirementStatuses=4', {
      'GET /api/app/profile': {
        status: 200,
        body: { ...homeProfile([homeAccess(levelId, 'Club', 'Admin')]), hierarchyLevelId: levelId },
      },
    });
    await waitFor(() => expect(withOrg.router.state.location.pathname).toBe(`/levels/${levelId}/dashboard`), {
      timeout: 5000,
    });
    expect(withOrg.router.state.location.search).toBe('?requirementStatuses=4');
  });

  it('a level address that is no level id shows the 404 page, not an invalid request', async () => {
    await renderAt('/levels/not-a-uuid');
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('a failed page load shows the full-page error screen with its code, and Try Again loads it again', async () => {
    let failing = true;
    await renderAt('/', {
      'GET /api/app/profile': () =>
        failing
          ? { status: 403, body: { error: { code: 'forbidden', message: 'Not allowed' } } }
          : { status: 204 },
    });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Error Code: 403')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Levels' })).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Start your league' })).toBeInTheDocument();
  });

  it('the dark mode toggle in the header switches the theme', async () => {
    await renderAt('/');
    const toggle = await screen.findByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('Sign out ends the server session and leaves through the identity logout', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { server } = await renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/connect/endsession?x=1'));
    expect(server.callsTo('GET', '/api/logout-session-set')).toHaveLength(1);
    expect(session.getSnapshot().token).toBeNull();
  });

  it('/logout signs out at once (where a failed policy refresh leads)', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { server } = await renderAt('/logout');
    expect(await screen.findByText('Signing you out…')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/connect/endsession?x=1'));
    expect(server.callsTo('GET', '/api/logout-session-set')).toHaveLength(1);
  });

  it('a signed-in user who has not accepted the policies sees the Updated Policies modal over the app', async () => {
    const claims = testClaims({ 'User/TermsAccepted': undefined });
    await renderAt('/', {}, signedInWebSession(claims));
    // The modal's code loads on demand (a lazy chunk), which can take a moment under a busy test run.
    const dialog = await screen.findByRole('dialog', { name: 'Updated Policies' }, { timeout: 5000 });
    expect(within(dialog).getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms');
    expect(within(dialog).queryByRole('link', { name: /Privacy Policy/ })).not.toBeInTheDocument();
  });
});
