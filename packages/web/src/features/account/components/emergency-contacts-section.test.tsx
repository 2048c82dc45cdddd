import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, contact, firstBody, renderAccountSettings } from './account-settings.test-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('account settings: emergency contacts', () => {
  it('adds a contact, sending the whole list', async () => {
    const server = renderAccountSettings({
      'PUT /api/app/account/emergency-contacts': (call) => {
        const sent = JSON.parse(call.body ?? '{}') as { contacts: object[] };
        return { status: 200, body: sent.contacts.map((c, i) => ({ ...contact(i + 1), ...c })) };
      },
    });
    const region = await screen.findByRole('region', { name: 'Emergency contacts' });
    expect(within(region).getByText('You have no emergency contacts yet.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Add emergency contact' }));
    const form = within(region).getByRole('form', { name: 'New emergency contact' });
    expect(within(form).getByLabelText(/First name/)).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: 'Save contact' }));
    expect(within(form).getByText('Enter the relationship')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/First name/), 'Sam');
    await userEvent.type(within(form).getByLabelText(/Last name/), 'Rivera');
    await userEvent.type(within(form).getByLabelText(/Relationship/), 'Aunt');
    await userEvent.type(within(form).getByLabelText('Phone'), '+1 555 010 9999');
    await userEvent.click(within(form).getByRole('button', { name: 'Save contact' }));
    expect(await within(region).findByText('Emergency contact added.')).toBeInTheDocument();
    expect(within(region).getByText('Sam Rivera')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Add emergency contact' })).toHaveFocus();
    expect(firstBody(server, 'PUT', '/api/app/account/emergency-contacts')).toEqual({
      contacts: [
        { firstName: 'Sam', lastName: 'Rivera', relationship: 'Aunt', phone: '+1 555 010 9999', email: null },
      ],
    });
  });

  it('edits and removes a contact, keeping the others’ ids', async () => {
    const saved = [contact(1), contact(2)];
    const server = renderAccountSettings(
      {
        'PUT /api/app/account/emergency-contacts': (call) => {
          const sent = JSON.parse(call.body ?? '{}') as { contacts: { id?: string }[] };
          return { status: 200, body: sent.contacts.map((c, i) => ({ ...contact(i + 1), ...c })) };
        },
      },
      { ...account, profile: { ...account.profile, profileEmergencyContact: saved } },
    );
    const region = await screen.findByRole('region', { name: 'Emergency contacts' });
    await userEvent.click(within(region).getByRole('button', { name: 'Edit Pat2 Guardian' }));
    const form = within(region).getByRole('form', { name: 'Edit Pat2 Guardian' });
    await userEvent.clear(within(form).getByLabelText(/Relationship/));
    await userEvent.type(within(form).getByLabelText(/Relationship/), 'Uncle');
    await userEvent.click(within(form).getByRole('button', { name: 'Save contact' }));
    expect(await within(region).findByText('Emergency contact saved.')).toBeInTheDocument();
    const [edit] = server.callsTo('PUT', '/api/app/account/emergency-contacts');
    expect(
      JSON.parse(edit?.body ?? '{}').contacts.map((c: { id: string; relationship: string }) => [
        c.id,
        c.relationship,
      ]),
    ).toEqual([
      [contact(1).id, 'Parent'],
      [contact(2).id, 'Uncle'],
    ]);

    await userEvent.click(within(region).getByRole('button', { name: 'Remove Pat1 Guardian' }));
    expect(
      await within(region).findByText('Pat1 Guardian was removed from your emergency contacts.'),
    ).toBeInTheDocument();
    const remove = server.callsTo('PUT', '/api/app/account/emergency-contacts')[1];
    expect(JSON.parse(remove?.body ?? '{}').contacts.map((c: { id: string }) => c.id)).toEqual([
      contact(2).id,
    ]);
  });

  it('stops at five contacts and says why', async () => {
    renderAccountSettings(
      {},
      { ...account, profile: { ...account.profile, profileEmergencyContact: [1, 2, 3, 4, 5].map(contact) } },
    );
    const region = await screen.findByRole('region', { name: 'Emergency contacts' });
    const add = within(region).getByRole('button', { name: 'Add emergency contact' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(/the most you can keep/);
  });
});
