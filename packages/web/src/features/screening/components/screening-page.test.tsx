import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession } from '../../../test/tokens.ts';
import { ScreeningPage } from './screening-page.tsx';

const agencies = '/api/app/organization/background-check-agencies';
const preview = '/api/app/organization/preview-background-check-products/yardstik/account';
const orgId = '55555555-5555-4555-8555-555555555555';
const show = () => renderRoutes([{ path: '/', element: <ScreeningPage organizationId={orgId} /> }], '/');

beforeEach(() => session.restore(signedInWebSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the background-check setup page', () => {
  it('lists the agencies, names the sandbox, and previews the account’s products', async () => {
    serveGlobally({
      [`GET ${agencies}`]: {
        status: 200,
        body: [
          { id: 'yardstik', name: 'Yardstik', vendorKind: 'Yardstik', sandbox: true },
          { id: 'generic', name: 'Your own vendor (Generic)', vendorKind: 'Generic', sandbox: false },
        ],
      },
      [`GET ${preview}`]: {
        status: 200,
        body: [{ id: 'pkg-1', name: 'Volunteer basic', searches: ['SSN trace', 'National criminal'] }],
      },
    });
    show();
    expect(await screen.findByText(/Yardstik — sandbox/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Preview products' }));
    expect(await screen.findByText('Volunteer basic')).toBeVisible();
    expect(screen.getByText('Package id: pkg-1')).toBeVisible();
  });

  it('reports failures with the spec’s texts', async () => {
    serveGlobally({
      [`GET ${agencies}`]: { status: 403, body: { error: { code: 'forbidden', message: 'x' } } },
    });
    show();
    expect(await screen.findByText('Failed to fetch background check agencies: 403')).toBeVisible();
  });

  it('reports a failed preview as the spec words it', async () => {
    serveGlobally({
      [`GET ${agencies}`]: {
        status: 200,
        body: [{ id: 'yardstik', name: 'Yardstik', vendorKind: 'Yardstik', sandbox: false }],
      },
      [`GET ${preview}`]: { status: 404, body: { error: { code: 'not_found', message: 'x' } } },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview products' }));
    expect(await screen.findByText('Failed to preview products: 404')).toBeVisible();
  });

  it('adds a client, and reports failures to list or add clients in the spec’s words', async () => {
    const available = '/api/app/organization/available-background-check-clients/yardstik';
    const addPath = `/api/app/organization/${orgId}/background-check-client`;
    let fail = true;
    const server = serveGlobally({
      [`GET ${agencies}`]: {
        status: 200,
        body: [{ id: 'yardstik', name: 'Yardstik', vendorKind: 'Yardstik', sandbox: false }],
      },
      [`GET ${available}`]: {
        status: 200,
        body: [{ id: 'account', agencyId: 'yardstik', name: 'Yardstik account' }],
      },
      [`POST ${addPath}`]: () =>
        fail
          ? { status: 409, body: { error: { code: 'conflict', message: 'x' } } }
          : { status: 201, body: { id: 'account', agencyId: 'yardstik', name: 'Yardstik account' } },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a client' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Yardstik account' }));
    expect(await screen.findByText('Failed to add background check client: 409')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Add Yardstik account' }));
    expect(await screen.findByText('Yardstik account added.')).toBeVisible();
    expect(JSON.parse(server.callsTo('POST', addPath)[1]?.body ?? '{}')).toEqual({
      agencyId: 'yardstik',
      clientId: 'account',
    });
  });

  it('reports a failed client list as the spec words it', async () => {
    serveGlobally({
      [`GET ${agencies}`]: {
        status: 200,
        body: [{ id: 'yardstik', name: 'Yardstik', vendorKind: 'Yardstik', sandbox: false }],
      },
      [`GET /api/app/organization/available-background-check-clients/yardstik`]: {
        status: 404,
        body: { error: { code: 'not_found', message: 'x' } },
      },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a client' }));
    expect(await screen.findByText('Failed to fetch available clients: 404')).toBeVisible();
  });

  it('names JDP, NCSI and ScoutLogic (TazWorks sandboxes), lists NCSI’s clients and previews one’s products; shows the Yardstik activation', async () => {
    serveGlobally({
      [`GET ${agencies}`]: {
        status: 200,
        body: [
          { id: 'yardstik', name: 'Yardstik', vendorKind: 'Yardstik', sandbox: true },
          { id: 'jdp', name: 'JDP', vendorKind: 'TazWorks', sandbox: true },
          { id: 'ncsi', name: 'NCSI', vendorKind: 'TazWorks', sandbox: true },
          { id: 'scoutlogic', name: 'ScoutLogic', vendorKind: 'TazWorks', sandbox: true },
        ],
      },
      [`GET /api/app/organization/${orgId}/background-check-clients`]: { status: 200, body: [] },
      [`GET /api/app/organization/${orgId}/yardstik-onboarding-info`]: {
        status: 200,
        body: {
          info: null,
          status: 'Submitted',
          accountId: 'acct-1',
          submittedAt: '2026-11-27T00:00:00.000Z',
          activatedAt: null,
          sandbox: true,
        },
      },
      'GET /api/app/organization/available-background-check-clients/ncsi': {
        status: 200,
        body: [{ id: 'c-1', agencyId: 'ncsi', name: 'Demo league' }],
      },
      'GET /api/app/organization/preview-background-check-products/ncsi/c-1': {
        status: 200,
        body: [{ id: 'p-1', name: 'Volunteer QuickApp', searches: [] }],
      },
    });
    show();
    expect(await screen.findByText(/JDP — sandbox/)).toBeVisible();
    expect(screen.getByText(/NCSI — sandbox/)).toBeVisible();
    expect(screen.getByText(/ScoutLogic — sandbox/)).toBeVisible();
    expect(screen.queryByText(/TazWorks agency/)).toBeNull();
    expect(await screen.findByTestId('yardstik-onboarding-status')).toHaveTextContent(
      /waiting for Yardstik to activate/,
    );
    expect(screen.getByRole('button', { name: 'Check activation' })).toBeVisible();
    const addButtons = screen.getAllByRole('button', { name: 'Add a client' });
    expect(addButtons).toHaveLength(4);
    await userEvent.click(addButtons[2]!);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Demo league’s products' }));
    expect(await screen.findByText('Volunteer QuickApp')).toBeVisible();
  });
});
