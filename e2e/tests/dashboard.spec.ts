import fs from 'node:fs';
import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { topLevelId } from '../support/invitations.ts';

// An administrator reads the league's dashboard: filters by a requirement status and a role, sorts, pages, opens a
// member, downloads the filtered list as CSV and reads it back, and sets two members Inactive and Active again.

test('filter, sort, page, open a member, download the CSV, bulk-change group membership', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  const rootId = await topLevelId(page);
  await page.goto(`/levels/${rootId}/dashboard`);
  await expect(page.getByRole('heading', { name: /^Dashboard of / })).toBeVisible();
  const table = page.getByRole('table', { name: 'Members and their requirement statuses' });
  await expect(table).toBeVisible();
  await a11y('dashboard');
  await snap('dashboard');

  // Paging: the league has more than one page of members. Next continues from the last row's cursor (ADR 017),
  // Previous comes back to the same first page, Last jumps by number.
  await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
  const firstRow = await table.getByRole('row').nth(1).textContent();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/after=/);
  await expect(table.getByRole('row').nth(1)).not.toHaveText(firstRow!);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
  await expect(page).toHaveURL(/before=/);
  await expect(table.getByRole('row').nth(1)).toHaveText(firstRow!);
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(page).not.toHaveURL(/after=|before=/);
  await page.getByRole('button', { name: 'First page' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();

  // Sort by name descending: the header says so, and the URL keeps it.
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sortDir=DESC/);
  await expect(page).not.toHaveURL(/page=2/);

  // A requirement-status tile filters the table: every row has an Overdue requirement.
  const tiles = page.getByRole('region', { name: 'Members with a requirement that is' });
  await tiles.getByRole('button', { name: /Overdue/ }).click();
  await expect(tiles.getByRole('button', { name: /Overdue/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/requirementStatuses=4/);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('Overdue');
  for (const row of await rows.all()) await expect(row).toContainText('Overdue');

  // And by role: Coach.
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Coach' });
  await expect(page).toHaveURL(/labels=/);
  await expect(rows.first()).toContainText('Coach');
  for (const row of await rows.all()) await expect(row.locator('td').nth(4)).toHaveText('Coach');
  await snap('dashboard-filtered');

  // Open a member: the drawer lists their requirements.
  const firstName = (await rows.first().getByRole('button').first().textContent()) ?? '';
  await rows.first().getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: firstName.trim() });
  await expect(drawer.getByRole('heading', { name: 'Requirements' })).toBeVisible();
  await expect(drawer).toContainText('Overdue');
  await a11y('dashboard-drawer');
  await snap('dashboard-drawer');
  await drawer.getByRole('button', { name: 'Close modal' }).click();
  await expect(drawer).toBeHidden();

  // Download the filtered list and read it back: a header, then one line per member of the total.
  const summary =
    (await page.getByText(/members? in this level and the levels below it/).textContent()) ?? '';
  const total = Number(/([\d,]+) members?/.exec(summary)?.[1]?.replace(/,/g, '') ?? 'NaN');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/status \d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await download.path()) ?? '', 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toMatch(
    /^First name,Last name,Email,Level,Role,Overall status,Group membership,Last activity/,
  );
  expect(csv).toHaveLength(total + 1);
  for (const line of csv.slice(1)) expect(line).toContain('Coach');
  for (const line of csv.slice(1)) expect(line).toContain('Overdue');

  // Bulk: two members Inactive, then Active again (with the role filter lifted: every Overdue member).
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'All roles' });
  await expect(page).not.toHaveURL(/labels=/);
  const names = [
    (await rows.nth(0).getByRole('button').first().textContent())?.trim() ?? '',
    (await rows.nth(1).getByRole('button').first().textContent())?.trim() ?? '',
  ];
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  const bar = page.getByRole('group', { name: 'Selected members' });
  await expect(bar).toContainText('2 selected');
  await a11y('dashboard-bulk');
  await snap('dashboard-bulk');
  await bar.getByRole('button', { name: 'Set Inactive' }).click();
  await expect(page.getByText('2 members set Inactive.')).toBeVisible();
  await page.getByLabel('Group membership').selectOption({ label: 'Inactive' });
  await expect(page).toHaveURL(/groupMembershipStatus=1/);
  for (const name of names) await expect(table.getByRole('button', { name })).toBeVisible();
  // The demo league's Overdue members were all Active: the two just changed are the only Inactive ones.
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all members on this page' }).check();
  await page
    .getByRole('group', { name: 'Selected members' })
    .getByRole('button', { name: 'Set Active' })
    .click();
  await expect(page.getByText('2 members set Active.')).toBeVisible();
  await expect(page.getByText('No members match these filters.')).toBeVisible();
  await a11y('dashboard-empty');
  await snap('dashboard-empty');
});

test('the navigation search finds levels and members as you type, by keyboard', async ({
  page,
  a11y,
  snap,
}) => {
  await signInAsDemoAdmin(page);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search levels and members' });
  await expect(box).toBeVisible();
  await a11y('navigation-search-closed');
  await box.fill('u10');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option', { name: /U10 Girls/ })).toBeVisible();
  await expect(list.getByText('Levels')).toBeVisible();
  // While the list is open React Aria hides the rest of the page from assistive technology (by design, like a
  // modal listbox), which a whole-page axe run reads as violations; the page is checked closed, before and after.
  await snap('navigation-search');
  await box.fill('nora oka');
  await expect(list.getByRole('option', { name: /Nora Okafor/ })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/levels\/[^/]+\/dashboard\?search=nora\.okafor/);
  await expect(page.getByRole('table').getByRole('button', { name: 'Nora Okafor' })).toBeVisible();
  await a11y('navigation-search-opened-member');
});
