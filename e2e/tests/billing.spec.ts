import type { Page } from '@playwright/test';
import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// Issue 21's journey on the development Stripe sandbox: an administrator creates an organization on a trial (no
// card), adds billing information, is refused a declining card and saves a Visa, sees invoices once the sandbox
// clock passes the trial, goes past due with a card that fails, sees the banner, and recovers; desktop and phone.

const phone = { width: 390, height: 844 };
const newOrganization = `Billing FC ${Date.now().toString(36)}`;
const demoLeague = 'Riverside Youth Soccer League';

/** The Stripe sandbox's address, as the billing summary names it (the sandbox card form posts there). */
async function sandboxUrl(page: Page): Promise<string> {
  const answer = page.waitForResponse((r) => /\/api\/app\/organization\/[^/]+\/billing$/.test(r.url()));
  await page.goto('/account/billing');
  const summary = (await (await answer).json()) as { provider: { sandboxApiUrl: string } };
  return summary.provider.sandboxApiUrl;
}

/** Moves the sandbox's clock forward (its control API), as a month passing would. */
async function advanceSandboxDays(page: Page, url: string, days: number) {
  const moved = await page.request.post(`${url}/__sandbox/clock/advance`, { data: { days } });
  expect(moved.status()).toBe(200);
}

async function enterCard(page: Page, number: string) {
  await page.getByRole('button', { name: /Add a card|Replace card/ }).click();
  await page.getByLabel(/Card number/).fill(number);
  await page.getByLabel(/Expiry/).fill('12 / 34');
  await page.getByLabel(/CVC/).fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

async function expectStatus(page: Page, status: string) {
  await expect(async () => {
    await page.goto('/account/billing');
    await expect(page.getByTestId('subscription-status')).toHaveText(status, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

// The journey moves the demo administrator into the organization it creates; the specs after it work in the demo
// league, so the administrator is switched back whatever the outcome.
test.afterEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto('/');
  const current = page.getByTestId('current-organization');
  if ((await current.textContent())?.trim() === demoLeague) return;
  await page.getByRole('button', { name: /switch organization/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(demoLeague) }).click();
  await expect(current).toHaveText(demoLeague);
});

test('an organization starts on a trial, saves a card, is billed, goes past due and recovers', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  await page.goto('/organizations/new');
  await expect(page.getByRole('radio', { name: /Basic/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/Organization name/).fill(newOrganization);
  await page.getByLabel(/State or province/).fill('OR');
  await page.getByLabel(/City/).fill('Portland');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Role requirements' })).toBeVisible();
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByTestId('current-organization')).toHaveText(newOrganization);

  // The trial started at the provider after creation, with no card.
  await expectStatus(page, 'Free trial');
  await expect(page.getByText('Stripe sandbox', { exact: true })).toBeVisible();
  await expect(page.getByText('Add a card before the trial ends')).toBeVisible();
  await page.getByLabel(/Company name/).fill(`${newOrganization} Inc.`);
  await page.getByLabel(/Company type/).selectOption({ label: 'Non-Profit' });
  await page.getByLabel(/Street address/).fill('1 Harbor Way');
  await page.getByLabel(/^City/).fill('Portland');
  await page.getByLabel(/Postal code/).fill('97201');
  await page.getByLabel(/Country/).fill('US');
  await page.getByLabel(/Billing e-mail/).fill('billing@billing-fc.example.org');
  await page.getByRole('button', { name: 'Save billing information' }).click();
  await expect(page.getByText('The billing information is saved.')).toBeVisible();
  await a11y('billing, subscription, desktop');
  await snap('billing-subscription-desktop');

  await page.getByRole('link', { name: 'Payment method' }).click();
  await expect(page.getByText('No card is saved yet.')).toBeVisible();
  await enterCard(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByText(/Stripe sandbox: this is not Stripe/)).toBeVisible();
  // The pointer still rests on the button it clicked: let its colour transition finish before axe measures it.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await a11y('billing, payment, declined card');
  await snap('billing-payment-declined-desktop');
  await page.getByLabel(/Card number/).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByTestId('saved-card')).toContainText('Visa ending 4242');
  await expect(page.getByText('The card is saved.')).toBeVisible();
  await snap('billing-payment-saved-desktop');

  // A month and a day later: the trial is over and the first invoice is paid with the card.
  const url = await sandboxUrl(page);
  await advanceSandboxDays(page, url, 31);
  await expectStatus(page, 'Active');
  await page.getByRole('link', { name: 'Invoices' }).click();
  const invoices = page.getByTestId('invoice');
  await expect(invoices).toHaveCount(2);
  await expect(invoices.first()).toContainText('$49.00');
  await expect(invoices.first()).toContainText('Paid');
  const pdf = await page.request.get(
    (await invoices.first().getByRole('link', { name: 'PDF' }).getAttribute('href'))!,
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await a11y('billing, invoices');
  await snap('billing-invoices-desktop');

  // A card that attaches but cannot be charged: the next renewal fails and the organization is past due.
  await page.goto('/account/billing/payment');
  await enterCard(page, '4000 0000 0000 0341');
  await expect(page.getByTestId('saved-card')).toContainText('Visa ending 0341');
  await advanceSandboxDays(page, url, 31);
  await expectStatus(page, 'Past due');
  await expect(
    page.getByRole('alert').filter({ hasText: 'last payment did not go through' }).first(),
  ).toBeVisible();
  await snap('billing-past-due-desktop');

  await page.getByRole('link', { name: 'Update the payment method' }).click();
  await enterCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('saved-card')).toContainText('Visa ending 4242');
  await expectStatus(page, 'Active');
  await expect(page.getByText('Update the payment method')).toHaveCount(0);

  await page.setViewportSize(phone);
  for (const [path, name, loaded] of [
    ['/account/billing', 'billing-subscription-phone', 'subscription-status'],
    ['/account/billing/payment', 'billing-payment-phone', 'saved-card'],
    ['/account/billing/invoices', 'billing-invoices-phone', 'invoice'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByTestId(loaded).first()).toBeVisible();
    await expectNoSideScroll(page, phone.width);
    await snap(name);
  }
});
