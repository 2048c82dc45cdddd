import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountRequestMessages } from '@touchline/contracts/accounts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const token = 'r'.repeat(32);

function renderAt(path: string, routes: Parameters<typeof serveGlobally>[0] = {}) {
  const server = serveGlobally(routes);
  renderRoutes(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
    ],
    path,
  );
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('forgot password', () => {
  it("sends the address and shows the server's message", async () => {
    const server = renderAt('/forgot-password', {
      'POST /api/app/app-users/forgot-password': {
        status: 200,
        body: { message: accountRequestMessages.forgotPassword },
      },
    });
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'sam@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(accountRequestMessages.forgotPassword)).toBeInTheDocument();
    expect(JSON.parse(server.calls[0]?.body ?? '{}')).toEqual({ email: 'sam@example.org' });
  });
});

describe('reset password', () => {
  async function submit(password: string, again = password) {
    await userEvent.type(screen.getByLabelText(/^New password/), password);
    await userEvent.type(screen.getByLabelText(/Repeat the new password/), again);
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
  }

  it('sets the new password with the token from the link', async () => {
    const server = renderAt(`/reset-password?token=${token}`, {
      'POST /api/app/app-users/reset-password': { status: 204 },
    });
    await submit('a-new-long-password');
    expect(
      await screen.findByRole('heading', { name: 'Your password has been changed' }),
    ).toBeInTheDocument();
    expect(JSON.parse(server.calls[0]?.body ?? '{}')).toEqual({ token, password: 'a-new-long-password' });
  });

  it('catches a mismatch before sending, and shows the server message for a spent link', async () => {
    const server = renderAt(`/reset-password?token=${token}`, {
      'POST /api/app/app-users/reset-password': {
        status: 400,
        body: { error: { code: 'validation_failed', message: 'This reset link has expired.' } },
      },
    });
    await submit('a-new-long-password', 'something-else-entirely');
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/Repeat the new password/));
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await submit('a-new-long-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired.');
    expect(screen.getByRole('link', { name: 'Get a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('a link without a token says it is incomplete', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
  });
});
