import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// An administrator of the demo league starts a second organization through the creation wizard, lands in it,
// gives it a logo, and switches back to the demo league.

const demoLeague = 'Riverside Youth Soccer League';
const newOrganization = `Harbor City FC ${Date.now().toString(36)}`;
// A 1×1 PNG: the server checks the bytes, not the name.
const logo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('create an organization with the wizard, land in it, upload a logo, switch back', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(120_000);
  await signInAsDemoAdmin(page);
  await page.goto('/');
  const current = page.getByTestId('current-organization');
  await expect(current).toHaveText(demoLeague);

  await page.getByRole('button', { name: /switch organization/ }).click();
  await snap('organizations-switcher');
  await page.getByRole('menuitem', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/organizations\/new$/);
  await expect(page.getByRole('radio', { name: /Basic/ })).toBeChecked();
  await expect(page.getByText('$49.00')).toBeVisible();
  await a11y('organizations-wizard-plan');
  await snap('organizations-wizard-plan');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Organization details' })).toBeVisible();
  await expect(page.getByLabel(/^E-mail address/)).toHaveValue('admin@demo.touchline.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter the organization’s name')).toBeVisible();
  await expect(page.getByLabel(/Organization name/)).toBeFocused();
  await page.getByLabel(/Organization name/).fill(newOrganization);
  await page.getByLabel(/Website/).fill('harbor-city.example.org');
  await page.getByLabel(/State or province/).fill('OR');
  await page.getByLabel(/City/).fill('Portland');
  await a11y('organizations-wizard-details');
  await snap('organizations-wizard-details');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Role requirements' })).toBeVisible();
  // The draft survives a reload, on the same step.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Role requirements' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a role' }).click();
  await page
    .getByLabel(/Role name/)
    .last()
    .fill('Referee');
  await a11y('organizations-wizard-roles');
  await snap('organizations-wizard-roles');
  await page.getByRole('button', { name: 'Create organization' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(current).toHaveText(newOrganization);
  await snap('organizations-created');

  await page.getByRole('button', { name: /switch organization/ }).click();
  await page.getByRole('menuitem', { name: 'Organization settings' }).click();
  await expect(page.getByRole('heading', { name: 'Organization settings' })).toBeVisible();
  await expect(page.getByText(/No logo yet/)).toBeVisible();
  await page
    .getByLabel('Upload a logo')
    .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('The logo is saved.')).toBeVisible();
  const headerLogo = page.getByRole('banner').locator('img');
  await expect(headerLogo).toHaveAttribute('src', /^\/api\/files\//);
  await expect
    .poll(() => headerLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await a11y('organizations-settings');
  await snap('organizations-settings');

  await page.getByRole('button', { name: /switch organization/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(demoLeague) }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(current).toHaveText(demoLeague);
  await expect(page.getByRole('main')).toContainText(demoLeague);
});
