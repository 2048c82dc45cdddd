import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { CredentialAcceptancePage } from './credential-acceptance-page.tsx';

const definitionId = '66666666-6666-4666-8666-666666666666';
const path = `/api/app/content/${definitionId}/credential-acceptance`;
const setting = {
  definitionId,
  requirementType: 3,
  shareable: true,
  acceptsShared: false,
  maxAgeDays: null,
  criterion: 'A clear background check of the same vendor and package as this requirement orders.',
};

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

function renderPage(get: object, put?: Parameters<typeof serveGlobally>[0][string]) {
  const server = serveGlobally({
    [`GET ${path}`]: { status: 200, body: get },
    ...(put ? { [`PUT ${path}`]: put } : {}),
  });
  renderRoutes(
    [{ path: '/content/:definitionId/credential-acceptance', element: <CredentialAcceptancePage /> }],
    `/content/${definitionId}/credential-acceptance`,
  );
  return server;
}

describe('the shared credentials setting', () => {
  it('checks the age before sending, then saves the setting and says so', async () => {
    const server = renderPage(setting, ({ body }) => ({
      status: 200,
      body: { ...setting, ...JSON.parse(body ?? '{}') },
    }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Accept credentials members share/ }));
    expect(screen.getByText(/same vendor and package/)).toBeInTheDocument();
    const age = screen.getByRole('textbox', { name: /Not older than/ });
    await userEvent.type(age, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save setting' }));
    expect(age).toHaveAccessibleDescription(expect.stringContaining('Enter at least 1 day'));
    expect(server.callsTo('PUT', path)).toHaveLength(0);
    await userEvent.clear(age);
    await userEvent.type(age, '365');
    await userEvent.click(screen.getByRole('button', { name: 'Save setting' }));
    expect(within(await screen.findByRole('status')).getByText(/Setting saved/)).toBeInTheDocument();
    expect(JSON.parse(server.callsTo('PUT', path)[0]?.body ?? 'null')).toEqual({
      acceptsShared: true,
      maxAgeDays: 365,
    });
  }, 20_000);

  it('says a type that cannot be shared, and shows a refusal', async () => {
    renderPage({ ...setting, requirementType: 1, shareable: false, criterion: 'Cannot be shared.' });
    expect(await screen.findByText('Cannot be shared.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save setting' })).not.toBeInTheDocument();
  });
});
