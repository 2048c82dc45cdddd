import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// The first journey of a newcomer: open the app on a fresh embedded database with the demo league, find the
// shell, meet the error screen when the API fails and recover from it, switch dark mode and keep it. The app's
// pages need a session, so each journey starts signed in as the demo administrator.

test.beforeEach(async ({ page }) => {
  await signInAsDemoAdmin(page);
});

test('the home page shows the shell and the demo league', async ({ page, a11y, snap }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toContainText('Touchline');
  await expect(page.getByRole('navigation', { name: 'Levels' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Riverside Youth Soccer League');
  await expect(page.getByRole('heading', { name: 'Compliance at your levels' })).toBeVisible();
  await a11y('home');
  await snap('home');
});

test('the skip link takes keyboard users to the content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('main')).toContainText('Riverside Youth Soccer League');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('an unknown address shows the 404 page', async ({ page, a11y, snap }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await a11y('not-found');
  await snap('not-found');
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page.getByRole('main')).toContainText('Riverside Youth Soccer League');
});

test('an unknown API address is a JSON 404, not the app', async ({ request }) => {
  const res = await request.get('/api/no-such-route');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('not_found');
});

test('a failing API shows the error screen, and Try Again recovers', async ({ page, a11y, snap }) => {
  let fail = true;
  await page.route(/\/api\/app\/profile\?AppUserId=/, async (route) => {
    if (fail) {
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal_error', message: 'Something broke on our side.' } }),
      });
    } else {
      await route.continue();
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Error Code: 500')).toBeVisible();
  await expect(page.getByText('If this problem persists, please contact')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return to Home' })).toBeVisible();
  await a11y('error-screen');
  await snap('error-screen');

  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('main')).toContainText('Riverside Youth Soccer League');
});

test('dark mode switches on and is remembered', async ({ page, a11y, snap }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByRole('main')).toContainText('Riverside Youth Soccer League');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  const toggle = page.getByRole('button', { name: /dark mode/i });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(html).toHaveClass(/dark/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await a11y('home-dark');
  await snap('home-dark');

  await page.reload();
  await expect(page.getByRole('main')).toContainText('Riverside Youth Soccer League');
  await expect(html).toHaveClass(/dark/);
});
