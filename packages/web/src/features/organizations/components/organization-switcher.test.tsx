import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { fakeAccessToken, signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { OrganizationSwitcher } from './organization-switcher.tsx';

const org = (id: string, name: string, initials: string, profileId: string, image: string | null) => ({
  id,
  initials,
  name,
  image,
  showCustomerConfiguredBackgroundCheckNotice: false,
  isDemo: false,
  reviewBackgroundChecksExternally: false,
  isPartner: false,
  profileId,
});
const list = {
  items: [
    org('org-1', 'Riverside Youth Soccer League', 'RY', 'profile-1', '/api/files/abc.def'),
    org('org-2', 'Lakeside FC', 'LF', 'profile-2', null),
  ],
  totalCount: 2,
};

function renderSwitcher(routes: Parameters<typeof serveGlobally>[0] = {}) {
  const server = serveGlobally({
    'GET /api/app/organization/organization-list': { status: 200, body: list },
    'GET /api/app/organization/org-2/select-organization': {
      status: 200,
      body: { organizationId: 'org-2', profileId: 'profile-2', roles: ['Director'] },
    },
    'POST /api/refresh-token': {
      status: 200,
      body: { token: fakeAccessToken(testClaims({ CurrentProfileId: 'profile-2' })), authTime: Date.now() },
    },
    ...routes,
  });
  const router = renderRoutes(
    [
      { path: '/', element: <OrganizationSwitcher /> },
      { path: '/somewhere', element: <OrganizationSwitcher /> },
      { path: '/organizations/new', element: <h1>Create page</h1> },
    ],
    '/somewhere',
  );
  return { server, router };
}

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the organization switcher', () => {
  it('shows the current organization with its logo, and lists them all with the current one marked', async () => {
    const user = userEvent.setup();
    const { server } = renderSwitcher();
    const trigger = await screen.findByRole('button', {
      name: /^Riverside Youth Soccer League, switch organization$/,
    });
    // The logo link comes with the list: no file-url call (none, and no 404, for an organization without one).
    // Asked for at the size it is shown (spec §9 widths), not the uploaded original.
    await waitFor(() =>
      expect(trigger.querySelector('img')).toHaveAttribute('src', '/api/images/abc.def?w=48'),
    );
    expect(trigger.querySelector('img')).toHaveAttribute(
      'srcset',
      '/api/images/abc.def?w=48 1x, /api/images/abc.def?w=96 2x, /api/images/abc.def?w=128 3x',
    );
    expect(server.calls.filter((c) => c.path.includes('file-url-with-token'))).toEqual([]);
    await user.click(trigger);
    const menu = await screen.findByRole('menu', { name: /switch organization/ });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Riverside Youth Soccer League(current)',
      'LFLakeside FC',
      'Organization settings',
      'Create organization',
    ]);
  });

  it('switches with the keyboard: select-organization, a token refresh, then home', async () => {
    const user = userEvent.setup();
    const { server, router } = renderSwitcher();
    const trigger = await screen.findByRole('button', { name: /Riverside.*switch organization/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.callsTo('GET', '/api/app/organization/org-2/select-organization')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/refresh-token')).toHaveLength(1);
    expect(
      await screen.findByRole('button', { name: /Lakeside FC, switch organization/ }),
    ).toBeInTheDocument();
  });

  it('offers to create an organization when the user has none yet', async () => {
    const user = userEvent.setup();
    const { router } = renderSwitcher({
      'GET /api/app/organization/organization-list': { status: 200, body: { items: [], totalCount: 0 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose an organization' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create organization' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/new'));
  });
});
