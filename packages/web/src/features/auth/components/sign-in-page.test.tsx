import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailNotConfirmedMessage, invalidCredentialsMessage } from '@touchline/contracts/accounts';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeAccessToken, testClaims } from '../../../test/tokens.ts';
import { SignInPage } from './sign-in-page.tsx';

type Routes = Parameters<typeof serveGlobally>[0];

function renderSignIn(routes: Routes, path = '/signin') {
  const server = serveGlobally(routes);
  const router = renderRoutes(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/account/settings', element: <h1>Account settings page</h1> },
    ],
    path,
  );
  return { server, router };
}

async function fillAndSubmit(email: string, password: string, remember = false) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail address/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  if (remember) await user.click(screen.getByLabelText('Keep me signed in'));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const tokenError = (
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
) => ({
  status,
  body: { error, error_description: description },
  headers,
});

beforeEach(() => session.restore(null));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the sign-in page', () => {
  it('has labelled fields, "Keep me signed in", and links to reset the password and to sign up', () => {
    renderSignIn({});
    expect(screen.getByRole('heading', { name: 'Sign in to Touchline' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Keep me signed in')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('checks the fields before calling the server and focuses the first one in error', async () => {
    const { server } = renderSignIn({});
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/E-mail address/)).toHaveFocus();
    expect(server.calls).toHaveLength(0);
  });

  it("shows the identity service's error_description for a wrong password in the alert region", async () => {
    const { server } = renderSignIn({
      'POST /connect/token': tokenError(400, 'invalid_grant', invalidCredentialsMessage),
    });
    await fillAndSubmit('alex@example.org', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(invalidCredentialsMessage);
    const call = server.callsTo('POST', '/connect/token')[0];
    expect(call?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call?.body ?? ''))).toEqual({
      grant_type: 'password',
      client_id: 'touchline-web',
      scope: 'openid offline_access touchline',
      username: 'alex@example.org',
      password: 'wrong-password',
    });
    expect(server.callsTo('POST', '/api/active-user-session-set')).toHaveLength(0);
  });

  it('says when the address still waits for confirmation', async () => {
    renderSignIn({ 'POST /connect/token': tokenError(400, 'invalid_grant', emailNotConfirmedMessage) });
    await fillAndSubmit('new@example.org', 'right-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(emailNotConfirmedMessage);
  });

  it('after too many attempts says how long to wait and keeps the button disabled meanwhile', async () => {
    renderSignIn({
      'POST /connect/token': tokenError(429, 'slow_down', 'Too many sign-in attempts.', {
        'retry-after': '30',
      }),
    });
    await fillAndSubmit('alex@example.org', 'again');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 30 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByText('You can try again in 30 s.')).toBeInTheDocument();
  });

  it('signs in, keeps the session in the cookie with "remember", and goes to returnTo', async () => {
    const access = fakeAccessToken(testClaims({ 'User/Role': 'President' }));
    const { server, router } = renderSignIn(
      {
        'POST /connect/token': {
          status: 200,
          body: { access_token: access, refresh_token: 'r-1', token_type: 'Bearer', expires_in: 900 },
        },
        'POST /api/active-user-session-set': { status: 204 },
      },
      `/signin?returnTo=${encodeURIComponent('/account/settings')}`,
    );
    await fillAndSubmit('alex@example.org', 'correct-horse', true);
    expect(await screen.findByRole('heading', { name: 'Account settings page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/settings');
    const body = JSON.parse(server.callsTo('POST', '/api/active-user-session-set')[0]?.body ?? '{}');
    expect(body).toMatchObject({ token: access, refresh_token: 'r-1', roles: ['Admin'], remember: true });
  });

  it('never follows a returnTo that leaves the site', async () => {
    const { router } = renderSignIn(
      {
        'POST /connect/token': {
          status: 200,
          body: {
            access_token: fakeAccessToken(),
            refresh_token: 'r',
            token_type: 'Bearer',
            expires_in: 900,
          },
        },
        'POST /api/active-user-session-set': { status: 204 },
      },
      `/signin?returnTo=${encodeURIComponent('//evil.test/')}`,
    );
    await fillAndSubmit('alex@example.org', 'correct-horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('prefills the address handed over by the signup flow', () => {
    renderSignIn({}, '/signin?email=sam%40example.org');
    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('sam@example.org');
  });
});
