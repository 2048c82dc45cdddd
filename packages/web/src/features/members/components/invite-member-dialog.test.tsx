import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationMessages } from '@touchline/contracts/invitations';
import type { MemberLabel } from '@touchline/contracts/member-admin';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';

const levelId = '4c1f6a0e-8d4b-4a57-9d83-2a1f3c9b7e10';
const labels: MemberLabel[] = [
  {
    id: '0b6f0d4e-1111-4a57-9d83-2a1f3c9b7e10',
    name: 'Player',
    role: null,
    isDefault: true,
    assignable: true,
  },
  {
    id: '0b6f0d4e-2222-4a57-9d83-2a1f3c9b7e10',
    name: 'Coach',
    role: null,
    isDefault: false,
    assignable: true,
  },
  {
    id: '0b6f0d4e-3333-4a57-9d83-2a1f3c9b7e10',
    name: 'League Admin',
    role: 'Admin',
    isDefault: false,
    assignable: false,
  },
];

afterEach(() => vi.unstubAllGlobals());

function renderDialog(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally(routes);
  session.restore(signedInWebSession());
  const onInvited = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <InviteMemberDialog
            levelId={levelId}
            levelName="U10 Girls"
            labels={labels}
            isOpen
            onClose={() => undefined}
            onInvited={onInvited}
          />
        ),
      },
    ],
    '/',
  );
  return { server, onInvited };
}

async function fill(email: string) {
  await userEvent.type(screen.getByLabelText(/E-mail address/), email);
  await userEvent.type(screen.getByLabelText(/First name/), 'Ava');
  await userEvent.type(screen.getByLabelText(/Last name/), 'Nguyen');
}

describe('the Invite member dialog', () => {
  it('offers only the labels the user may give, and checks the form before sending', async () => {
    const { server } = renderDialog({});
    const role = screen.getByLabelText(/Role/);
    expect([...role.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Player', 'Coach']);
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter the first name')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/E-mail address/)).toHaveFocus();
    expect(server.calls).toHaveLength(0);
  });

  it('puts the server’s field errors, and “already a member”, on the e-mail field', async () => {
    let answer = 0;
    renderDialog({
      'POST /api/app/invitation': () =>
        ++answer === 1
          ? validationFailed({ field: 'email', in: 'body', message: 'That e-mail address is too long' })
          : { status: 409, body: { error: { code: 'conflict', message: invitationMessages.alreadyMember } } },
    });
    await fill('ava@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('That e-mail address is too long')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription(
      'That e-mail address is too long',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(invitationMessages.alreadyMember)).toBeInTheDocument();
  });

  it('sends the invitation with the chosen label and this level', async () => {
    const { server, onInvited } = renderDialog({
      'POST /api/app/invitation': { status: 201, body: { profileId: 'p-1', profileLevelAccessId: 'pla-1' } },
    });
    await fill('ava@example.org');
    await userEvent.selectOptions(screen.getByLabelText(/Role/), 'Coach');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() => expect(onInvited).toHaveBeenCalledWith('ava@example.org'));
    const call = server.callsTo('POST', '/api/app/invitation')[0];
    expect(call?.headers.authorization).toMatch(/^Bearer /);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      email: 'ava@example.org',
      firstName: 'Ava',
      lastName: 'Nguyen',
      hierarchyLevelId: levelId,
      labelId: labels[1]?.id,
    });
  });
});
