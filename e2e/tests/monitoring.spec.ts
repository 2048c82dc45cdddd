import { test, expect } from '../support/fixtures.ts';

// Issue 32's error monitoring in a real browser: the official SDK sends to our Sentry envelope sink (started by the
// development server when no DSN is set); what a page's unhandled error sends arrives tagged and scrubbed, and the
// kinds the spec drops never arrive.

type Item = {
  type: string;
  payload: { tags?: Record<string, string>; exception?: { values?: { value?: string }[] } };
};

test('an unhandled error reaches the sink tagged and scrubbed; dropped kinds do not', async ({ page }) => {
  const config = (await (await page.request.get('/api/monitoring/config')).json()) as { dsn: string | null };
  expect(config.dsn).toMatch(/^http:\/\/\w+@127\.0\.0\.1:\d+\/1$/);
  const sink = new URL(config.dsn ?? '');
  const itemsUrl = `${sink.protocol}//${sink.host}/__sandbox/items`;
  await page.request.delete(itemsUrl);
  const marker = `e2e-${Date.now()}`;

  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in to Touchline' })).toBeVisible();
  // The SDK loads after the first paint; wait for it before causing errors.
  await page.waitForLoadState('networkidle');
  await page.evaluate((m) => {
    setTimeout(() => {
      throw new Error('ResizeObserver loop completed with undelivered notifications');
    });
    setTimeout(() => {
      throw new Error('Script error.');
    });
    setTimeout(() => {
      throw new Error(`Boom ${m} for parent@example.org`);
    });
  }, marker);

  let events: Item[] = [];
  await expect
    .poll(
      async () => {
        const { items } = (await (await page.request.get(itemsUrl)).json()) as { items: Item[] };
        events = items.filter((i) => i.type === 'event');
        return events.some((e) => JSON.stringify(e).includes(marker));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const boom = events.find((e) => JSON.stringify(e).includes(marker));
  expect(boom?.payload.tags).toMatchObject({ source: 'window.error', path: '/signin' });
  expect(boom?.payload.exception?.values?.[0]?.value).toBe(`Boom ${marker} for [e-mail]`);
  const all = JSON.stringify(events);
  expect(all).not.toContain('parent@example.org');
  expect(all).not.toContain('ResizeObserver loop');
  expect(all).not.toContain('Script error.');
});
