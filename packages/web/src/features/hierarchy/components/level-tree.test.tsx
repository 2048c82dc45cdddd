import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCurrentLevels, getCurrentLevel, setCurrentLevel } from '../../../lib/current-level.ts';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { leftNavigationStorageKey, resetLeftNavigationStores } from '../hooks/use-left-navigation-state.ts';
import { fixtureLevel, fixtureNavigation, navigationRoute } from './level-fixtures.ts';
import { LevelTree } from './level-tree.tsx';

const league = fixtureLevel('league', 'Riverside League', 0, null, { childCount: 2, memberCount: 10 });
const east = fixtureLevel('east', 'East', 1, 'league', { childCount: 1, memberCount: 7 });
const west = fixtureLevel('west', 'West', 1, 'league', { memberCount: 1 });
const u8 = fixtureLevel('u8', 'U8 Girls', 2, 'east', { memberCount: 6 });

const tree = {
  [navigationRoute('league')]: { status: 200, body: fixtureNavigation(league, [east, west]) },
  [navigationRoute('east')]: { status: 200, body: fixtureNavigation(east, [u8]) },
  [navigationRoute('west')]: { status: 200, body: fixtureNavigation(west, []) },
  [navigationRoute('u8')]: { status: 200, body: fixtureNavigation(u8, []) },
};

function OpenedLevel() {
  return <p>Opened {useParams().levelId}</p>;
}

function renderTree(profileId = 'profile-1') {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <nav aria-label="Levels">
            <LevelTree profileId={profileId} topLevelId="league" />
            <Outlet />
          </nav>
        ),
        children: [
          { index: true, element: <p>Home</p> },
          { path: 'levels/:levelId', element: <OpenedLevel /> },
        ],
      },
    ],
    '/',
  );
}

const item = (name: RegExp) => screen.findByRole('treeitem', { name });

beforeEach(() => {
  clearCurrentLevels();
  resetLeftNavigationStores();
  session.restore(signedInWebSession());
});
afterEach(() => vi.unstubAllGlobals());

