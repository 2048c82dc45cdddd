import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnIncidentType } from '@touchline/contracts/incident-settings';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { OwnIncidentTypes } from './own-incident-types.tsx';

const heat: OwnIncidentType = {
  id: '11111111-1111-4111-8111-111111111111',
  code: 'org-heat-illness',
  name: 'Heat illness',
  description: 'Cramps, dizziness or collapse in heat.',
  notifiesGuardian: false,
  archived: false,
};

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderRoutes([{ path: '/incidents/settings', element: <OwnIncidentTypes /> }], '/incidents/settings');

describe('the organization’s own incident types', () => {
  it('archives a type only after the confirmation, then restores it', async () => {
    let current = heat;
    const bodies: unknown[] = [];
    const server = serveGlobally({
      'GET /api/app/incident/incident-types': () => ({ status: 200, body: { items: [current] } }),
      [`PUT /api/app/incident/incident-types/${heat.id}`]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as { archived: boolean };
        bodies.push(body);
        current = { ...current, archived: body.archived };
        return { status: 200, body: current };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Heat illness' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive Heat illness?' });
    expect(dialog).toHaveTextContent('New reports will no longer offer it');
    // Cancelling changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.callsTo('PUT', `/api/app/incident/incident-types/${heat.id}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Archive Heat illness' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Archive the type' }),
    );
    expect(await screen.findByText('Archived “Heat illness”.')).toBeVisible();
    expect(await screen.findByText('Archived')).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Heat illness' }));
    expect(await screen.findByText('Restored “Heat illness”.')).toBeVisible();
    expect(bodies).toEqual([{ archived: true }, { archived: false }]);
  });

  it('says when there are none', async () => {
    serveGlobally({
      'GET /api/app/incident/incident-types': { status: 200, body: { items: [] } },
    });
    render();
    expect(await screen.findByText(/None yet: reports offer the built-in types/)).toBeVisible();
  });

  it('shows the server’s refusal of a restore', async () => {
    serveGlobally({
      'GET /api/app/incident/incident-types': {
        status: 200,
        body: { items: [{ ...heat, archived: true }] },
      },
      [`PUT /api/app/incident/incident-types/${heat.id}`]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'A type with this name is in use: archive it first' } },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Heat illness' }));
    expect(await screen.findByText('A type with this name is in use: archive it first')).toBeVisible();
  });
});
