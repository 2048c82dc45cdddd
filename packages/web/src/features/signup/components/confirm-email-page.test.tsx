import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountRequestMessages } from '@touchline/contracts/accounts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { rememberInvitation } from '../pending-invitation.ts';
import { ConfirmEmailPage } from './confirm-email-page.tsx';

const token = 'c'.repeat(32);

function renderConfirm(routes: Parameters<typeof serveGlobally>[0], path = `/confirm-email?token=${token}`) {
  const server = serveGlobally(routes);
  renderRoutes([{ path: '/confirm-email', element: <ConfirmEmailPage /> }], path);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('the confirm-email page', () => {
  it('confirms the address once and offers to sign in', async () => {
    const server = renderConfirm({ 'POST /api/app/app-users/confirm-email': { status: 204 } });
    expect(
      await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    const calls = server.callsTo('POST', '/api/app/app-users/confirm-email');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ token });
  });

  it('leads sign-in back to a waiting invitation', async () => {
    rememberInvitation('i'.repeat(43));
    renderConfirm({ 'POST /api/app/app-users/confirm-email': { status: 204 } });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?returnTo=%2Finvitation%2Faccept',
    );
  });

  it('says why a link failed and offers to send a new one', async () => {
    const server = renderConfirm({
      'POST /api/app/app-users/confirm-email': {
        status: 400,
        body: { error: { code: 'validation_failed', message: 'This link has expired.' } },
      },
      'POST /api/app/app-users/resend-confirmation': {
        status: 200,
        body: { message: accountRequestMessages.resendConfirmation },
      },
    });
    expect((await screen.findByText('This link has expired.')).closest('[role="alert"]')).not.toBeNull();
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'sam@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));
    expect(await screen.findByText(accountRequestMessages.resendConfirmation)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/app/app-users/resend-confirmation')).toHaveLength(1);
  });

  it('a link without its token is incomplete, and nothing is sent', () => {
    const server = renderConfirm({}, '/confirm-email');
    expect(
      screen.getByText('This confirmation link is incomplete.').closest('[role="alert"]'),
    ).not.toBeNull();
    expect(server.calls).toHaveLength(0);
  });
});
