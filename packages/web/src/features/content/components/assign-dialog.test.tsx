import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDefinition } from '@touchline/contracts/content';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { AssignDialog } from './assign-dialog.tsx';

const level = (id: string, name: string, parentId: string | null, depth: number, childCount: number) => ({
  id,
  name,
  parentId,
  depth,
  sortOrder: 0,
  childCount,
  memberCount: 0,
});
const nav = (self: ReturnType<typeof level>, children: ReturnType<typeof level>[]) => ({
  status: 200,
  body: {
    level: self,
    ancestors: [],
    children,
    actorRole: 'Admin',
    allowedActions: { createChild: true, rename: true, move: true, delete: true, reorder: true },
  },
});
const root = level('10000000-0000-4000-8000-000000000001', 'Riverside', null, 0, 1);
const rec = level(
  '10000000-0000-4000-8000-000000000002',
  'Recreational',
  '10000000-0000-4000-8000-000000000001',
  1,
  1,
);
const u8 = level(
  '10000000-0000-4000-8000-000000000003',
  'U8 Girls',
  '10000000-0000-4000-8000-000000000002',
  2,
  0,
);
const labelIds: Record<string, string> = {
  Player: '20000000-0000-4000-8000-000000000001',
  Coach: '20000000-0000-4000-8000-000000000002',
  Volunteer: '20000000-0000-4000-8000-000000000003',
};
const labels = ['Player', 'Coach', 'Volunteer'].map((name) => ({
  id: labelIds[name] ?? '',
  name,
  role: null,
  isDefault: name === 'Player',
  assignable: true,
}));
const definition = {
  id: 'd0000000-0000-4000-8000-000000000001',
  type: 2,
  name: 'Waiver',
  content: { text: 'x', requireTypedName: true },
  formVersion: null,
  file: null,
  instructions: '',
  isOptional: false,
  validityMode: 'None',
  validityDays: null,
  annualRenewalDate: null,
  dueDate: null,
  dueInDays: null,
  expiringSoonDays: 30,
  reminderFrequency: null,
  sortOrder: 0,
  canManage: true,
  assignments: [
    {
      id: 'a0000000-0000-4000-8000-000000000001',
      hierarchyLevelId: '10000000-0000-4000-8000-000000000001',
      hierarchyLevelName: 'Riverside',
      labelId: '20000000-0000-4000-8000-000000000001',
      labelName: 'Player',
    },
  ],
} satisfies ContentDefinition;

function setup(assignReply: { status: number; body: unknown } = { status: 200, body: { items: [] } }) {
  const server = serveGlobally({
    'GET /api/app/content/content-library/d0000000-0000-4000-8000-000000000001': {
      status: 200,
      body: definition,
    },
    'GET /api/app/hierarchy-level/10000000-0000-4000-8000-000000000001/navigation': nav(root, [rec]),
    'GET /api/app/hierarchy-level/10000000-0000-4000-8000-000000000002/navigation': nav(rec, [u8]),
    'GET /api/app/labels': { status: 200, body: { items: labels } },
    'POST /api/app/content/d0000000-0000-4000-8000-000000000001/assign-content': assignReply,
  });
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '/content',
        element: (
          <AssignDialog
            definitionId="d0000000-0000-4000-8000-000000000001"
            name="Waiver"
            levelId="10000000-0000-4000-8000-000000000001"
            onClose={onClose}
          />
        ),
      },
    ],
    '/content',
  );
  return { server, onClose };
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the assign dialog', () => {
  it('offers the level tree and the roles, starting from the current assignments', async () => {
    setup();
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Waiver' }));
    const select = await dialog.findByRole('combobox', { name: 'Level' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent?.trim()),
    ).toEqual(['Riverside', 'Recreational', 'U8 Girls']);
    expect(dialog.getByRole('checkbox', { name: 'Player' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Coach' })).not.toBeChecked();
    expect(dialog.getByText('Player at Riverside')).toBeInTheDocument();
  });

  it('sends the whole set: a role added at another level, one removed', async () => {
    const user = userEvent.setup();
    const { server, onClose } = setup();
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Waiver' }));
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: 'Level' }),
      '10000000-0000-4000-8000-000000000003',
    );
    await user.click(dialog.getByRole('checkbox', { name: 'Coach' }));
    await user.click(dialog.getByRole('button', { name: 'Remove Player at Riverside' }));
    await user.click(dialog.getByRole('button', { name: 'Save assignments' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = server.callsTo(
      'POST',
      '/api/app/content/d0000000-0000-4000-8000-000000000001/assign-content',
    );
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      contentAssignments: [
        {
          hierarchyLevelId: '10000000-0000-4000-8000-000000000003',
          labelId: '20000000-0000-4000-8000-000000000002',
        },
      ],
    });
  });

  it('keeps the dialog open with the server’s message when the assignment is refused', async () => {
    const user = userEvent.setup();
    const { onClose } = setup({
      status: 403,
      body: {
        error: { code: 'forbidden', message: 'Only an Admin at a level can assign requirements there' },
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Waiver' }));
    await dialog.findByRole('combobox', { name: 'Level' });
    await user.click(dialog.getByRole('button', { name: 'Save assignments' }));
    expect(
      await dialog.findByText('Only an Admin at a level can assign requirements there'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
