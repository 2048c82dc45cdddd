import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoPlatformAdmin } from '../support/demo-session.ts';

// Issue 17's operator screen as a platform administrator meets it: a webhook delivered by the development Yardstik
// sandbox shows in the log, named as the sandbox, its body on request; the dead letters tab; desktop and phone.

const desktop = { width: 1366, height: 850 };
const phone = { width: 390, height: 844 };
// The in-process sandbox's signing secret (sandboxes-wiring.ts): not a secret, a development stand-in's.
const sandboxSecret = 'sandbox-webhook-secret-not-a-real-secret';

/** Delivers a webhook signed as the Yardstik sandbox signs them, through the public webhook route. */
async function deliverSandboxWebhook(page: Page): Promise<string> {
  const id = `evt-e2e-${randomUUID()}`;
  const body = JSON.stringify({
    id,
    event: 'updated',
    resource_id: randomUUID(),
    resource_type: 'candidate',
    status: 'clear',
    timestamp: new Date().toISOString(),
  });
  const signature = createHmac('sha256', sandboxSecret).update(body).digest('hex');
  const answer = await page.request.post('/api/webhooks/yardstik', {
    headers: { 'content-type': 'application/json', 'x-yardstik-webhook-signature': signature },
    data: body,
  });
  expect(answer.status()).toBe(200);
  return id;
}

test('a platform administrator reads the webhook log and the dead letters, on desktop and phone', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(desktop);
  await signInAsDemoPlatformAdmin(page);
  const eventId = await deliverSandboxWebhook(page);

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Administration' }).click();
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Integrations' })
    .click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  // Every provider whose sandbox sent webhooks is named (the journeys before this one decide which: at least these).
  const notice = page.getByText(/are our sandboxes here, not the vendors/);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Yardstik');
  await expect(notice).toContainText('Stripe');
  const card = page.getByRole('listitem').filter({ hasText: eventId });
  await expect(card.getByRole('heading', { name: 'Yardstik sandbox' })).toBeVisible();
  await expect(card).toContainText('candidate');
  await card.getByRole('button', { name: 'Raw body' }).click();
  await expect(card.locator('pre')).toContainText(eventId);
  await a11y('platform integrations, webhook events, desktop');
  await snap('platform-integrations-webhooks-desktop');

  // The provider filter names the sandbox too, and keeps the event.
  await page.getByLabel('Provider').selectOption({ label: 'Yardstik sandbox' });
  await expect(card).toBeVisible();

  // The tabs are a tab list: the arrow key moves to the dead letters.
  await page.getByRole('tab', { name: 'Webhook events' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Dead letters' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(/No dead letters|Retry/);
  await a11y('platform integrations, dead letters, desktop');
  await snap('platform-integrations-dead-letters-desktop');

  await page.setViewportSize(phone);
  await page.getByRole('tab', { name: 'Webhook events' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: eventId })).toBeVisible();
  await expectNoSideScroll(page, phone.width);
  await a11y('platform integrations, phone');
  await snap('platform-integrations-phone');
});
