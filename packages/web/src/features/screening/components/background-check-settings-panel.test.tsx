import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { BackgroundCheckSettingsPanel } from './background-check-settings-panel.tsx';

const orgId = '55555555-5555-4555-8555-555555555555';
const url = `/api/app/organization/${orgId}/background-check-settings`;
const off = {
  showCustomerConfiguredBackgroundCheckNotice: false,
  backgroundCheckNotice: '',
  reviewBackgroundChecksExternally: false,
};
const show = () =>
  renderRoutes([{ path: '/', element: <BackgroundCheckSettingsPanel organizationId={orgId} /> }], '/');

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the organization’s background-check settings (orgData flags)', () => {
  it('an administrator turns on the notice (its text required) and external review, and saves them', async () => {
    const server = serveGlobally({
      [`GET ${url}`]: { status: 200, body: off },
      [`PUT ${url}`]: (call) => ({ status: 200, body: JSON.parse(call.body ?? '{}') as object }),
    });
    show();
    const notice = await screen.findByRole('checkbox', { name: /notice of our own/ });
    expect(notice).not.toBeChecked();
    await userEvent.click(notice);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('Write the notice members will see')).toBeVisible();
    expect(screen.getByLabelText('Notice to members')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', url)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Notice to members'), 'Checks renew every two years.');
    await userEvent.click(screen.getByRole('checkbox', { name: /outside Touchline/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The background check settings are saved.')).toBeVisible();
    const puts = server.callsTo('PUT', url);
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]!.body!)).toEqual({
      showCustomerConfiguredBackgroundCheckNotice: true,
      backgroundCheckNotice: 'Checks renew every two years.',
      reviewBackgroundChecksExternally: true,
    });
  });

  it('puts the server’s field errors on their field', async () => {
    serveGlobally({
      [`GET ${url}`]: { status: 200, body: { ...off, backgroundCheckNotice: 'Old text' } },
      [`PUT ${url}`]: validationFailed({
        field: 'backgroundCheckNotice',
        in: 'body',
        message: 'Use at most 4000 characters',
      }),
    });
    show();
    expect(await screen.findByLabelText('Notice to members')).toHaveValue('Old text');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Use at most 4000 characters')).toBeVisible();
  });

  it('says when the settings cannot be loaded', async () => {
    serveGlobally({ [`GET ${url}`]: { status: 403, body: { error: { code: 'forbidden', message: 'No' } } } });
    show();
    expect(await screen.findByText(/The background check settings could not be loaded/)).toBeVisible();
  });
});
