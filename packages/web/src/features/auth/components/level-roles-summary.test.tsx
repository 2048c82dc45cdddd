import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { LevelRolesSummary } from './level-roles-summary.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSummary(routes: Parameters<typeof serveGlobally>[0]) {
  const server = serveGlobally(routes);
  session.restore(signedInWebSession());
  renderRoutes([{ path: '/', element: <LevelRolesSummary userId="user-1" /> }], '/');
  return server;
}

describe('the level roles loaded after sign-in (spec §4)', () => {
  it('lists each role label at its level, fetched with the Bearer token', async () => {
    const server = renderSummary({
      'GET /api/app/profile/level-roles': {
        status: 200,
        body: [
          {
            profileLevelAccessId: 'pla-1',
            hierarchyLevelId: 'l-1',
            levelName: 'Riverside',
            labelId: 'lab-1',
            roleLabel: 'League Admin',
          },
          {
            profileLevelAccessId: 'pla-2',
            hierarchyLevelId: 'l-2',
            levelName: 'U10 Girls',
            labelId: 'lab-2',
            roleLabel: 'Coach',
          },
        ],
      },
    });
    expect(await screen.findByText('League Admin')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your roles' })).toHaveTextContent('Coach at U10 Girls');
    expect(server.callsTo('GET', '/api/app/profile/level-roles')[0]?.headers.authorization).toMatch(
      /^Bearer /,
    );
  });

  it('says so when the user holds no role yet', async () => {
    renderSummary({ 'GET /api/app/profile/level-roles': { status: 200, body: [] } });
    expect(await screen.findByText(/You hold no role at any level yet/)).toBeInTheDocument();
  });

  it('shows the error when the roles cannot be loaded', async () => {
    renderSummary({
      'GET /api/app/profile/level-roles': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'Not yours' } },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not yours');
  });
});
