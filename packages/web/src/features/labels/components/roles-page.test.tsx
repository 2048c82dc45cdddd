import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { duplicateLabelNameMessage, labelInUseMessage, type ManagedLabel } from '@touchline/contracts/labels';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { RolesPage } from './roles-page.tsx';

const label = (id: string, name: string, extra: Partial<ManagedLabel> = {}): ManagedLabel => ({
  id,
  name,
  role: null,
  isDefault: false,
  assignable: true,
  memberCount: 0,
  ...extra,
});

const validationError = (field: string, message: string) => ({
  status: 400,
  body: {
    error: {
      code: 'validation_failed',
      message: 'The request is invalid',
      validationErrors: [{ field, in: 'body', message }],
    },
  },
});

/** A fake labels API over an in-memory list, so the page re-reads what the calls changed. */
function serveLabels(initial: ManagedLabel[]) {
  let items = [...initial];
  const server = serveGlobally({
    'GET /api/app/labels/management': () => ({ status: 200, body: { items } }),
    'POST /api/app/labels': (call) => {
      const body = JSON.parse(call.body ?? '{}') as { name: string; role: string | null };
      if (items.some((l) => l.name.toLowerCase() === body.name.toLowerCase()))
        return validationError('name', duplicateLabelNameMessage);
      const created = label(`new-${items.length}`, body.name, { role: body.role });
      items = [...items, created];
      return { status: 201, body: created };
    },
    ...Object.fromEntries(
      initial.map((l) => [
        `PUT /api/app/labels/${l.id}`,
        (call: { body: string | null }) => {
          const changes = JSON.parse(call.body ?? '{}') as Partial<ManagedLabel>;
          if (changes.isDefault) items = items.map((i) => ({ ...i, isDefault: false }));
          items = items.map((i) => (i.id === l.id ? { ...i, ...changes } : i));
          items.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
          return { status: 200, body: items.find((i) => i.id === l.id) };
        },
      ]),
    ),
    'DELETE /api/app/labels/coach': {
      status: 409,
      body: { error: { code: 'conflict', message: labelInUseMessage(3) } },
    },
  });
  renderRoutes([{ path: '/organization/roles', element: <RolesPage /> }], '/organization/roles');
  return server;
}

const player = label('player', 'Player', { isDefault: true, memberCount: 12 });
const coach = label('coach', 'Coach', { memberCount: 3 });
const admin = label('admin', 'League Admin', { role: 'Admin', memberCount: 1 });

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the roles page', () => {
  it('lists the roles with their organization role, members and the Default badge', async () => {
    serveLabels([player, coach, admin]);
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([
      'PlayerDefault',
      'Coach',
      'League Admin',
    ]);
    expect(rows[2]).toHaveTextContent('Organization role: Admin · 1 member');
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: 'Delete Player' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move up: Player' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move up: Coach' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: Coach' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Set as default: League Admin' })).toBeNull();
  });

  it('adds a role, showing the server’s field error on the name first', async () => {
    const user = userEvent.setup();
    const server = serveLabels([player, coach]);
    const form = within(await screen.findByRole('region', { name: 'Add a role' }));
    await user.type(form.getByRole('textbox', { name: /Role name/ }), 'coach');
    await user.click(form.getByRole('button', { name: 'Add role' }));
    expect(await form.findByText(duplicateLabelNameMessage)).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /Role name/ })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(form.getByRole('textbox', { name: /Role name/ }));
    await user.type(form.getByRole('textbox', { name: /Role name/ }), 'Team Manager');
    await user.selectOptions(form.getByRole('combobox', { name: 'Organization role' }), 'Manager');
    await user.click(form.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('Team Manager is added.')).toBeInTheDocument();
    expect(await screen.findByText('Organization role: Manager · 0 members')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('POST', '/api/app/labels').at(-1)?.body ?? '{}')).toEqual({
      name: 'Team Manager',
      role: 'Manager',
    });
  });

  it('renames a role inline, checking the name before sending it', async () => {
    const user = userEvent.setup();
    const server = serveLabels([player, coach]);
    await user.click(await screen.findByRole('button', { name: 'Rename Coach' }));
    const form = within(screen.getByRole('form', { name: 'Rename Coach' }));
    const input = form.getByRole('textbox', { name: /New name/ });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.click(form.getByRole('button', { name: 'Save name' }));
    expect(form.getByText('Enter a name for the role')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/app/labels/coach')).toHaveLength(0);

    await user.type(input, 'Head Coach');
    await user.click(form.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Coach is renamed Head Coach.')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('PUT', '/api/app/labels/coach')[0]?.body ?? '{}')).toEqual({
      name: 'Head Coach',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename Head Coach' })).toHaveFocus());
  });

  it('makes another role the default, which moves the badge', async () => {
    const user = userEvent.setup();
    const server = serveLabels([player, coach]);
    await user.click(await screen.findByRole('button', { name: 'Set as default: Coach' }));
    expect(await screen.findByText('Coach is now the default role.')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('PUT', '/api/app/labels/coach')[0]?.body ?? '{}')).toEqual({
      isDefault: true,
    });
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('CoachDefault');
    expect(screen.getByRole('button', { name: 'Set as default: Player' })).toBeInTheDocument();
  });

  it('shows the server’s refusal in the delete dialog and keeps it open', async () => {
    const user = userEvent.setup();
    serveLabels([player, coach]);
    await user.click(await screen.findByRole('button', { name: 'Delete Coach' }));
    const dialog = within(screen.getByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete role' }));
    expect(await dialog.findByText('This role is still held by 3 members')).toBeInTheDocument();
  });

  it('explains a refusal to someone who may not manage the roles', async () => {
    serveGlobally({
      'GET /api/app/labels/management': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'Only an Admin at the top level can manage roles' } },
      },
    });
    renderRoutes([{ path: '/organization/roles', element: <RolesPage /> }], '/organization/roles');
    expect(await screen.findByText('Only an Admin at the top level can manage roles')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add a role' })).toBeNull();
  });
});
