import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { duplicateLevelNameMessage, membersRemainMessage } from '@touchline/contracts/hierarchy';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { fixtureLevel, fixtureNavigation, navigationRoute } from './level-fixtures.ts';
import { LevelPage } from './level-page.tsx';

const league = fixtureLevel('league', 'Riverside League', 0, null);
const east = fixtureLevel('east', 'East', 1, 'league', { childCount: 2, memberCount: 7 });
const u8 = fixtureLevel('u8', 'U8 Girls', 2, 'east', { memberCount: 6 });
const u10 = fixtureLevel('u10', 'U10 Boys', 2, 'east', { memberCount: 1, childCount: 1 });
const eastNavigation = fixtureNavigation({ ...east, memberCount: 7 }, [u8, u10], { ancestors: [league] });

function PageAt() {
  return <LevelPage levelId={useParams().levelId ?? ''} />;
}

function renderPage(routes: Parameters<typeof serveGlobally>[0], levelId = 'east') {
  const server = serveGlobally(routes);
  renderRoutes([{ path: '/levels/:levelId', element: <PageAt /> }], `/levels/${levelId}`);
  return server;
}

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

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the level page', () => {
  it('shows the breadcrumb, the counts, the levels below and the allowed actions', async () => {
    renderPage({ [navigationRoute('east')]: { status: 200, body: eastNavigation } });
    expect(await screen.findByRole('heading', { level: 1, name: 'East' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Riverside League' })).toHaveAttribute(
      'href',
      '/levels/league',
    );
    expect(within(crumbs).getByText('East')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/7 members in this level/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/levels/east/members');
    const below = screen.getByRole('region', { name: 'Levels below East' });
    expect(within(below).getByRole('link', { name: 'U8 Girls' })).toHaveAttribute('href', '/levels/u8');
    expect(below).toHaveTextContent('1 member · 1 level below');
    for (const name of ['Add a level', 'Rename', 'Move', 'Delete'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(document.title).toBe('East · Touchline');
  });

  it('offers no changes to someone who may make none', async () => {
    const none = { createChild: false, rename: false, move: false, delete: false, reorder: false };
    renderPage({
      [navigationRoute('east')]: {
        status: 200,
        body: {
          ...eastNavigation,
          allowedActions: none,
          level: { ...eastNavigation.level, memberCount: null },
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'East' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('adds a level, showing the rule and the server’s field error on the name', async () => {
    const names: string[] = [];
    const server = renderPage({
      [navigationRoute('east')]: { status: 200, body: eastNavigation },
      'POST /api/app/hierarchy-level': (call) => {
        const { name } = JSON.parse(call.body ?? '{}') as { name: string };
        names.push(name);
        if (name === 'U8 Girls') return validationError('name', duplicateLevelNameMessage);
        return { status: 201, body: { id: 'new', name, parentId: 'east', depth: 2, sortOrder: 2 } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a level' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a level under East' });
    await user.click(within(dialog).getByRole('button', { name: 'Add level' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      'Enter a name for the level',
    );
    expect(names).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'U8 Girls');
    await user.click(within(dialog).getByRole('button', { name: 'Add level' }));
    const field = within(dialog).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(field).toHaveAccessibleDescription(duplicateLevelNameMessage));
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'U12 Girls');
    await user.click(within(dialog).getByRole('button', { name: 'Add level' }));
    expect(await screen.findByText('Added U12 Girls.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(server.callsTo('POST', '/api/app/hierarchy-level').at(-1)?.body ?? '{}')).toEqual({
      parentId: 'east',
      name: 'U12 Girls',
    });
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/app/hierarchy-level/east/navigation')).toHaveLength(2),
    );
  });

  it('says before any click that a level with members cannot be deleted, with the count, and offers no Delete', async () => {
    const server = renderPage({ [navigationRoute('east')]: { status: 200, body: eastNavigation } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete East?' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(membersRemainMessage(7));
    expect(within(dialog).queryByRole('button', { name: 'Delete level' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/app/hierarchy-level/east')).toEqual([]);
  });

  it('shows the server’s refusal when members arrived after the page loaded', async () => {
    renderPage({
      [navigationRoute('east')]: {
        status: 200,
        body: { ...eastNavigation, level: { ...east, memberCount: 0 } },
      },
      'DELETE /api/app/hierarchy-level/east': {
        status: 409,
        body: { error: { code: 'conflict', message: membersRemainMessage(1) } },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete East?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete level' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(membersRemainMessage(1));
  });

  it('moves a level under one of the offered levels', async () => {
    const server = renderPage({
      [navigationRoute('east')]: { status: 200, body: eastNavigation },
      'GET /api/app/hierarchy-level/east/move-targets': {
        status: 200,
        body: { items: [{ id: 'west', name: 'West', depth: 1, pathNames: ['Riverside League', 'West'] }] },
      },
      'POST /api/app/hierarchy-level/east/move': {
        status: 200,
        body: { id: 'east', name: 'East', parentId: 'west', depth: 2, sortOrder: 0 },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move East' });
    const picker = await within(dialog).findByRole('combobox', { name: 'Move under' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a level…', 'Riverside League › West']);
    await user.selectOptions(picker, 'west');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Moved East under West.')).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('POST', '/api/app/hierarchy-level/east/move')[0]?.body ?? '{}')).toEqual(
      {
        parentId: 'west',
      },
    );
  });

  it('says when the level does not exist', async () => {
    renderPage(
      {
        [navigationRoute('gone')]: {
          status: 404,
          body: { error: { code: 'not_found', message: 'Level not found' } },
        },
      },
      'gone',
    );
    expect(await screen.findByRole('heading', { name: 'Level not found' })).toBeInTheDocument();
  });
});
