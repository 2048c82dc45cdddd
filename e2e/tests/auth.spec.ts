import { invalidCredentialsMessage } from '@touchline/contracts/accounts';
import { test, expect } from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { e2eAccessTokenTtlSeconds } from '../support/global-setup.ts';

/** The web refreshes this long before expiry (lib/session.ts refreshEarlyMs). */
const refreshEarlySeconds = 30;

// A newcomer's first visit: sign up, confirm the address from the development outbox, meet a wrong password,
// sign in, acknowledge the Updated Policies, reach home, and sign out again.

const password = 'a-long-enough-password';

/** Follows the in-app part of a link (the e-mail's host may differ from the test server's). */
async function followInApp(page: Page, href: string) {
  const url = new URL(href, page.url());
  await page.goto(url.pathname + url.search);
}

async function signIn(page: Page, email: string, secret: string) {
  await page.getByLabel(/E-mail address/).fill(email);
  await page.getByLabel(/^Password/).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign up, confirm, sign in, acknowledge the policies, stay signed in across a refresh, sign out', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(90_000);
  const email = `e2e-${Date.now()}@example.org`;

  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Touchline' })).toBeVisible();
  await a11y('signin');
  await snap('signin');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel(/E-mail address/).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await expect(page.getByLabel(/E-mail address/)).toHaveValue(email);
  await page.getByLabel(/First name/).fill('Sam');
  await page.getByLabel(/Last name/).fill('Rivera');
  await page.getByLabel(/^Password/).fill(password);
  await a11y('signup-form');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await snap('signup-confirm');

  await page.goto('/dev/outbox');
  await expect(page.getByText('no mail was sent')).toBeVisible();
  const mail = page.getByRole('article').filter({ hasText: email }).first();
  await expect(mail).toContainText('Confirm your e-mail address');
  await a11y('dev-outbox');
  const confirmHref = await mail.getByRole('link', { name: /\/confirm-email\?token=/ }).getAttribute('href');
  expect(confirmHref).toBeTruthy();
  await followInApp(page, confirmHref ?? '');
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: invalidCredentialsMessage })).toBeVisible();
  await snap('signin-error');

  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const modal = page.getByRole('dialog', { name: 'Updated Policies' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms');
  await expect(modal.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy');
  const acknowledge = modal.getByRole('button', { name: 'Acknowledge Updated Policies' });
  await expect(acknowledge).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await a11y('updated-policies');
  await snap('updated-policies');
  await modal.getByLabel('I agree to the Terms of Service').check();
  await acknowledge.click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Sam Rivera');

  // The session survives a reload (restored from the sealed cookie), and the policies stay acknowledged.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Updated Policies' })).toHaveCount(0);
  await a11y('home-signed-in');
  await snap('home-signed-in');

  // Token refresh while using the app: once the access token is about to expire, the next product call
  // refreshes it first (through the session cookie), and the page carries on.
  await page.waitForTimeout((e2eAccessTokenTtlSeconds - refreshEarlySeconds + 2) * 1000);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/refresh-token'));
  const levelRoles = page.waitForResponse((r) => r.url().endsWith('/api/app/profile/level-roles'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  expect((await levelRoles).status()).toBe(200);
  await expect(page.getByText('You hold no role at any level yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Touchline' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a page that needs a session sends the visitor to sign in and back afterwards', async ({ page }) => {
  await page.goto('/?tab=members');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2F%3Ftab%3Dmembers$/);
});

test('the demo administrator signs in and sees the role at the top of the demo league', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'admin@demo.touchline.test', 'touchline-demo');
  const modal = page.getByRole('dialog', { name: 'Updated Policies' });
  // The demo administrator may have acknowledged the policies in an earlier journey on this server.
  await Promise.race([
    modal.waitFor({ state: 'visible' }),
    page.getByRole('heading', { name: 'Welcome, Dana' }).waitFor({ state: 'visible' }),
  ]);
  if (await modal.isVisible()) {
    await modal.getByLabel('I agree to the Terms of Service').check();
    await modal.getByRole('button', { name: 'Acknowledge Updated Policies' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Welcome, Dana' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your roles' })).toContainText(
    'League Admin at Riverside Youth Soccer League',
  );
});
