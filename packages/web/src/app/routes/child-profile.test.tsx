import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileWithPlas } from '@touchline/contracts/profiles';
import { session } from '../../lib/session.ts';
import { serveGlobally } from '../../test/fake-server.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signedInWebSession } from '../../test/tokens.ts';
import { ChildProfileRoute } from './child-profile.tsx';

// Issue 31: a guardian arriving from the league partner edits their child's profile, prefilled with what the partner
// knows of the child (the membership carrying the partner's member id) — marked, saved only on Save, then let go.

afterEach(() => vi.unstubAllGlobals());

const accessId = '11111111-1111-4111-8111-111111111111';
const child: ProfileWithPlas = {
  id: 'child-1',
  organizationId: 'org-1',
  organizationName: 'Riverside',
  appUserId: null,
  guardianProfileId: 'profile-1',
  firstName: 'Ava',
  lastName: 'Tester',
  email: null,
  dateOfBirth: null,
  profilePicture: null,
  profileLevelAccesses: [
    {
      id: accessId,
      profileId: 'child-1',
      organizationId: 'org-1',
      hierarchyLevelId: 'level-1',
      levelName: 'U10',
      labelId: 'label-1',
      roleLabel: 'Player',
      role: null,
      groupMembershipStatus: 0,
      overallStatus: 2,
      externalId: 'LA-77',
      createdAt: '2026-11-01T00:00:00.000Z',
    },
  ],
};
const prefillUrl = `/api/app/prefill-provider/prefill-data/${accessId}`;
const prefill = {
  source: { providerType: 'LeagueApps', name: 'LeagueApps' },
  firstName: 'Ava',
  lastName: 'Tester',
  dateOfBirth: '2016-04-02',
  email: null,
  phone: null,
  address: null,
  guardian: { firstName: 'Jordan', lastName: 'Tester', email: 'jordan@example.org' },
  emergencyContact: null,
};

const emptyDetails = {
  profileContactInformationId: null,
  profileContactInformation: { email: null, address: null, city: null, phone: null, stateId: null },
  profileEmergencyContact: [],
};

function renderChild(known: Record<string, unknown> = prefill) {
  const server = serveGlobally({
    'GET /api/app/profile/child-1/contact-details': { status: 200, body: emptyDetails },
    'PUT /api/app/profile/child-1/contact-information': {
      status: 200,
      body: {
        id: 'contact-1',
        email: null,
        phone: null,
        address: '1 Test Way',
        city: 'Springfield',
        stateId: 'IL',
      },
    },
    'PUT /api/app/profile/child-1/emergency-contacts': {
      status: 200,
      body: [
        {
          id: 'ec-1',
          profileId: 'child-1',
          firstName: 'Jordan',
          lastName: 'Tester',
          email: null,
          relationship: 'Father',
          phone: '+1 555 0100',
        },
      ],
    },
    'GET /api/app/profile': {
      status: 404,
      body: { error: { code: 'not_found', message: 'No organization is selected' } },
    },
    'GET /api/app/profile/child-profiles': { status: 200, body: [child] },
    [`GET ${prefillUrl}`]: { status: 200, body: known },
    [`DELETE ${prefillUrl}`]: { status: 204 },
    'PUT /api/app/profile/child-1': { status: 200, body: { ...child, dateOfBirth: '2016-04-02' } },
  });
  session.restore(signedInWebSession());
  renderRoutes(
    [{ path: '/profile/children/:profileId', element: <ChildProfileRoute /> }],
    '/profile/children/child-1',
  );
  return server;
}

describe('a child’s profile prefilled from the league partner', () => {
  it('fills only the empty date of birth, marked; saving keeps it and lets the prefill go', async () => {
    const server = renderChild();
    expect(await screen.findByText(/LeagueApps knows Ava’s details/)).toBeVisible();
    const born = screen.getByLabelText(/Date of birth/);
    expect(born).toHaveValue('2016-04-02');
    expect(born).toHaveAccessibleDescription(/Prefilled from LeagueApps: check it, then save to keep it\./);
    // The names we hold are never replaced (and not marked).
    expect(screen.getByLabelText(/First name/)).not.toHaveAccessibleDescription(/Prefilled/);
    expect(server.callsTo('DELETE', prefillUrl)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('The profile is saved.')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('PUT', '/api/app/profile/child-1')[0]?.body ?? '{}')).toMatchObject({
      dateOfBirth: '2016-04-02',
    });
    expect(server.callsTo('DELETE', prefillUrl)).toHaveLength(1);
  });

  it('dismissed: the field goes back to what we hold and the prefill is let go, nothing saved', async () => {
    const server = renderChild();
    await userEvent.click(await screen.findByRole('button', { name: 'Don’t use these details' }));
    expect(screen.getByLabelText(/Date of birth/)).toHaveValue('');
    expect(server.callsTo('DELETE', prefillUrl)).toHaveLength(1);
    expect(server.callsTo('PUT', '/api/app/profile/child-1')).toHaveLength(0);
  });
});

describe('the child’s address and emergency contact from the league partner', () => {
  const known = {
    ...prefill,
    address: { line1: '1 Test Way', city: 'Springfield', state: 'IL', postalCode: '62701' },
    emergencyContact: { name: 'Jordan Tester', phone: '+1 555 0100' },
  };

  it('fills the empty address and offers the emergency contact, marked; the prefill goes once every part is saved', async () => {
    const server = renderChild(known);
    const contact = await screen.findByRole('region', { name: /Contact information/ });
    const address = within(contact).getByLabelText(/^Address/);
    expect(address).toHaveValue('1 Test Way');
    expect(address).toHaveAccessibleDescription(/Prefilled from LeagueApps/);
    expect(within(contact).getByLabelText(/^City/)).toHaveValue('Springfield');
    expect(within(contact).getByText(/How the organization can reach Ava’s family/)).toBeVisible();
    const emergency = screen.getByRole('region', { name: /Emergency contacts/ });
    expect(
      within(emergency).getByText(/LeagueApps knows an emergency contact for Ava: Jordan Tester/),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await userEvent.click(within(contact).getByRole('button', { name: 'Save contact information' }));
    expect(await within(contact).findByText('Ava’s contact information is saved.')).toBeVisible();
    expect(
      JSON.parse(server.callsTo('PUT', '/api/app/profile/child-1/contact-information')[0]?.body ?? '{}'),
    ).toMatchObject({ address: '1 Test Way', city: 'Springfield', stateId: 'IL' });
    // Nothing let go while the emergency contact is still only offered.
    expect(server.callsTo('DELETE', prefillUrl)).toHaveLength(0);

    await userEvent.click(within(emergency).getByRole('button', { name: 'Add the contact from LeagueApps' }));
    expect(within(emergency).getByLabelText(/^First name/)).toHaveValue('Jordan');
    await userEvent.type(within(emergency).getByLabelText(/^Relationship/), 'Father');
    await userEvent.click(within(emergency).getByRole('button', { name: 'Save contact' }));
    expect(await within(emergency).findByText(/Jordan Tester/)).toBeVisible();
    expect(
      JSON.parse(server.callsTo('PUT', '/api/app/profile/child-1/emergency-contacts')[0]?.body ?? '{}'),
    ).toMatchObject({ contacts: [{ firstName: 'Jordan', lastName: 'Tester', relationship: 'Father' }] });
    expect(server.callsTo('DELETE', prefillUrl)).toHaveLength(1);
  });
});