describe('the level tree (spec §2 left navigation tree)', () => {
  it('starts at the topmost level, open, with member counts, and selects it', async () => {
    serveGlobally(tree);
    renderTree();
    const top = await item(/^Riverside League/);
    expect(screen.getByRole('tree', { name: 'Levels' })).toBeInTheDocument();
    expect(top).toHaveAccessibleName('Riverside League, 10 members');
    expect(top).toHaveAttribute('aria-expanded', 'true');
    expect(top).toHaveAttribute('aria-level', '1');
    await waitFor(() => expect(top).toHaveAttribute('aria-selected', 'true'));
    const group = document.getElementById(top.getAttribute('aria-owns') ?? '') as HTMLElement;
    expect(group).toHaveAttribute('role', 'group');
    expect(
      within(group)
        .getAllByRole('treeitem')
        .map((i) => i.getAttribute('aria-level')),
    ).toEqual(['2', '2']);
    expect(await item(/^East/)).toHaveAttribute('aria-expanded', 'false');
    expect(await item(/^West/)).not.toHaveAttribute('aria-expanded');
    expect(getCurrentLevel('profile-1')).toMatchObject({
      currentLevelId: 'league',
      currentLevelRole: 'Admin',
    });
  });

  it('walks with the keyboard: arrows, Home, End, type-ahead, and Enter to open a level', async () => {
    const server = serveGlobally(tree);
    const user = userEvent.setup();
    renderTree();
    const top = await item(/^Riverside League/);
    await user.tab();
    expect(top).toHaveFocus();
    expect(document.querySelectorAll('[role="treeitem"][tabindex="0"]')).toHaveLength(1);

    await user.keyboard('{ArrowDown}');
    const eastItem = await item(/^East/);
    expect(eastItem).toHaveFocus();
    expect(server.callsTo('GET', '/api/app/hierarchy-level/east/navigation')).toHaveLength(0);
    await user.keyboard('{ArrowRight}');
    expect(eastItem).toHaveAttribute('aria-expanded', 'true');
    const u8Item = await item(/^U8 Girls/);
    expect(u8Item).toHaveAttribute('aria-level', '3');
    await user.keyboard('{ArrowRight}');
    expect(u8Item).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(eastItem).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(eastItem).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /^U8 Girls/ })).not.toBeInTheDocument();

    await user.keyboard('{End}');
    expect(await item(/^West/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(top).toHaveFocus();
    await user.keyboard('w');
    expect(await item(/^West/)).toHaveFocus();
    expect(document.querySelectorAll('[role="treeitem"][tabindex="0"]')).toHaveLength(1);

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Opened west')).toBeInTheDocument();
    expect(await item(/^West/)).toHaveAttribute('aria-selected', 'true');
    expect(top).toHaveAttribute('aria-selected', 'false');
    expect(getCurrentLevel('profile-1')).toMatchObject({ currentLevelId: 'west', currentLevelName: 'West' });

    await user.keyboard('{ArrowLeft}');
    expect(top).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByText('Opened league')).toBeInTheDocument();
  });

  it('follows the current level reached elsewhere: opens the levels above it and selects it', async () => {
    serveGlobally({
      ...tree,
      [navigationRoute('u8')]: {
        status: 200,
        body: fixtureNavigation(u8, [], { ancestors: [league, east] }),
      },
    });
    renderTree();
    const eastItem = await item(/^East/);
    expect(eastItem).toHaveAttribute('aria-expanded', 'false');
    // As the level page does when /levels/u8 opens from a link or the address bar.
    act(() =>
      setCurrentLevel('profile-1', {
        currentLevelId: 'u8',
        currentLevelName: 'U8 Girls',
        currentLevelDepth: 2,
        currentLevelRole: null,
      }),
    );
    await waitFor(() => expect(eastItem).toHaveAttribute('aria-expanded', 'true'));
    expect(await item(/^U8 Girls/)).toHaveAttribute('aria-selected', 'true');
    expect(await item(/^Riverside League/)).toHaveAttribute('aria-selected', 'false');
  });

  it('remembers what was expanded, per profile, across a reload', async () => {
    serveGlobally(tree);
    const user = userEvent.setup();
    renderTree();
    await user.click((await item(/^East/)).querySelector('[aria-hidden="true"]') as HTMLElement);
    expect(await item(/^U8 Girls/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(leftNavigationStorageKey('profile-1')) ?? 'null')).toEqual({
      levels: { '0': ['league'], '1': ['east'] },
      defaultExpand: false,
    });
    cleanup();

    resetLeftNavigationStores();
    renderTree();
    expect(await item(/^U8 Girls/)).toBeInTheDocument();
    expect(await item(/^East/)).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps another profile’s tree as it opens by default', async () => {
    localStorage.setItem(
      leftNavigationStorageKey('profile-1'),
      JSON.stringify({ levels: { '1': ['east'] }, defaultExpand: false }),
    );
    serveGlobally(tree);
    renderTree('profile-2');
    expect(await item(/^East/)).toHaveAttribute('aria-expanded', 'false');
    expect(await item(/^Riverside League/)).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows loading, then an error with a retry that recovers', async () => {
    let fail = true;
    serveGlobally({
      ...tree,
      [navigationRoute('league')]: () =>
        fail
          ? { status: 403, body: { error: { code: 'forbidden', message: 'Not yours' } } }
          : { status: 200, body: fixtureNavigation(league, [east, west]) },
    });
    const user = userEvent.setup();
    renderTree();
    expect(screen.getByRole('status')).toHaveTextContent('Loading levels');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your levels. Not yours');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await item(/^Riverside League/)).toBeInTheDocument();
  });

  it('says so when the levels below one cannot be loaded, and retries with the right arrow', async () => {
    let fail = true;
    serveGlobally({
      ...tree,
      [navigationRoute('east')]: () =>
        fail
          ? { status: 403, body: { error: { code: 'forbidden', message: 'Not yours' } } }
          : { status: 200, body: fixtureNavigation(east, [u8]) },
    });
    const user = userEvent.setup();
    renderTree();
    await item(/^Riverside League/);
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(await screen.findByText(/Could not load the levels below/)).toBeInTheDocument();
    fail = false;
    await user.keyboard('{ArrowRight}');
    expect(await item(/^U8 Girls/)).toBeInTheDocument();
  });
});
