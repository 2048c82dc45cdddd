import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountRequestMessages } from '@touchline/contracts/accounts';
import { invitationMessages } from '@touchline/contracts/invitations';
import { signupPoliciesTexts } from '@touchline/contracts/messages';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { pendingInvitation } from '../pending-invitation.ts';
import { SignupPage, signupEntryMode } from './signup-page.tsx';

type Routes = Parameters<typeof serveGlobally>[0];

function renderSignup(routes: Routes, path = '/signup') {
  const server = serveGlobally(routes);
  renderRoutes([{ path: '/signup', element: <SignupPage /> }], path);
  return server;
}

const agreement = /I agree to the Terms of Service.*and the Privacy Policy/;

const registered = { status: 200, body: { message: accountRequestMessages.registered } };

async function continueWithEmail(email: string) {
  await userEvent.type(screen.getByLabelText(/E-mail address/), email);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

async function fillFullForm() {
  await userEvent.type(screen.getByLabelText(/First name/), 'Sam');
  await userEvent.type(screen.getByLabelText(/Last name/), 'Rivera');
  await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-password');
  await userEvent.click(screen.getByRole('checkbox', { name: agreement }));
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the signup flow from the signup URL (spec §2)', () => {
  it('reads the entry mode from the link', () => {
    expect(signupEntryMode(null)).toBe('signup-url');
    expect(signupEntryMode('abc')).toBe('invitation');
  });

  it('ask-for-email → full-signup-form → need-to-confirm-email, then resends the link', async () => {
    const server = renderSignup({
      'POST /api/app/app-users/register-account': registered,
      'POST /api/app/app-users/resend-confirmation': {
        status: 200,
        body: { message: accountRequestMessages.resendConfirmation },
      },
    });
    expect(screen.getByRole('heading', { name: 'Create your Touchline account' })).toBeInTheDocument();
    await continueWithEmail('not-an-address');
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/E-mail address/));
    await continueWithEmail('sam@example.org');

    expect(await screen.findByRole('heading', { name: 'Tell us about you' })).toHaveFocus();
    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('sam@example.org');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('At least 10 characters.');
    await fillFullForm();

    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByText(accountRequestMessages.registered)).toBeInTheDocument();
    expect(
      JSON.parse(server.callsTo('POST', '/api/app/app-users/register-account')[0]?.body ?? '{}'),
    ).toEqual({
      email: 'sam@example.org',
      password: 'a-long-password',
      firstName: 'Sam',
      lastName: 'Rivera',
      acceptedPolicies: true,
    });
    expect(
      server.callsTo('POST', '/api/app/app-users/register-account')[0]?.headers.authorization,
    ).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));
    expect(await screen.findByText(accountRequestMessages.resendConfirmation)).toBeInTheDocument();
    expect(
      JSON.parse(server.callsTo('POST', '/api/app/app-users/resend-confirmation')[0]?.body ?? '{}'),
    ).toEqual({
      email: 'sam@example.org',
    });
  });

  it('puts the server’s field errors on their fields', async () => {
    renderSignup({
      'POST /api/app/app-users/register-account': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Invalid request',
            validationErrors: [{ field: 'password', in: 'body', message: 'This password is too common' }],
          },
        },
      },
    });
    await continueWithEmail('sam@example.org');
    await fillFullForm();
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/This password is too common/);
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Tell us about you' })).toBeInTheDocument();
  });

  it('checks the password length before sending', async () => {
    const server = renderSignup({});
    await continueWithEmail('sam@example.org');
    await userEvent.type(screen.getByLabelText(/First name/), 'Sam');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Rivera');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Use at least 10 characters')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('requires the agreement to both policies, linked, before sending', async () => {
    const server = renderSignup({ 'POST /api/app/app-users/register-account': registered });
    await continueWithEmail('sam@example.org');
    const box = screen.getByRole('checkbox', { name: agreement });
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy');
    await userEvent.type(screen.getByLabelText(/First name/), 'Sam');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Rivera');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText(signupPoliciesTexts.required)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(signupPoliciesTexts.required);
    expect(box).toHaveFocus();
    expect(server.calls).toHaveLength(0);

    await userEvent.click(box);
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(signupPoliciesTexts.required)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(
      JSON.parse(server.callsTo('POST', '/api/app/app-users/register-account')[0]?.body ?? '{}'),
    ).toMatchObject({
      acceptedPolicies: true,
    });
  });
});

