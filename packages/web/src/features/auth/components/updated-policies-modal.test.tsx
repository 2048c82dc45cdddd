import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenRefreshFailedMessage } from '@touchline/contracts/messages';
import type { AcceptanceType } from '@touchline/contracts/roles';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeAccessToken, signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { UpdatedPoliciesGate } from './updated-policies-gate.tsx';
import { UpdatedPoliciesModal } from './updated-policies-modal.tsx';

function renderModal(missing: AcceptanceType[]) {
  const onAcknowledge = vi.fn();
  render(<UpdatedPoliciesModal missing={missing} onAcknowledge={onAcknowledge} />);
  return { onAcknowledge, dialog: screen.getByRole('dialog', { name: 'Updated Policies' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Updated Policies modal (spec §2)', () => {
  it('with both policies missing: the intro, both links, the terms box, and the button disabled until ticked', async () => {
    const { dialog, onAcknowledge } = renderModal(['terms', 'privacy']);
    expect(dialog).toHaveTextContent("We've made some important updates to our Terms of Service");
    expect(within(dialog).getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms');
    expect(within(dialog).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy');
    const button = within(dialog).getByRole('button', { name: 'Acknowledge Updated Policies' });
    expect(button).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('I agree to the Terms of Service'));
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(onAcknowledge).toHaveBeenCalledTimes(1);
  });

  it('with only the privacy policy missing: only its link, no terms box, and the button enabled', () => {
    const { dialog } = renderModal(['privacy']);
    expect(within(dialog).queryByRole('link', { name: /Terms of Service/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Privacy Policy/ })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('I agree to the Terms of Service')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Acknowledge Updated Policies' })).toBeEnabled();
  });

  it('with only the terms missing: only the terms link', () => {
    const { dialog } = renderModal(['terms']);
    expect(within(dialog).getAllByRole('link')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: /Terms of Service/ })).toBeInTheDocument();
  });

  it('cannot be closed: no close button, and Escape and the backdrop leave it open', async () => {
    renderModal(['terms']);
    expect(screen.queryByRole('button', { name: 'Close modal' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Updated Policies' })).toBeInTheDocument();
  });
});

describe('acknowledging (spec §4, §8)', () => {
  const unaccepted = testClaims({ 'User/TermsAccepted': undefined, 'User/PrivacyAccepted': undefined });

  function renderGate(routes: Parameters<typeof serveGlobally>[0]) {
    const server = serveGlobally(routes);
    session.restore(signedInWebSession(unaccepted));
    const router = renderRoutes(
      [
        { path: '/', element: <UpdatedPoliciesGate /> },
        { path: '/logout', element: <h1>Logout route</h1> },
      ],
      '/',
    );
    return { server, router };
  }

  async function acknowledge() {
    // The gate loads the modal's code on demand, which can take a moment under a busy test run.
    const dialog = await screen.findByRole('dialog', { name: 'Updated Policies' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByLabelText('I agree to the Terms of Service'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge Updated Policies' }));
  }

  it('accepts each missing policy with the Bearer token, refreshes the token, and closes when the claims arrive', async () => {
    const refreshed = fakeAccessToken(testClaims());
    const { server } = renderGate({
      'POST /api/app/user-acceptance/accept': { status: 204 },
      'POST /api/refresh-token': { status: 200, body: { token: refreshed, authTime: Date.now() - 5000 } },
    });
    await acknowledge();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const accepts = server.callsTo('POST', '/api/app/user-acceptance/accept');
    expect(accepts.map((c) => JSON.parse(c.body ?? '{}'))).toEqual([
      { acceptedType: 'terms' },
      { acceptedType: 'privacy' },
    ]);
    expect(accepts[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(1);
    expect(session.getSnapshot().token).toBe(refreshed);
  });

  it('goes to /logout when the refresh after accepting fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderGate({
      'POST /api/app/user-acceptance/accept': { status: 204 },
      'POST /api/refresh-token': { status: 401 },
    });
    await acknowledge();
    expect(await screen.findByRole('heading', { name: 'Logout route' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/logout');
    expect(logged).toHaveBeenCalledWith(tokenRefreshFailedMessage, expect.anything());
  });

  it('stays open with an error when an acceptance is not a 204', async () => {
    const { server } = renderGate({ 'POST /api/app/user-acceptance/accept': { status: 200, body: {} } });
    await acknowledge();
    expect(await screen.findByText(/We could not save your acknowledgement/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Updated Policies' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(0);
  });

  it('is not shown to a user who has accepted both', () => {
    serveGlobally({});
    session.restore(signedInWebSession());
    renderRoutes([{ path: '/', element: <UpdatedPoliciesGate /> }], '/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
