import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { teamLevelId } from '../support/invitations.ts';

// Issue 18 items 1, 2, 3, 12 and 14 as a league meets them: the home page by role, the phone layout (menu drawer,
// cards), compressed assets, the spec's /dashboard and /_app routes and a level address that is no level.

const desktop = { width: 1366, height: 850 };
const phone = { width: 390, height: 844 };

test('an administrator’s home: compliance of the held level with a path to act, no deployment facts', async ({
  page,
  a11y,
  snap,
}) => {
  await page.setViewportSize(desktop);
  await signInAsDemoAdmin(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Compliance at your levels' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Riverside Youth Soccer League' });
  await expect(card.getByRole('meter', { name: /cleared/ })).toBeVisible();
  await expect(card).toContainText('waiting for review');
  await expect(card).toContainText('invitations not accepted yet');
  await expect(page.getByRole('main')).not.toContainText('Version');
  await a11y('home, administrator, desktop');
  await snap('home-admin-desktop');
  await card.getByRole('link', { name: /^Open the .* dashboard$/ }).click();
  await expect(page).toHaveURL(/\/levels\/[0-9a-f-]+\/dashboard$/);
});

test('at phone size the navigation is a drawer behind a Menu button, and dashboard rows are cards', async ({
  page,
  a11y,
  snap,
}) => {
  // One long journey (home, drawer, dashboard, dark mode) with an axe run at every stop.
  test.setTimeout(240_000);
  await page.setViewportSize(phone);
  await page.emulateMedia({ colorScheme: 'light' });
  await signInAsDemoAdmin(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Compliance at your levels' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Levels' })).toBeHidden();
  await expectNoSideScroll(page, phone.width);
  // The header fits in one compact row.
  expect((await page.getByRole('banner').boundingBox())?.height ?? 999).toBeLessThan(80);
  await a11y('home, phone');
  await snap('home-admin-phone');

  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('navigation', { name: 'Levels' })).toContainText('Riverside');
  await a11y('menu drawer, phone');
  await snap('menu-drawer-phone');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // The partner return path opens the current level's dashboard.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/levels\/[0-9a-f-]+\/dashboard$/);
  const table = page.getByRole('region', { name: 'Members table' });
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  const status = firstRow.locator('td[data-label="Status"]');
  await status.scrollIntoViewIfNeeded();
  await expect(status).toBeInViewport();
  const box = await status.boundingBox();
  expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width);
  await expectNoSideScroll(page, phone.width);
  await a11y('dashboard, phone');
  await snap('dashboard-phone');

  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await a11y('dashboard, phone, dark');
  await snap('dashboard-phone-dark');
  await menu.click();
  await a11y('menu drawer, phone, dark');
  await page.keyboard.press('Escape');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Compliance at your levels' })).toBeVisible();
  await a11y('home, phone, dark');
  await snap('home-admin-phone-dark');
});

test('a member’s home is their to-do list and overall status, comfortable at phone size', async ({
  page,
  a11y,
  snap,
}) => {
  await page.setViewportSize(phone);
  await page.goto('/signin');
  await page.getByLabel(/E-mail address/).fill('isla.nguyen12@demo.touchline.test');
  await page.getByLabel(/^Password/).fill('touchline-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const todo = page.getByRole('region', { name: 'Your to-do list' });
  await expect(todo).toBeVisible({ timeout: 20_000 });
  await expect(todo).toContainText(/Your status|cleared|Nothing/);
  await expect(page.getByRole('main')).not.toContainText('Version');
  await expectNoSideScroll(page, phone.width);
  await a11y('home, member, phone');
  await snap('home-member-phone');
  const first = todo.getByRole('link').first();
  const height = (await first.boundingBox())?.height ?? 0;
  expect(height).toBeGreaterThanOrEqual(44);
});

test('the built assets come compressed by Accept-Encoding, with Vary', async ({ request }) => {
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, 'the main chunk in index.html').toBeTruthy();
  const br = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers().vary).toMatch(/Accept-Encoding/i);
  const gz = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  const identity = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(identity.headers()['content-encoding']).toBeUndefined();
  // Playwright decompresses: every representation carries the same script.
  expect((await br.body()).equals(await identity.body())).toBe(true);
  expect(Number(identity.headers()['content-length'])).toBeGreaterThan(
    Number(br.headers()['content-length']),
  );
});

test('the spec’s /_app is the shell, and a level address that is no level is the 404 page', async ({
  page,
  a11y,
}) => {
  await page.setViewportSize(desktop);
  await signInAsDemoAdmin(page);
  await page.goto('/_app');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Compliance at your levels' })).toBeVisible();
  await page.goto('/levels/not-a-uuid');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await a11y('level address that is no level');
});

test('at phone size the members page is no wider than the screen; its table scrolls in its own box', async ({
  page,
  snap,
}) => {
  await signInAsDemoAdmin(page);
  const teamId = await teamLevelId(page, 'Recreational/U10 Girls');
  await page.setViewportSize(phone);
  await page.goto(`/levels/${teamId}/members`);
  await expect(page.getByRole('heading', { name: 'Members of U10 Girls' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // The table's hidden labels are absolutely positioned: outside a positioned scroll box they widened the page.
  await expectNoSideScroll(page, phone.width);
  await snap('members-phone');
});