describe('the signup flow from an invitation', () => {
  it('asks the server for the next step; login leads to sign-in, then back to accepting the invitation', async () => {
    const server = renderSignup(
      {
        'GET /api/app/invitation/next-step-from-token': {
          status: 200,
          body: {
            step: 'login',
            email: 'coach@example.org',
            organizationName: 'Riverside',
            levelName: 'U10 Girls',
          },
        },
      },
      '/signup?token=invite-123',
    );
    expect(await screen.findByRole('heading', { name: 'You already have an account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?email=coach%40example.org&returnTo=%2Finvitation%2Faccept',
    );
    expect(screen.getByRole('status')).toHaveTextContent('You are invited to join U10 Girls (Riverside).');
    expect(server.calls[0]?.path).toBe('/api/app/invitation/next-step-from-token?token=invite-123');
    expect(pendingInvitation()).toBe('invite-123');
  });

  it('prefills the full form from the invitation', async () => {
    renderSignup(
      {
        'GET /api/app/invitation/next-step-from-token': {
          status: 200,
          body: { step: 'full-signup-form', email: 'coach@example.org', firstName: 'Jo' },
        },
      },
      '/signup?token=invite-123',
    );
    expect(await screen.findByRole('heading', { name: 'Tell us about you' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('coach@example.org');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Jo');
  });

  it('does not remember a link the server refuses', async () => {
    renderSignup(
      {
        'GET /api/app/invitation/next-step-from-token': {
          status: 200,
          body: { step: 'error', message: invitationMessages.invalidLink },
        },
      },
      '/signup?token=invite-old',
    );
    expect(await screen.findByText(invitationMessages.invalidLink)).toBeInTheDocument();
    expect(pendingInvitation()).toBeNull();
  });

  it('shows the error step when the invitation cannot be read', async () => {
    renderSignup({}, '/signup?token=invite-123');
    expect(
      await screen.findByRole('heading', { name: 'We could not continue your signup' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/This invitation link could not be opened/);
  });
});

describe('an invitation link opened while signed in (issue 18 item 6)', () => {
  const nextStep = (email: string) => ({
    'GET /api/app/invitation/next-step-from-token': {
      status: 200,
      body: {
        step: 'login',
        email,
        organizationName: 'Riverside',
        levelName: 'U10 Girls',
        roleName: 'Coach',
      },
    },
  });
  afterEach(() => session.restore({ token: null, authTime: null, roles: [], remember: false }));

  it('asks the invitee to join as the role, in one click, without signing in again', async () => {
    session.restore(signedInWebSession(testClaims({ 'User/Email': 'Alex@example.org' })));
    renderSignup(nextStep('alex@example.org'), '/signup?token=invite-123');
    expect(await screen.findByRole('heading', { name: 'Join Riverside as Coach' })).toBeInTheDocument();
    expect(screen.queryByText(/Sign in to continue/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Riverside' })).toHaveAttribute(
      'href',
      '/invitation/accept?token=invite-123',
    );
    expect(pendingInvitation()).toBe('invite-123');
  });

  it('says an invitation already accepted is accepted and links onward, instead of "Join …"', async () => {
    session.restore(signedInWebSession(testClaims({ 'User/Email': 'alex@example.org' })));
    const step = nextStep('alex@example.org')['GET /api/app/invitation/next-step-from-token'];
    renderSignup(
      {
        'GET /api/app/invitation/next-step-from-token': { ...step, body: { ...step.body, accepted: true } },
      },
      '/signup?token=invite-123',
    );
    expect(await screen.findByRole('heading', { name: 'Invitation accepted' })).toBeInTheDocument();
    expect(screen.getByText(/has already been accepted/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Riverside' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Join Riverside' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Join / })).not.toBeInTheDocument();
    expect(pendingInvitation()).toBeNull();
  });

  it('tells another signed-in account whose invitation it is, and offers to switch', async () => {
    session.restore(signedInWebSession());
    renderSignup(nextStep('coach@example.org'), '/signup?token=invite-123');
    expect(
      await screen.findByRole('heading', { name: 'This invitation is for someone else' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('coach@example.org').length).toBeGreaterThan(0);
    expect(screen.getByText('alex@example.org')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out to switch account' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Join Riverside' })).not.toBeInTheDocument();
  });
});

describe('signing up from an invitation link (issue 18 item 6, ADR 033)', () => {
  const token = 'T'.repeat(43);
  const fullForm = {
    'GET /api/app/invitation/next-step-from-token': {
      status: 200,
      body: { step: 'full-signup-form', email: 'coach@example.org', firstName: 'Sam', lastName: 'Rivera' },
    },
    'POST /api/app/app-users/register-account': registered,
  };

  it('the link confirms the address: no second e-mail, straight to signing in and joining', async () => {
    const server = renderSignup(
      { ...fullForm, 'POST /api/app/invitation/confirm-address': { status: 204 } },
      `/signup?token=${token}`,
    );
    await screen.findByRole('heading', { name: 'Tell us about you' });
    await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-password');
    await userEvent.click(screen.getByRole('checkbox', { name: agreement }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?email=coach%40example.org&returnTo=%2Finvitation%2Faccept',
    );
    const sent = server.callsTo('POST', '/api/app/invitation/confirm-address')[0];
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ token, password: 'a-long-password' });
  });

  it('falls back to the e-mailed confirmation when the link cannot confirm the address', async () => {
    renderSignup(
      {
        ...fullForm,
        'POST /api/app/invitation/confirm-address': {
          status: 409,
          body: { error: { code: 'conflict', message: invitationMessages.passwordMismatch } },
        },
      },
      `/signup?token=${token}`,
    );
    await screen.findByRole('heading', { name: 'Tell us about you' });
    await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-password');
    await userEvent.click(screen.getByRole('checkbox', { name: agreement }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your account is ready' })).not.toBeInTheDocument();
  });
});
