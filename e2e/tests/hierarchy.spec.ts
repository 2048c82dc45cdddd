import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// The demo administrator shapes the league's level tree: builds three levels under the top one, renames, moves
// and deletes, is refused a delete while members remain, then walks the left navigation tree with the keyboard and
// finds it as they left it after a reload. The journeys share one server, so they run in order.

test.describe.configure({ mode: 'serial' });

const league = 'Riverside Youth Soccer League';

test.beforeEach(async ({ page }) => {
  await signInAsDemoAdmin(page);
});

const tree = (page: Page) => page.getByRole('tree', { name: 'Levels' });
const treeItem = (page: Page, name: string) =>
  tree(page).getByRole('treeitem', { name: new RegExp(`^${name}(, \\d+ members?)?$`) });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function addLevel(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add a level' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Add level' }).click();
  await expect(page.getByText(`Added ${name}.`)).toBeVisible();
}

async function openChild(page: Page, name: string) {
  await page
    .getByRole('region', { name: /^Levels below/ })
    .getByRole('link', { name })
    .click();
  await expect(heading(page, name)).toBeVisible();
}

test('an administrator builds, renames, moves and deletes levels', async ({ page, a11y, snap }) => {
  await page.goto('/');
  await expect(treeItem(page, league)).toHaveAttribute('aria-expanded', 'true');
  await tree(page).getByText(league, { exact: true }).click();
  await expect(heading(page, league)).toBeVisible();
  await expect(treeItem(page, league)).toHaveAttribute('aria-selected', 'true');

  await addLevel(page, 'Travel');
  await expect(treeItem(page, 'Travel')).toBeVisible();
  await openChild(page, 'Travel');
  await addLevel(page, 'Travel U12');
  await openChild(page, 'Travel U12');
  await addLevel(page, 'Travel U12 Blue');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
    `${league}›Travel›Travel U12`,
  );

  // A sibling's name is refused on the field.
  await page.getByRole('button', { name: 'Add a level' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Name/ }).fill('travel u12 blue');
  await dialog.getByRole('button', { name: 'Add level' }).click();
  await expect(dialog.getByText('A level with this name already exists here')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Travel U12' });
  await rename.getByRole('textbox', { name: /Name/ }).fill('Travel U13');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(heading(page, 'Travel U13')).toBeVisible();

  // A fourth level, made under the top, then moved under Travel U13 and deleted once there (it is empty).
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: league }).click();
  await addLevel(page, 'Goalkeepers');
  await openChild(page, 'Goalkeepers');
  await page.getByRole('button', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: 'Move Goalkeepers' });
  await move
    .getByRole('combobox', { name: 'Move under' })
    .selectOption({ label: `${league} › Travel › Travel U13` });
  await a11y('level-move-dialog');
  await snap('hierarchy-move-dialog');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('Moved Goalkeepers under Travel U13.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Travel U13');

  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete Goalkeepers?' })
    .getByRole('button', { name: 'Delete level' })
    .click();
  await expect(heading(page, 'Travel U13')).toBeVisible();
  const below = page.getByRole('region', { name: 'Levels below Travel U13' });
  await expect(below.getByRole('link')).toHaveText(['Travel U12 Blue']);
  await a11y('level-page');
  await snap('hierarchy-level-page');
});

test('a level is not deleted while members remain in it', async ({ page, a11y, snap }) => {
  await page.goto('/');
  await tree(page).getByText('Recreational', { exact: true }).click();
  await expect(heading(page, 'Recreational')).toBeVisible();
  await expect(page.getByText('24 members in this level and the levels below it.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Recreational?' });
  // Said before any click, with the count; there is no Delete to press.
  await expect(confirm.getByRole('status')).toContainText(
    'This level cannot be deleted: 24 members remain in it or in the levels below it.',
  );
  await expect(confirm.getByRole('button', { name: 'Delete level' })).toHaveCount(0);
  await a11y('level-delete-refused');
  await snap('hierarchy-delete-refused');
  await confirm.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(heading(page, 'Recreational')).toBeVisible();
});

test('the tree is walked with the keyboard and remembers what was open', async ({ page, a11y, snap }) => {
  await page.goto('/');
  const top = treeItem(page, league);
  await expect(top).toHaveAttribute('aria-expanded', 'true');
  await top.focus();
  await page.keyboard.press('ArrowDown');
  const recreational = treeItem(page, 'Recreational');
  await expect(recreational).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(recreational).toHaveAttribute('aria-expanded', 'true');
  await expect(treeItem(page, 'U8 Girls')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(treeItem(page, 'U8 Girls')).toBeFocused();
  await page.keyboard.press('End');
  await expect(treeItem(page, 'Travel')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(treeItem(page, 'Travel')).toHaveAttribute('aria-expanded', 'true');
  await expect(treeItem(page, 'Travel U13')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(treeItem(page, 'Travel U13')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Travel U13')).toBeVisible();
  await expect(treeItem(page, 'Travel U13')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(top).toBeFocused();
  await page.keyboard.press('c');
  await expect(treeItem(page, 'Competitive')).toBeFocused();
  await a11y('level-tree');
  await snap('hierarchy-tree');

  await page.reload();
  await expect(heading(page, 'Travel U13')).toBeVisible();
  await expect(treeItem(page, 'Recreational')).toHaveAttribute('aria-expanded', 'true');
  await expect(treeItem(page, 'Travel')).toHaveAttribute('aria-expanded', 'true');
  await expect(treeItem(page, 'Competitive')).toHaveAttribute('aria-expanded', 'false');
  await expect(treeItem(page, 'U8 Girls')).toBeVisible();
  await expect(treeItem(page, 'Travel U13')).toHaveAttribute('aria-selected', 'true');
});
