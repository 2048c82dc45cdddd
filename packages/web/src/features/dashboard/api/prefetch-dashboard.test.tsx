import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession, signedOutWebSession } from '../../../test/tokens.ts';
import { info, member, page, table } from '../components/dashboard-page.test-helpers.tsx';
import { DashboardPage } from '../components/dashboard-page.tsx';
import { prefetchDashboard } from './prefetch-dashboard.ts';

afterEach(() => vi.unstubAllGlobals());

const levelId = '0b6f3c1e-8a52-4c3b-9d0e-5f1a2b3c4d5e';
const membersPath = `/api/app/hierarchy-level/${levelId}/members`;
const infoPath = `/api/app/hierarchy-level/${levelId}/dashboard-info`;
const serve = () =>
  serveGlobally({
    [`GET ${membersPath}`]: { status: 200, body: page([member(1)]) },
    [`GET ${infoPath}`]: { status: 200, body: { ...info, level: { id: levelId, name: 'Riverside' } } },
    'GET /api/app/labels': { status: 200, body: { items: [] } },
  });

describe('prefetchDashboard', () => {
  it("asks for the counts and the members page of the address's filter, signed in", async () => {
    const server = serve();
    session.restore(signedInWebSession());
    const queryClient = createQueryClient();
    await prefetchDashboard(queryClient, levelId, new URLSearchParams('search=ava&sortDir=DESC&page=2'));
    const [membersCall] = server.callsTo('GET', membersPath);
    const query = new URLSearchParams(membersCall?.path.split('?')[1]);
    expect([query.get('search'), query.get('sortDir'), query.get('page')]).toEqual(['ava', 'DESC', '2']);
    const [infoCall] = server.callsTo('GET', infoPath);
    expect(new URLSearchParams(infoCall?.path.split('?')[1]).get('search')).toBe('ava');
    expect(server.calls).toHaveLength(2);
  });

  it('asks nothing signed out, or for an address that names no level', async () => {
    const server = serve();
    session.restore(signedOutWebSession);
    await prefetchDashboard(createQueryClient(), levelId, new URLSearchParams());
    session.restore(signedInWebSession());
    await prefetchDashboard(createQueryClient(), 'not-a-level', new URLSearchParams());
    expect(server.calls).toHaveLength(0);
  });

  it('fills the cache the page reads: the page renders from it without asking again', async () => {
    const server = serve();
    session.restore(signedInWebSession());
    renderRoutes(
      (queryClient) => [
        {
          path: '/levels/:levelId/dashboard',
          loader: async ({ request }) => {
            await prefetchDashboard(queryClient, levelId, new URL(request.url).searchParams);
            return null;
          },
          HydrateFallback: () => null,
          element: <DashboardPage levelId={levelId} />,
        },
      ],
      `/levels/${levelId}/dashboard?sortCol=Email`,
    );
    expect(await table()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard of Riverside');
    expect(server.callsTo('GET', membersPath)).toHaveLength(1);
    expect(server.callsTo('GET', infoPath)).toHaveLength(1);
  });
});
