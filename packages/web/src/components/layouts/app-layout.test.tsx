import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { serveGlobally } from '../../test/fake-server.ts';
import { renderRoutes } from '../../test/render.tsx';
import { signedInWebSession, testClaims } from '../../test/tokens.ts';
import { AppLayout } from './app-layout.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderShell(claims = testClaims()) {
  serveGlobally({ 'GET /api/session': { status: 200, body: signedInWebSession(claims) } });
  await session.reload();
  renderRoutes(
    () => [
      {
        path: '/',
        element: <AppLayout navigation={<a href="/levels/1">Club</a>} />,
        children: [
          { index: true, element: <p>Page</p> },
          { path: '*', element: <p>Elsewhere</p> },
        ],
      },
    ],
    '/',
  );
  return screen.findByRole('button', { name: 'Menu' }, { timeout: 5000 });
}

describe('the phone menu', () => {
  it('opens a drawer with the levels and the account links, focus inside, and Escape closes it back to the button', async () => {
    const menu = await renderShell();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 5000 });
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('navigation', { name: 'Levels' })).toHaveTextContent('Club');
    expect(within(drawer).getByRole('link', { name: 'My requirements' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    // The drawer closes asynchronously (React Aria restores focus after it unmounts).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    await waitFor(() => expect(menu).toHaveFocus());
  });

  it('keeps Tab inside the open drawer and closes when a link is followed', async () => {
    const menu = await renderShell();
    await userEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 5000 });
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.click(within(drawer).getByRole('link', { name: 'My requirements' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });
});

describe('the platform link', () => {
  it('shows Administration to a platform administrator only', async () => {
    await renderShell(testClaims({ 'User/Role': ['TouchlineAdmin'] }));
    expect(screen.getByRole('banner').querySelector('a[href="/admin"]')).toHaveTextContent('Administration');
  });

  it('keeps it from everyone else', async () => {
    await renderShell(testClaims({ 'User/Role': ['Admin'] }));
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });
});
