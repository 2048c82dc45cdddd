import { webClientId, webClientScope } from '@touchline/contracts/accounts';
import { test, expect } from '../support/fixtures.ts';
import { demoAdmin, signInAsDemoAdmin } from '../support/demo-session.ts';

// The demo administrator keeps their account: renames themself and sets a date of birth, saves contact information,
// adds an emergency contact and takes a profile photo with the camera (Chromium's fake camera, granted without a
// prompt: playwright.config.ts), then finds it all in place after a reload. The profile page lists the demo league.
// The journeys share one server, so they run in order, and the administrator's names are put back for the specs
// that greet "Dana".

test.describe.configure({ mode: 'serial' });

const league = 'Riverside Youth Soccer League';

test.beforeEach(async ({ page }) => {
  await signInAsDemoAdmin(page);
});

test.afterAll(async ({ playwright, serverUrl }) => {
  const request = await playwright.request.newContext({ baseURL: serverUrl });
  const tokens = await request.post('/connect/token', {
    form: {
      grant_type: 'password',
      client_id: webClientId,
      scope: webClientScope,
      username: demoAdmin.email,
      password: demoAdmin.password,
    },
  });
  const { access_token: token } = (await tokens.json()) as { access_token: string };
  const restored = await request.put('/api/app/account/user', {
    data: { firstName: 'Dana', lastName: 'Director', dateOfBirth: null },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(restored.status()).toBe(200);
  await request.dispose();
});

test('account settings: details, contact, emergency contact and a webcam photo, kept after a reload', async ({
  page,
  a11y,
  snap,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);

  const user = page.getByRole('region', { name: 'User' });
  await expect(user.getByLabel('E-mail address')).toHaveValue(demoAdmin.email);
  await expect(user.getByLabel('E-mail address')).toHaveAttribute('readonly', '');
  await user.getByLabel(/First name/).fill('Danielle');
  await user.getByLabel(/Last name/).fill('Delgado');
  await user.getByLabel('Date of birth').fill('1985-04-12');
  await user.getByRole('button', { name: 'Save details' }).click();
  await expect(user.getByText('Your details are saved.')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Danielle Delgado');

  const contact = page.getByRole('region', { name: 'Contact information' });
  await contact.getByLabel('Contact e-mail').fill('dana.home@example.org');
  await contact.getByLabel('Phone').fill('+1 555 010 4455');
  await contact.getByLabel('Address').fill('12 Touchline Way');
  await contact.getByLabel('City').fill('Riverside');
  await contact.getByLabel('State or province').fill('CA');
  await contact.getByRole('button', { name: 'Save contact information' }).click();
  await expect(contact.getByText('Your contact information is saved.')).toBeVisible();

  const emergency = page.getByRole('region', { name: 'Emergency contacts' });
  await emergency.getByRole('button', { name: 'Add emergency contact' }).click();
  const form = emergency.getByRole('form', { name: 'New emergency contact' });
  await form.getByLabel(/First name/).fill('Sam');
  await form.getByLabel(/Last name/).fill('Rivera');
  await form.getByLabel(/Relationship/).fill('Spouse');
  await form.getByLabel('Phone').fill('555 010 7788');
  await form.getByRole('button', { name: 'Save contact' }).click();
  await expect(emergency.getByText('Emergency contact added.')).toBeVisible();
  await expect(emergency.getByText('Sam Rivera')).toBeVisible();

  const photo = page.getByRole('region', { name: 'Profile photo' });
  await expect(photo.getByText('You have no photo yet.')).toBeVisible();
  await photo.getByRole('button', { name: 'Take a photo' }).click();
  const takePhoto = photo.getByRole('button', { name: 'Take photo' });
  await expect(takePhoto).toBeEnabled();
  await snap('account-webcam');
  await takePhoto.click();
  await expect(photo.getByRole('img', { name: 'Preview of your new photo' })).toBeVisible();
  await photo.getByRole('button', { name: 'Save photo' }).click();
  await expect(photo.getByText('Your photo is saved.')).toBeVisible();
  const saved = photo.getByRole('img', { name: 'Profile photo of Danielle Delgado' });
  // Served resized through the image route (a 1x and a 2x width), never the original upload.
  await expect(saved).toHaveAttribute('src', /^\/api\/images\/[^?]+\?w=128$/);
  await expect(saved).toHaveAttribute('srcset', /\?w=256 2x/);
  await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await a11y('account-settings');
  await snap('account-settings');

  await page.reload();
  await expect(user.getByLabel(/First name/)).toHaveValue('Danielle');
  await expect(user.getByLabel(/Last name/)).toHaveValue('Delgado');
  await expect(user.getByLabel('Date of birth')).toHaveValue('1985-04-12');
  await expect(contact.getByLabel('City')).toHaveValue('Riverside');
  await expect(contact.getByLabel('Phone')).toHaveValue('+1 555 010 4455');
  await expect(emergency.getByText('Sam Rivera')).toBeVisible();
  await expect(emergency.getByText('(Spouse)')).toBeVisible();
  const reloaded = photo.getByRole('img', { name: 'Profile photo of Danielle Delgado' });
  await expect.poll(() => reloaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap('account-settings-reloaded');
});

test('the profile page lists the demo league; the partner return paths lead to it and to settings', async ({
  page,
  a11y,
  snap,
}) => {
  await page.goto('/profile');
  const organizations = page.getByRole('region', { name: 'Your organizations' });
  const card = organizations.getByRole('listitem', { name: league });
  await expect(card).toContainText('Current organization');
  await expect(card).toContainText(`League Admin at ${league}`);
  await a11y('profile');
  await snap('account-profile');

  await page.goto('/groupAccountDashboard');
  await expect(page.getByRole('region', { name: 'Your organizations' })).toContainText(league);
  await page.goto('/editProfile');
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
});
