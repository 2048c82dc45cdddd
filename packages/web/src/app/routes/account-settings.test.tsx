import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '../../features/account/components/account-settings.test-helpers.tsx';
import { session } from '../../lib/session.ts';
import { serveGlobally } from '../../test/fake-server.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeAccessToken, signedInWebSession, testClaims } from '../../test/tokens.ts';
import { AccountSettingsRoute } from './account-settings.tsx';

const accessId = '99999999-9999-4999-8999-999999999999';
const prefillUrl = `/api/app/prefill-provider/prefill-data/${accessId}`;
const prefill = {
  source: { providerType: 'Amilia', name: 'Amilia' },
  firstName: 'Alexandra',
  lastName: 'Morgan',
  dateOfBirth: '2016-05-06',
  email: 'alex@example.org',
  phone: '+1 555 0100',
  address: { line1: '1 Rink Rd', city: 'Montreal', state: 'QC', postalCode: 'H2X 1Y4' },
  guardian: null,
  emergencyContact: null,
};

afterEach(() => vi.unstubAllGlobals());

function render(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally({
    'GET /api/app/account': { status: 200, body: account },
    'POST /api/refresh-token': {
      status: 200,
      body: { token: fakeAccessToken(testClaims({})), authTime: Date.now() - 60_000 },
    },
    'GET /api/app/profile/partner-from-current-profile': {
      status: 200,
      body: {
        id: '66666666-6666-4666-8666-666666666666',
        providerType: 'Amilia',
        name: 'Amilia',
        logo: '/partners/amilia.svg',
        returnUrl: 'https://app.amilia.com/store/en/demo-league/shop',
        sandbox: true,
        profileLevelAccessId: accessId,
      },
    },
    [`GET ${prefillUrl}`]: { status: 200, body: prefill },
    [`DELETE ${prefillUrl}`]: { status: 204 },
    ...routes,
  });
  session.restore(signedInWebSession());
  renderRoutes([{ path: '/account/settings', element: <AccountSettingsRoute /> }], '/account/settings');
  return server;
}

describe('account settings prefilled from the league partner (issue 31)', () => {
  it('fills only empty fields, marks them, saves nothing until the member saves, and lets the prefill go once used', async () => {
    const server = render({
      'PUT /api/app/account/user': {
        status: 200,
        body: { ...account.user, dateOfBirth: '2016-05-06' },
      },
      'PUT /api/app/account/contact-information': {
        status: 200,
        body: {
          id: '12121212-1212-4212-8212-121212121212',
          email: null,
          address: '1 Rink Rd',
          city: 'Montreal',
          phone: '+1 555 0100',
          stateId: 'QC',
        },
      },
    });
    expect(await screen.findByTestId('prefill-notice')).toHaveTextContent(/what Amilia knows about you/);
    const user = screen.getByRole('region', { name: 'User' });
    // The member's own name stays; the empty date of birth is prefilled and marked.
    expect(within(user).getByLabelText(/First name/)).toHaveValue('Alex');
    expect(within(user).getByLabelText(/First name/)).not.toHaveAccessibleDescription(/Prefilled/);
    expect(within(user).getByLabelText('Date of birth')).toHaveValue('2016-05-06');
    expect(within(user).getByLabelText('Date of birth')).toHaveAccessibleDescription(
      'Prefilled from Amilia: check it, then save to keep it.',
    );
    const contact = screen.getByRole('region', { name: 'Contact information' });
    expect(within(contact).getByLabelText('City')).toHaveValue('Montreal');
    expect(server.callsTo('PUT', '/api/app/account/user')).toHaveLength(0);

    // The member confirms the user section (changing the date first): saved as shown, the prefill still kept.
    fireEvent.change(within(user).getByLabelText('Date of birth'), { target: { value: '2016-05-07' } });
    await userEvent.click(within(user).getByRole('button', { name: 'Save details' }));
    expect(await within(user).findByText('Your details are saved.')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('PUT', '/api/app/account/user')[0]!.body!)).toMatchObject({
      dateOfBirth: '2016-05-07',
    });
    expect(server.callsTo('DELETE', prefillUrl)).toHaveLength(0);
    // Then the contact section: every prefilled section used, the prefill is let go.
    await userEvent.click(within(contact).getByRole('button', { name: 'Save contact information' }));
    expect(JSON.parse(server.callsTo('PUT', '/api/app/account/contact-information')[0]!.body!)).toMatchObject(
      {
        address: '1 Rink Rd',
        city: 'Montreal',
        phone: '+1 555 0100',
        stateId: 'QC',
      },
    );
    await waitFor(() => expect(server.callsTo('DELETE', prefillUrl)).toHaveLength(1));
  }, 20_000);

  it('dismissing puts back the member’s own (empty) values and lets the prefill go, saving nothing', async () => {
    const server = render({});
    await userEvent.click(await screen.findByRole('button', { name: 'Don’t use the details from Amilia' }));
    await waitFor(() => expect(server.callsTo('DELETE', prefillUrl)).toHaveLength(1));
    const user = screen.getByRole('region', { name: 'User' });
    expect(within(user).getByLabelText('Date of birth')).toHaveValue('');
    expect(screen.queryByTestId('prefill-notice')).toBeNull();
    expect(server.callsTo('PUT', '/api/app/account/user')).toHaveLength(0);
  });

  it('offers the partner’s emergency contact while the member has none, marked, saved only with the form', async () => {
    const server = render({
      [`GET ${prefillUrl}`]: {
        status: 200,
        body: { ...prefill, emergencyContact: { name: 'Dana Morgan', phone: '+1 555 0199' } },
      },
      'PUT /api/app/account/emergency-contacts': { status: 200, body: [] },
    });
    const section = await screen.findByRole('region', { name: 'Emergency contacts' });
    expect(await within(section).findByTestId('emergency-prefill')).toHaveTextContent(
      'Amilia knows an emergency contact for you: Dana Morgan · +1 555 0199.',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Add the contact from Amilia' }));
    const form = within(section).getByRole('form', { name: 'New emergency contact' });
    expect(within(form).getByLabelText(/First name/)).toHaveValue('Dana');
    expect(within(form).getByLabelText(/Last name/)).toHaveValue('Morgan');
    expect(within(form).getByLabelText(/Phone/)).toHaveAccessibleDescription(
      'Prefilled from Amilia: check it, then save to keep it.',
    );
    expect(server.callsTo('PUT', '/api/app/account/emergency-contacts')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText(/Relationship/), 'Aunt');
    await userEvent.click(within(form).getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/app/account/emergency-contacts')).toHaveLength(1));
    expect(JSON.parse(server.callsTo('PUT', '/api/app/account/emergency-contacts')[0]!.body!)).toMatchObject({
      contacts: [{ firstName: 'Dana', lastName: 'Morgan', relationship: 'Aunt', phone: '+1 555 0199' }],
    });
  }, 20_000);

  it('shows the plain page when the partner knows nothing (204)', async () => {
    render({ [`GET ${prefillUrl}`]: { status: 204 } });
    const user = await screen.findByRole('region', { name: 'User' });
    expect(within(user).getByLabelText('Date of birth')).toHaveValue('');
    expect(screen.queryByTestId('prefill-notice')).toBeNull();
  });
});
