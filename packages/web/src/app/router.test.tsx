import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemInfo } from '@touchline/contracts/system';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { appRoutes } from './router.tsx';

const info: SystemInfo = {
  product: 'Touchline',
  version: '0.1.0',
  environment: 'development',
  database: 'embedded',
  demo: { organizationName: 'Riverside Youth Soccer League', memberCount: 36, levelCount: 9 },
};

function serve(...replies: { status: number; body: unknown }[]) {
  const fetch = vi.fn(async () => {
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    if (!reply) throw new Error('no reply');
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('the app shell and routes', () => {
  it('home: header, skip link, the Levels navigation with its empty state, and the demo league', async () => {
    const fetch = serve({ status: 200, body: info });
    renderAt('/');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Riverside Youth Soccer League')).toBeInTheDocument();
    expect(within(main).getByText('36')).toBeInTheDocument();
    expect(within(main).getByText('9')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Touchline');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    const nav = screen.getByRole('navigation', { name: 'Levels' });
    expect(nav).toHaveTextContent('No levels to show yet');
    expect(fetch).toHaveBeenCalledWith('/api/system/info', expect.objectContaining({ method: 'GET' }));
  });

  it('home without a demo league says so', async () => {
    serve({ status: 200, body: { ...info, demo: null } });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'No organization yet' })).toBeInTheDocument();
  });

  it('an unknown path shows the 404 page inside the shell, with a way home', async () => {
    serve({ status: 200, body: info });
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Levels' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Riverside Youth Soccer League')).toBeInTheDocument();
  });

  it('a failed page load shows the full-page error screen with its code, and Try Again loads it again', async () => {
    serve(
      { status: 403, body: { error: { code: 'forbidden', message: 'Not allowed' } } },
      { status: 200, body: info },
    );
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Error Code: 403')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Levels' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Riverside Youth Soccer League')).toBeInTheDocument();
  });

  it('the dark mode toggle in the header switches the theme', async () => {
    serve({ status: 200, body: info });
    renderAt('/');
    const toggle = await screen.findByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass('dark');
  });
});
