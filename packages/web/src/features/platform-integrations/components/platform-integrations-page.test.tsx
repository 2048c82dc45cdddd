import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from '@touchline/contracts/integrations';
import type { DeadLetter } from '@touchline/contracts/platform-integrations';
import { session } from '../../../lib/session.ts';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signedInWebSession, testClaims } from '../../../test/tokens.ts';
import { PlatformIntegrationsPage } from './platform-integrations-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const event: WebhookEvent = {
  id: '6b1f5d1e-2a8e-4c59-9d6c-0b6f3b1a2c01',
  provider: 'yardstik',
  eventId: 'evt-42',
  objectType: 'report',
  objectId: 'rep-1',
  state: 'failed',
  attempts: 9,
  lastError: 'vendor unreachable',
  receivedAt: '2026-11-26T10:00:00.000Z',
  processedAt: null,
};

const letter: DeadLetter = {
  id: '0c3a7c55-1d1e-4c3b-8a0e-5b0c6b7d8e9f',
  job: 'mail.send',
  sourceJobId: 'a1b2c3d4-0000-5000-a000-000000000001',
  payload: { mailId: '4f9a2b10-1111-4222-8333-944455566677' },
  error: '550 <[e-mail]> unknown',
  attempts: 13,
  firstQueuedAt: '2026-11-25T09:00:00.000Z',
  deadAt: '2026-11-26T09:00:00.000Z',
};

const providers = {
  status: 200,
  body: { items: [{ provider: 'yardstik', label: 'Yardstik', sandbox: true }] },
};

function renderPage(routes: Parameters<typeof serveGlobally>[0], roles: string[] = ['TouchlineAdmin']) {
  session.restore(signedInWebSession(testClaims({ 'User/Role': roles })));
  const server = serveGlobally({ 'GET /api/app/integrations/providers': providers, ...routes });
  renderRoutes(
    [{ path: '/platform/integrations', element: <PlatformIntegrationsPage /> }],
    '/platform/integrations',
  );
  return server;
}

describe('the platform integrations page', () => {
  it('lists webhook events, names the sandbox as one, filters by state and shows a body only when opened', async () => {
    const server = renderPage({
      'GET /api/app/integrations/webhook-events': { status: 200, body: { items: [event], totalCount: 1 } },
      [`GET /api/app/integrations/webhook-events/${event.id}/body`]: {
        status: 200,
        body: { id: event.id, rawBody: '{"id":"evt-42","status":"clear"}' },
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Yardstik sandbox' })).closest('li')!;
    expect(card).toHaveTextContent('evt-42');
    expect(card).toHaveTextContent('vendor unreachable');
    expect(card).toHaveTextContent('Failed');
    expect(screen.getByText(/is our sandbox here, not the vendor/)).toBeInTheDocument();
    expect(server.callsTo('GET', `/api/app/integrations/webhook-events/${event.id}/body`)).toHaveLength(0);

    await userEvent.click(within(card).getByRole('button', { name: 'Raw body' }));
    expect(await within(card).findByLabelText('Raw body', { selector: 'pre' })).toHaveTextContent(
      '"status": "clear"',
    );

    await userEvent.selectOptions(screen.getByLabelText('State'), 'failed');
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.path.includes('/webhook-events?') && c.path.includes('state=failed')),
      ).toBe(true),
    );
  });

  it('says when nothing was received, and offers a retry when the log cannot be loaded', async () => {
    let fail = true;
    renderPage({
      'GET /api/app/integrations/webhook-events': () =>
        fail
          ? { status: 403, body: { error: { code: 'forbidden', message: 'Not now' } } }
          : { status: 200, body: { items: [], totalCount: 0 } },
    });
    expect(await screen.findByText(/The webhook events could not be loaded: Not now/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No webhooks have been received yet.')).toBeInTheDocument();
  });

  it('retries a dead letter, and discards one only after confirming, from the keyboard', async () => {
    const server = renderPage({
      'GET /api/app/integrations/webhook-events': { status: 200, body: { items: [], totalCount: 0 } },
      'GET /api/app/integrations/dead-letters': { status: 200, body: { items: [letter], totalCount: 1 } },
      [`POST /api/app/integrations/dead-letters/${letter.id}/retry`]: {
        status: 200,
        body: { id: letter.id, outcome: 'retried', changed: true },
      },
      [`POST /api/app/integrations/dead-letters/${letter.id}/discard`]: {
        status: 200,
        body: { id: letter.id, outcome: 'discarded', changed: true },
      },
    });
    const webhooksTab = await screen.findByRole('tab', { name: 'Webhook events' });
    webhooksTab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Dead letters' })).toHaveAttribute('aria-selected', 'true');
    const card = (await screen.findByRole('heading', { name: 'mail.send' })).closest('li')!;
    expect(card).toHaveTextContent('550 <[e-mail]> unknown');
    expect(card).toHaveTextContent('mailId: 4f9a2b10-1111-4222-8333-944455566677');

    await userEvent.click(within(card).getByRole('button', { name: 'Retry the mail.send job' }));
    expect(await screen.findByText('The mail.send job was put back on its queue.')).toBeInTheDocument();
    expect(server.callsTo('POST', `/api/app/integrations/dead-letters/${letter.id}/retry`)).toHaveLength(1);

    await userEvent.click(within(card).getByRole('button', { name: 'Discard the mail.send job' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this job?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.callsTo('POST', `/api/app/integrations/dead-letters/${letter.id}/discard`)).toHaveLength(0);

    await userEvent.click(within(card).getByRole('button', { name: 'Discard the mail.send job' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    expect(await screen.findByText('The mail.send job was discarded.')).toBeInTheDocument();
    expect(server.callsTo('POST', `/api/app/integrations/dead-letters/${letter.id}/discard`)).toHaveLength(1);
  });

  it('says there are no dead letters when there are none', async () => {
    renderPage({
      'GET /api/app/integrations/webhook-events': { status: 200, body: { items: [], totalCount: 0 } },
      'GET /api/app/integrations/dead-letters': { status: 200, body: { items: [], totalCount: 0 } },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Dead letters' }));
    expect(await screen.findByText(/No dead letters/)).toBeInTheDocument();
  });

  it('is not for organization users', async () => {
    const server = renderPage({}, ['Admin']);
    expect(await screen.findByText('Only platform administrators see the integrations.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/app/integrations/webhook-events')).toHaveLength(0);
    expect(server.callsTo('GET', '/api/app/integrations/providers')).toHaveLength(0);
  });
});
