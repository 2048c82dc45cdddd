import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { nameMismatchMessage, sameName, WaiverPanel } from './waiver-panel.tsx';

const definitionId = '22222222-2222-4222-8222-222222222222';
const plaId = '11111111-1111-4111-8111-111111111111';
const path = `/api/app/requirement/${definitionId}/complete-waiver`;
const result = {
  memberRequirementId: '33333333-3333-4333-8333-333333333333',
  definitionId,
  profileId: '44444444-4444-4444-8444-444444444444',
  status: RequirementStatus.Completed,
  completedAt: '2026-11-23T16:00:00.000Z',
  files: [],
};

function show(signed = false) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <WaiverPanel
            requirement={{ definitionId, profileLevelAccessId: plaId }}
            waiverName="Season waiver"
            text="I accept the risks of playing."
            memberName="Alex Morgan"
            canSign={!signed}
            signed={signed}
          />
        ),
      },
    ],
    '/',
  );
}

const nameBox = () => screen.getByRole('textbox', { name: /Type your full name to sign/ });
const agreeBox = () => screen.getByRole('checkbox', { name: 'I have read and agree to this waiver' });
const sign = () => userEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the waiver', () => {
  it('compares names the way people type them', () => {
    expect(sameName('  alex   MORGAN ', 'Alex Morgan')).toBe(true);
    expect(sameName('Zoë Ng', 'Zoe Ng')).toBe(false);
    expect(sameName('Alex Morga', 'Alex Morgan')).toBe(false);
  });

  it('asks for the name and the agreement before anything is sent', async () => {
    const server = serveGlobally({});
    show();
    expect(screen.getByRole('region', { name: 'Waiver text' })).toHaveTextContent(
      'I accept the risks of playing.',
    );
    await sign();
    expect(nameBox()).toHaveAccessibleDescription(expect.stringContaining('Type your full name'));
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');
    expect(nameBox()).toHaveFocus();
    expect(agreeBox()).toHaveAccessibleDescription('You must agree to the waiver');
    expect(server.calls).toHaveLength(0);
  });

  it('refuses a signature that is not the member’s name', async () => {
    const server = serveGlobally({});
    show();
    await userEvent.type(nameBox(), 'Sam Smith');
    await userEvent.click(agreeBox());
    await sign();
    expect(nameBox()).toHaveAccessibleDescription(
      expect.stringContaining(nameMismatchMessage('Alex Morgan')),
    );
    expect(server.calls).toHaveLength(0);
  });

  it('signs with the typed name and offers the signed waiver', async () => {
    const server = serveGlobally({ [`POST ${path}`]: { status: 200, body: result } });
    show();
    await userEvent.type(nameBox(), 'alex morgan');
    await userEvent.click(agreeBox());
    await sign();
    expect(await screen.findByText(/Waiver signed/)).toBeVisible();
    const [call] = server.callsTo('POST', path);
    expect(call?.path).toBe(`${path}?plaId=${plaId}`);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ typedName: 'alex morgan', agreed: true });
    expect(screen.getByRole('button', { name: 'Download the signed PDF' })).toBeVisible();
  });

  it('puts the server’s field errors on the field', async () => {
    serveGlobally({
      [`POST ${path}`]: validationFailed({
        field: 'typedName',
        in: 'body',
        message: 'The name does not match your profile',
      }),
    });
    show();
    await userEvent.type(nameBox(), 'Alex Morgan');
    await userEvent.click(agreeBox());
    await sign();
    expect(await screen.findByText('The name does not match your profile')).toBeVisible();
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a signed waiver on request', async () => {
    serveGlobally({
      [`GET /api/app/requirement/${definitionId}/waiver/view`]: {
        status: 200,
        body: {
          definitionId,
          waiverName: 'Season waiver',
          waiverText: 'I accept the risks of playing.',
          memberName: 'Alex Morgan',
          typedName: 'Alex Morgan',
          signedAt: '2026-11-23T16:00:00.000Z',
          ipAddress: null,
          events: [],
        },
      },
    });
    show(true);
    expect(screen.queryByRole('form', { name: 'Sign the waiver' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View the signed waiver' }));
    expect(await screen.findByText('Signed as')).toBeVisible();
  });
});
