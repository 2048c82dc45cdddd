import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInIncidentTypes, type IncidentList } from '@touchline/contracts/incidents';
import { session } from '../../../lib/session.ts';
import { serveGlobally, validationFailed } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { IncidentSettingsPage } from './incident-settings-page.tsx';

const list: IncidentList = {
  items: [],
  totalCount: 0,
  openCount: 0,
  types: [...builtInIncidentTypes],
  canManage: true,
  family: [],
};
const settings = { accessRoles: ['Admin', 'Director'], triageHours: 24, guardianNoticeTypes: null };

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderRoutes([{ path: '/incidents/settings', element: <IncidentSettingsPage /> }], '/incidents/settings');

describe('the incident settings screen', () => {
  it('shows the settings, puts the server’s field error on its field, then saves what was chosen', async () => {
    const bodies: unknown[] = [];
    serveGlobally({
      'GET /api/app/incident/settings': { status: 200, body: settings },
      'GET /api/app/incident/incidents': { status: 200, body: list },
      'PUT /api/app/incident/settings': (call) => {
        const body = JSON.parse(call.body ?? '{}') as { triageHours: number | null };
        bodies.push(body);
        if (body.triageHours === null || body.triageHours > 168)
          return validationFailed({
            field: 'triageHours',
            in: 'body',
            message: 'At most a week (168 hours)',
          });
        return { status: 200, body };
      },
    });
    render();
    const access = await screen.findByRole('group', { name: 'Who reads incidents' });
    expect(within(access).getByRole('checkbox', { name: 'Administrators (always)' })).toBeDisabled();
    expect(within(access).getByRole('checkbox', { name: 'Directors' })).toBeChecked();
    expect(within(access).getByRole('checkbox', { name: 'Managers' })).not.toBeChecked();
    // Without a saved choice, each type's own default: injury and concussion tell the guardian.
    const notices = screen.getByRole('group', { name: 'Tell the guardian' });
    expect(within(notices).getByRole('checkbox', { name: 'Injury' })).toBeChecked();
    expect(within(notices).getByRole('checkbox', { name: 'Harassment' })).not.toBeChecked();

    const hours = screen.getByLabelText(/Triage deadline/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(hours).toHaveAccessibleDescription(/At most a week \(168 hours\)/));
    expect(hours).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(hours);
    await userEvent.type(hours, '12');
    await userEvent.click(within(access).getByRole('checkbox', { name: 'Managers' }));
    await userEvent.click(within(notices).getByRole('checkbox', { name: 'Harassment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Incident settings saved.')).toBeVisible();
    expect(bodies.at(-1)).toEqual({
      accessRoles: ['Admin', 'Director', 'Manager'],
      triageHours: 12,
      guardianNoticeTypes: ['injury', 'concussion', 'harassment'],
    });
  });

  it('adds an organization’s own type, with the field errors on their fields first', async () => {
    let attempt = 0;
    const bodies: unknown[] = [];
    serveGlobally({
      'GET /api/app/incident/settings': { status: 200, body: settings },
      'GET /api/app/incident/incidents': { status: 200, body: list },
      'POST /api/app/incident/incident-types': (call) => {
        bodies.push(JSON.parse(call.body ?? '{}'));
        attempt += 1;
        if (attempt === 1)
          return validationFailed(
            { field: 'name', in: 'body', message: 'Name the type' },
            { field: 'description', in: 'body', message: 'Describe when to choose it' },
          );
        return { status: 201, body: { code: 'org-heat-illness', name: 'Heat illness' } };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add the type' }));
    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name the type'));
    expect(screen.getByLabelText(/^When to choose it/)).toHaveAccessibleDescription(
      'Describe when to choose it',
    );
    await userEvent.type(name, 'Heat illness');
    await userEvent.type(
      screen.getByLabelText(/^When to choose it/),
      'Cramps, dizziness or collapse in heat.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tell an involved child’s guardian' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add the type' }));
    expect(await screen.findByText('Added “Heat illness”.')).toBeVisible();
    expect(bodies[1]).toEqual({
      name: 'Heat illness',
      description: 'Cramps, dizziness or collapse in heat.',
      notifiesGuardian: true,
    });
  });

  it('tells someone who is not an administrator at the top that the settings are not theirs', async () => {
    serveGlobally({
      'GET /api/app/incident/settings': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'Only administrators change incident settings' } },
      },
      'GET /api/app/incident/incidents': { status: 200, body: list },
    });
    render();
    expect(
      await screen.findByText('Only administrators at the top of the organization change incident settings.'),
    ).toBeVisible();
  });
});
