import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// Issue 32's support chat in a real browser: the official Intercom SDK loads our sandbox messenger through its
// widget URL for a signed-in page, and shuts it down on a path starting with /admin.

test.use({ showSupportChat: true });

test('the sandbox messenger starts on a signed-in page and shuts down under /admin', async ({ page }) => {
  await signInAsDemoAdmin(page);
  await page.goto('/');
  const chat = page.getByRole('button', { name: 'Support chat (sandbox)' });
  await expect(chat).toBeVisible();
  const calls = await page.evaluate(
    () =>
      (window as unknown as { __intercomSandbox: { calls: { method: string }[] } }).__intercomSandbox.calls,
  );
  expect(calls.map((c) => c.method)).toContain('boot');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/admin/organizations');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(chat).toHaveCount(0);
});
