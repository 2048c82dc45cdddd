import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { demoAdmin, signInAsDemoAdmin, signInAsDemoPlatformAdmin } from '../support/demo-session.ts';

// Issue 32's administration area as a platform administrator meets it: find an organization, view it as its
// administrator with a reason (read-only, a banner on every page), end it, and find the session in that
// organization's audit log; everyone else gets the unknown page at /admin.

const desktop = { width: 1366, height: 850 };
const phone = { width: 390, height: 844 };
const league = 'Riverside Youth Soccer League';
const reason = 'E2E ticket 3201: the dashboard shows no members';

test('a platform administrator finds an organization, views it as its administrator, and the audit shows it', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(desktop);
  await signInAsDemoPlatformAdmin(page);

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Administration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await page.getByLabel('Search by name').fill('riverside');
  await page.getByRole('link', { name: league }).click();
  await expect(page.getByRole('heading', { level: 1, name: league })).toBeVisible();
  await expect(page.getByText('Members by status')).toBeVisible();
  await a11y('admin, organization page, desktop');
  await snap('admin-organization-desktop');

  await page.getByLabel('Find a person').fill(demoAdmin.email);
  const viewAs = page.getByRole('button', { name: /^View as / });
  await expect(viewAs).toHaveCount(1);
  await viewAs.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await a11y('admin, view as dialog');
  await dialog.getByRole('button', { name: 'Start viewing' }).click();

  // The app now reads as the league's administrator, with the banner on every page.
  const banner = page.getByRole('region', { name: 'Support access' });
  await expect(banner).toContainText(`viewing ${league} as`);
  await expect(banner).toContainText('read-only');
  await expect(page).toHaveURL(/\/$/);
  await snap('admin-view-as-home-desktop');
  await page.goto('/requirements');
  await expect(banner).toBeVisible();
  // Let the page's own calls (a token refresh among them) finish before leaving it.
  await page.waitForLoadState('networkidle');
  // The administration area is not this person's: the unknown page, banner still there.
  await page.goto('/admin/organizations');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await banner.getByRole('button', { name: 'End support access' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await page.getByLabel('Search by name').fill('riverside');
  await page.getByRole('link', { name: league }).click();
  await page.getByLabel('Support access only').check();
  const audit = page.getByRole('region', { name: 'Audit log' });
  // Newest first: the end, the requests made under the session, and on a later page its start with the reason.
  await expect(audit.getByText('support_access.ended').first()).toBeVisible();
  await expect(audit.getByText('support_access.request').first()).toBeVisible();
  await expect(audit.getByText(/GET \/api\/app\/profile → 200 on behalf of/).first()).toBeVisible();
  const next = audit.getByRole('button', { name: 'Next page' });
  const where = audit.getByText(/^Page \d+ of \d+/);
  for (let n = 0; n < 20 && !(await audit.getByText(`Reason: ${reason}`).isVisible()); n++) {
    const shown = Number(/Page (\d+)/.exec((await where.textContent()) ?? '')?.[1] ?? 1);
    await next.click();
    // The rows are the next page's once the pager names it without "(loading…)": checked before that, a slow page
    // was judged by the previous page's rows and skipped.
    await expect(where).toHaveText(new RegExp(`^Page ${shown + 1} of \\d+$`));
  }
  await expect(audit.getByText(`Reason: ${reason}`)).toBeVisible();
  await snap('admin-organization-audit-desktop');

  await page.setViewportSize(phone);
  await page.goto('/admin/health');
  await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
  await expectNoSideScroll(page, phone.width);
  await a11y('admin, health, phone');
  await snap('admin-health-phone');
});

test('the administration area is the unknown page to an organization administrator', async ({ page }) => {
  await signInAsDemoAdmin(page);
  await page.goto('/admin/organizations');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
