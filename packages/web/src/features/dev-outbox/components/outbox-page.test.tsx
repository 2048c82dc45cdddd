import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveGlobally } from '../../../test/fake-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { linkifyParts } from './linkified-text.tsx';
import { OutboxPage } from './outbox-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderOutbox(routes: Parameters<typeof serveGlobally>[0]) {
  serveGlobally(routes);
  renderRoutes([{ path: '/dev/outbox', element: <OutboxPage /> }], '/dev/outbox');
}

describe('the development outbox', () => {
  it('lists the kept e-mails with their links clickable, and says no mail was sent', async () => {
    renderOutbox({
      'GET /api/dev/outbox': {
        status: 200,
        body: {
          items: [
            {
              id: 'm1',
              to: 'sam@example.org',
              subject: 'Confirm your e-mail address',
              text: 'Hello Sam,\nconfirm here: http://app.test/confirm-email?token=abc.\nThanks',
              html: '<p>Hello</p>',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
        },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Development outbox' })).toBeInTheDocument();
    expect(screen.getByText('no mail was sent')).toBeInTheDocument();
    const mail = await screen.findByRole('article', { name: 'Confirm your e-mail address' });
    expect(mail).toHaveTextContent('sam@example.org');
    expect(
      within(mail).getByRole('link', { name: 'http://app.test/confirm-email?token=abc' }),
    ).toHaveAttribute('href', 'http://app.test/confirm-email?token=abc');
  });

  it('says so when the deployment has no outbox', async () => {
    renderOutbox({});
    expect(await screen.findByText(/This deployment has no development outbox/)).toBeInTheDocument();
  });
});

describe('linkifyParts', () => {
  it('links absolute addresses and in-app paths, leaving trailing punctuation as text', () => {
    expect(linkifyParts('Go to /reset-password?token=x, or https://a.test/b).')).toEqual([
      { text: 'Go to ' },
      { text: '/reset-password?token=x', href: '/reset-password?token=x' },
      { text: ', or ' },
      { text: 'https://a.test/b', href: 'https://a.test/b' },
      { text: ').' },
    ]);
    expect(linkifyParts('and/or 3/4')).toEqual([{ text: 'and/or 3/4' }]);
  });
});
