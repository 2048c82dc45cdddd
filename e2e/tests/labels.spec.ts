import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// The demo administrator manages the league's roles: adds one, renames it, makes it the default and Player the
// default again, is refused deleting a role members hold, and deletes the new one. The league ends as it began.

const rows = (page: Page) =>
  page.getByRole('region', { name: 'Roles of the organization' }).getByRole('listitem');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });

test('an administrator adds, renames, defaults and deletes a role', async ({ page, a11y, snap }) => {
  await signInAsDemoAdmin(page);
  await page.goto('/organization/settings');
  await page.getByRole('link', { name: /^Roles/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await expect(row(page, 'Player')).toContainText('Default');

  const add = page.getByRole('region', { name: 'Add a role' });
  await add.getByRole('textbox', { name: /Role name/ }).fill('player');
  await add.getByRole('button', { name: 'Add role' }).click();
  await expect(add.getByText('A role with this name already exists')).toBeVisible();
  await add.getByRole('textbox', { name: /Role name/ }).fill('Assistant');
  await add.getByRole('button', { name: 'Add role' }).click();
  await expect(page.getByText('Assistant is added.')).toBeVisible();
  await expect(row(page, 'Assistant')).toContainText('No organization role · 0 members');

  // Reordering works from the keyboard, and focus stays on the button pressed.
  const count = await rows(page).count();
  await expect(rows(page).nth(count - 1)).toContainText('Assistant');
  const moveUp = page.getByRole('button', { name: 'Move up: Assistant' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(rows(page).nth(count - 2)).toContainText('Assistant');
  await expect(moveUp).toBeFocused();

  await page.getByRole('button', { name: 'Rename Assistant' }).click();
  const rename = page.getByRole('form', { name: 'Rename Assistant' });
  await rename.getByRole('textbox', { name: /New name/ }).fill('Assistant Coach');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Assistant is renamed Assistant Coach.')).toBeVisible();

  await page.getByRole('button', { name: 'Set as default: Assistant Coach' }).click();
  await expect(page.getByText('Assistant Coach is now the default role.')).toBeVisible();
  await expect(rows(page).first()).toContainText('Assistant CoachDefault');
  await a11y('roles page');
  await snap('labels-roles-page');

  await page.getByRole('button', { name: 'Set as default: Player' }).click();
  await expect(page.getByText('Player is now the default role.')).toBeVisible();
  await expect(rows(page).first()).toContainText('PlayerDefault');

  await page.getByRole('button', { name: 'Delete Coach', exact: true }).click();
  const refused = page.getByRole('alertdialog');
  await refused.getByRole('button', { name: 'Delete role' }).click();
  await expect(refused.getByText(/^This role is still held by \d+ members?$/)).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete Assistant Coach' }).click();
  const dialog = page.getByRole('alertdialog');
  await a11y('delete role dialog');
  await dialog.getByRole('button', { name: 'Delete role' }).click();
  await expect(page.getByText('Assistant Coach is deleted.')).toBeVisible();
  await expect(row(page, 'Assistant Coach')).toHaveCount(0);
});
