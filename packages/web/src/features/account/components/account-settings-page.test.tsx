import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, firstBody, renderAccountSettings } from './account-settings.test-helpers.tsx';
import { validationFailed } from '../../../test/fake-server.ts';

afterEach(() => vi.unstubAllGlobals());

describe('account settings: user section', () => {
  it('shows a skeleton, then the details with the sign-in e-mail read-only', async () => {
    renderAccountSettings({});
    expect(screen.getByRole('status', { name: 'Loading your account settings' })).toBeInTheDocument();
    const user = await screen.findByRole('region', { name: 'User' });
    expect(within(user).getByLabelText(/First name/)).toHaveValue('Alex');
    const email = within(user).getByLabelText('E-mail address');
    expect(email).toHaveValue('alex@example.org');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(/cannot be changed here/);
  });

  it('saves names and date of birth, then says so', async () => {
    const server = renderAccountSettings({
      'PUT /api/app/account/user': {
        status: 200,
        body: { ...account.user, firstName: 'Jo', lastName: 'March', dateOfBirth: '2001-02-03' },
      },
    });
    const user = await screen.findByRole('region', { name: 'User' });
    await userEvent.clear(within(user).getByLabelText(/First name/));
    await userEvent.type(within(user).getByLabelText(/First name/), 'Jo');
    await userEvent.clear(within(user).getByLabelText(/Last name/));
    await userEvent.type(within(user).getByLabelText(/Last name/), 'March');
    fireEvent.change(within(user).getByLabelText('Date of birth'), { target: { value: '2001-02-03' } });
    await userEvent.click(within(user).getByRole('button', { name: 'Save details' }));
    expect(await within(user).findByText('Your details are saved.')).toBeInTheDocument();
    expect(firstBody(server, 'PUT', '/api/app/account/user')).toEqual({
      firstName: 'Jo',
      lastName: 'March',
      dateOfBirth: '2001-02-03',
    });
  });

  it('checks before sending, and maps the server’s field errors onto the fields', async () => {
    const server = renderAccountSettings({
      'PUT /api/app/account/user': validationFailed({
        field: 'lastName',
        in: 'body',
        message: 'That name is taken by a ghost',
      }),
    });
    const user = await screen.findByRole('region', { name: 'User' });
    fireEvent.change(within(user).getByLabelText('Date of birth'), { target: { value: '2999-01-01' } });
    await userEvent.clear(within(user).getByLabelText(/First name/));
    await userEvent.click(within(user).getByRole('button', { name: 'Save details' }));
    expect(within(user).getByText('Enter the first name')).toBeInTheDocument();
    expect(within(user).getByText('The date of birth cannot be in the future')).toBeInTheDocument();
    expect(within(user).getByLabelText(/First name/)).toHaveFocus();
    expect(server.callsTo('PUT', '/api/app/account/user')).toHaveLength(0);

    await userEvent.type(within(user).getByLabelText(/First name/), 'Alex');
    fireEvent.change(within(user).getByLabelText('Date of birth'), { target: { value: '' } });
    await userEvent.click(within(user).getByRole('button', { name: 'Save details' }));
    expect(await within(user).findByText('That name is taken by a ghost')).toBeInTheDocument();
    expect(within(user).getByLabelText(/Last name/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(user).getByLabelText(/Last name/)).toHaveFocus());
  });

  it('sends someone without an organization to their profile page', async () => {
    renderAccountSettings({
      'GET /api/app/account': {
        status: 404,
        body: { error: { code: 'not_found', message: 'No organization is selected' } },
      },
    });
    expect(await screen.findByText(/none is selected yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
  });
});

describe('account settings: contact information', () => {
  it('saves the fields (blank ones as null) and shows a server error on its field', async () => {
    let attempt = 0;
    const server = renderAccountSettings({
      'PUT /api/app/account/contact-information': () =>
        ++attempt === 1
          ? validationFailed({ field: 'stateId', in: 'body', message: 'Unknown state' })
          : {
              status: 200,
              body: {
                id: 'ci-1',
                email: null,
                address: '1 Pitch Lane',
                city: 'Riverside',
                phone: null,
                stateId: 'CA',
              },
            },
    });
    const region = await screen.findByRole('region', { name: 'Contact information' });
    await userEvent.type(within(region).getByLabelText('Address'), '1 Pitch Lane');
    await userEvent.type(within(region).getByLabelText('City'), 'Riverside');
    await userEvent.type(within(region).getByLabelText('State or province'), 'ZZ');
    await userEvent.click(within(region).getByRole('button', { name: 'Save contact information' }));
    expect(await within(region).findByText('Unknown state')).toBeInTheDocument();

    await userEvent.type(within(region).getByLabelText('Phone'), 'call me');
    await userEvent.click(within(region).getByRole('button', { name: 'Save contact information' }));
    expect(within(region).getByText('Enter a valid phone number')).toBeInTheDocument();
    await userEvent.clear(within(region).getByLabelText('Phone'));
    await userEvent.clear(within(region).getByLabelText('State or province'));
    await userEvent.type(within(region).getByLabelText('State or province'), 'CA');
    await userEvent.click(within(region).getByRole('button', { name: 'Save contact information' }));
    expect(await within(region).findByText('Your contact information is saved.')).toBeInTheDocument();
    expect(
      JSON.parse(server.callsTo('PUT', '/api/app/account/contact-information')[1]?.body ?? '{}'),
    ).toEqual({
      email: null,
      address: '1 Pitch Lane',
      city: 'Riverside',
      phone: null,
      stateId: 'CA',
    });
  });
});
