import type { Page } from '@playwright/test';
import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// Issue 18 items 2 and 12: the review's decision stays in view (a sticky bar) at 1366×850 and on a phone, a
// member's requirement page is comfortable one-handed at 390×844 (no sideways scroll, 44 px targets), and the
// small things (no logo 404, the Pending count on the Historical tab, the dashboard search's loading state).

const desktop = { width: 1366, height: 850 };
const phone = { width: 390, height: 844 };

const decide = (page: Page) => page.getByRole('group', { name: 'Decide' });

async function openReviewQueue(page: Page) {
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(page.getByRole('article')).toBeVisible({ timeout: 20_000 });
}

test('the review decision stays in view at 1366×850 and at phone size', async ({ page, a11y, snap }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(desktop);
  await signInAsDemoAdmin(page);
  await openReviewQueue(page);
  // Without any scrolling: Approve and Reset are on screen, stuck to the bottom edge.
  await expect(decide(page).getByRole('button', { name: 'Approve (A)' })).toBeInViewport();
  await expect(decide(page).getByRole('button', { name: 'Reset (R)' })).toBeInViewport();
  const bar = await decide(page).boundingBox();
  expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThanOrEqual(desktop.height + 1);
  await a11y('review, desktop');
  await snap('review-decide-desktop');
  await page.screenshot({ path: 'screenshots/review-decide-desktop-viewport.png' });

  await page.setViewportSize(phone);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The queue's cards come first on a phone: the decision for the highlighted item is on screen from the top of
  // the page to the end of the review.
  await expect(decide(page).getByRole('button', { name: 'Approve (A)' })).toBeInViewport();
  await page.screenshot({ path: 'screenshots/review-decide-phone-top-viewport.png' });
  await page.getByRole('heading', { level: 2 }).filter({ hasText: ':' }).first().scrollIntoViewIfNeeded();
  await expect(decide(page).getByRole('button', { name: 'Approve (A)' })).toBeInViewport();
  await page.getByLabel('Notes').scrollIntoViewIfNeeded();
  // The end of the review is not hidden behind the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const notesBox = await page.getByLabel('Notes').boundingBox();
  const barBox = await decide(page).boundingBox();
  expect((notesBox?.y ?? 0) + (notesBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
  await expect(decide(page).getByRole('button', { name: 'Approve (A)' })).toBeInViewport();
  await expect(decide(page).getByRole('button', { name: 'Disqualify…' })).toBeInViewport();
  const approve = await decide(page).getByRole('button', { name: 'Approve (A)' }).boundingBox();
  expect(approve?.height ?? 0).toBeGreaterThanOrEqual(44);
  await expectNoSideScroll(page, phone.width);
  await a11y('review, phone');
  await page.screenshot({ path: 'screenshots/review-decide-phone-viewport.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await a11y('review, phone, dark');
  await page.screenshot({ path: 'screenshots/review-decide-phone-dark-viewport.png' });
  await page.getByRole('button', { name: /mode/ }).first().click();
});

test('a member’s requirement page is comfortable one-handed at 390×844', async ({ page, a11y }) => {
  await page.setViewportSize(phone);
  await page.goto('/signin');
  await page.getByLabel(/E-mail address/).fill('isla.nguyen12@demo.touchline.test');
  await page.getByLabel(/^Password/).fill('touchline-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('region', { name: 'Your to-do list' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/requirements');
  await expect(page.getByRole('heading', { level: 1, name: 'My requirements' })).toBeVisible();
  await expectNoSideScroll(page, phone.width);
  await a11y('my requirements, phone');
  await page.screenshot({ path: 'screenshots/member-requirements-phone-viewport.png', fullPage: true });

  // The expired training: its page's actions are thumb-sized and nothing scrolls sideways.
  await page.getByRole('link', { name: 'Safe Sport training', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Safe Sport training' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Complete Safe Sport training' });
  await expect(section).toBeVisible();
  for (const target of await section.getByRole('button').all()) {
    if (!(await target.isVisible())) continue;
    expect((await target.boundingBox())?.height ?? 0, await target.innerText()).toBeGreaterThanOrEqual(44);
  }
  await expectNoSideScroll(page, phone.width);
  await a11y('requirement page, phone');
  await page.screenshot({ path: 'screenshots/member-requirement-phone.png', fullPage: true });
});

test('small things: no logo 404 in the console, the Pending count on Historical, search says it is searching', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/'))
      failures.push(`${r.status()} ${r.url()}`);
  });
  await signInAsDemoAdmin(page);
  await openReviewQueue(page);
  // The demo league has no logo: nothing asks for one, so nothing answers 404.
  await expect(page.getByRole('button', { name: /switch organization/ })).toBeVisible();
  expect(failures).toEqual([]);

  const pendingTab = page.getByRole('button', { name: /^Pending/ });
  const count = (await pendingTab.innerText()).trim();
  expect(count).toMatch(/^Pending \(\d+\)$/);
  await page.getByRole('button', { name: 'Historical' }).click();
  await expect(page.getByRole('button', { name: 'Historical' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pendingTab).toHaveText(count);

  // A slow network: the dashboard's search says so until its answer arrives.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Members table' })).toBeVisible();
  await page.route(/\/members\?.*search=/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const search = page.getByRole('search', { name: 'Filter members' });
  await search.getByRole('searchbox').fill('Owen');
  await expect(search.getByRole('status')).toHaveText('Searching…');
  await expect(search.getByRole('status')).toHaveText('', { timeout: 10_000 });
  await expect(page.getByRole('region', { name: 'Members table' })).toContainText('Owen');
  expect(failures).toEqual([]);
});
