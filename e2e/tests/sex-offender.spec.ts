import { test, expect, snap as snapOf } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import {
  inviteThroughTheDialog,
  signUpThroughTheInvitation,
  teamLevelId,
  type Invitee,
} from '../support/invitations.ts';
import { addRequirement, adminApi } from '../support/requirement-setup.ts';

// The sex offender search (ADR 032), the member on a phone: the demo administrator assigns a registry search to the
// coaches of a team no other journey uses (U8 Boys); an invited coach named Sor (the Yardstik sandbox's "possible
// match" last name) enters the date of birth the search asks for, starts it, authorizes at the sandbox's hosted page,
// and after the sandbox's research waits for review. The administrator compares the registry record on the review
// page and confirms it (the pre-adverse notice); the coach disputes on the phone; the administrator reads the
// thread, replies, and decides "not the same person": the coach's requirement is completed.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a coach’s registry search finds a possible match; the notice is disputed, and the reviewer clears it', async ({
  page,
  browser,
  baseURL,
  a11y,
  snap,
}) => {
  test.setTimeout(240_000);
  const desktop = { baseURL, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };
  const admin = await (await browser.newContext(desktop)).newPage();
  await signInAsDemoAdmin(admin);
  const teamId = await teamLevelId(admin, 'Recreational/U8 Boys');
  const stamp = Date.now();
  const name = `Registry search ${stamp}`;
  await addRequirement(
    admin,
    await adminApi(admin),
    { kind: 'sex-offender-search', base: { name }, content: {} },
    { teamId, role: 'Coach' },
  );

  const coach: Invitee = {
    email: `robin-sor-${stamp}@example.org`,
    firstName: 'Robin',
    lastName: 'Sor',
    role: 'Coach',
    teamName: 'U8 Boys',
  };
  await inviteThroughTheDialog(admin, teamId, coach);
  await signUpThroughTheInvitation(page, admin.request, {
    ...coach,
    password: 'a-long-enough-password',
    teamId,
  });

  // The member: the birth date first (a future one is refused), then the search.
  await page.goto('/requirements');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByText('The registry search needs your date of birth.')).toBeVisible();
  await expect(page.getByText(/Sandbox: this deployment uses Touchline’s own stand-in/)).toBeVisible();
  await page.getByLabel('Date of birth').fill('2999-01-01');
  await page.getByRole('button', { name: 'Save my date of birth' }).click();
  await expect(page.getByText('The date of birth cannot be in the future')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1987-05-06');
  await page.getByRole('button', { name: 'Save my date of birth' }).click();
  await expect(page.getByText('Date of birth on file: 1987-05-06')).toBeVisible();
  await snap('sex-offender-begin-phone');
  await page.getByRole('button', { name: 'Start my registry search' }).click();
  const provider = page.getByRole('link', { name: /Continue at the provider/ });
  await expect(provider).toBeVisible({ timeout: 60_000 });
  await a11y('sex offender search, waiting on the member');
  await snap('sex-offender-continue-phone');

  // At the provider (the Yardstik sandbox's hosted page): the disclosure and the authorization.
  const applyUrl = (await provider.getAttribute('href'))!;
  const vendor = await page.context().newPage();
  await vendor.goto(applyUrl);
  await vendor.getByLabel('I have read the disclosure.').check();
  await vendor.getByLabel('I authorize the background check.').check();
  await vendor.getByRole('button', { name: 'Submit' }).click();
  await expect(vendor.getByRole('heading', { name: 'Thank you, Robin Sor' })).toBeVisible();
  await vendor.close();
  // The sandbox researches for a sandbox day; its webhook brings the possible match.
  const sandboxOrigin = new URL(applyUrl).origin;
  const advanced = await page.request.post(`${sandboxOrigin}/__sandbox/clock/advance`, { data: { days: 2 } });
  expect(advanced.ok()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/found a record with a similar name/)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await snap('sex-offender-in-review-phone');

  // The reviewer compares the record and decides.
  await admin.goto('/reviews');
  await admin.getByLabel('Review source').selectOption('SexOffenderSearch');
  await admin.getByRole('button', { name: 'Robin Sor', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Possible registry match' })).toBeVisible();
  await expect(admin.getByText('Robin Sor · born 1987-05-06')).toBeVisible();
  const photo = admin.getByRole('img', { name: 'Registry photo of Robin Sor' });
  await expect(photo).toBeVisible();
  // Loaded, not a broken image under the content policy.
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(admin.getByRole('link', { name: /NSOPW/ })).toHaveAttribute('href', 'https://www.nsopw.gov/');
  await snapOf(admin, 'sex-offender-review-desktop');
  await admin.setViewportSize({ width: 390, height: 844 });
  await snapOf(admin, 'sex-offender-review-phone');
  await admin.setViewportSize({ width: 1280, height: 800 });
  // The reviewer first takes it for the member: the pre-adverse notice goes out (a consumer report's FCRA step).
  await admin
    .getByLabel('Reason, if the record is the member')
    .fill('Same name and date of birth as the record');
  await admin.getByRole('button', { name: 'Confirmed: send the pre-adverse notice' }).click();
  await expect(admin.getByText('Pre-adverse action notice sent: Robin Sor.')).toBeVisible();

  // The coach disputes on the phone.
  await page.reload();
  await expect(page.getByText(/pre-adverse action notice: Same name and date of birth/)).toBeVisible();
  await page
    .getByLabel(/Respond to the notice/)
    .fill('The record is my uncle: same name, born the same day.');
  await page.getByRole('button', { name: 'Send my response' }).click();
  await expect(page.getByText('The record is my uncle: same name, born the same day.')).toBeVisible();
  await a11y('sex offender search, the member’s response to the notice');
  await snap('sex-offender-dispute-phone');

  // The reviewer reads the thread in the comparison (no second "Confirmed"), replies, and clears the search.
  await admin.goto('/reviews');
  await admin.getByLabel('Review source').selectOption('SexOffenderSearch');
  await admin.getByRole('button', { name: 'Robin Sor', exact: true }).click();
  const thread = admin.getByRole('list', { name: 'Dispute thread' });
  await expect(thread).toContainText('The record is my uncle');
  await expect(admin.getByRole('button', { name: /Confirmed/ })).toHaveCount(0);
  await admin.getByLabel('Reply to the member').fill('Thank you: the photo on the record is not you.');
  await admin.getByRole('button', { name: 'Send the reply' }).click();
  await expect(thread).toContainText('the photo on the record is not you');
  await snapOf(admin, 'sex-offender-dispute-review-desktop');
  await admin.getByRole('button', { name: 'Not the same person' }).click();
  await expect(admin.getByText('Not the same person: Robin Sor.')).toBeVisible();

  await page.goto('/requirements');
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('Completed');
  await snap('sex-offender-completed-phone');
});

test('the administrator keeps the LiveScan locations list (desktop and phone)', async ({
  page,
  a11y,
  snap,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemoAdmin(page);
  await page.goto('/organization/settings');
  await page.getByRole('link', { name: /LiveScan: locations and agency details/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'LiveScan locations' })).toBeVisible();
  const stamp = Date.now();
  const name = `Washington State Patrol ${stamp}`;
  const form = page.getByRole('form', { name: 'Add a location' });
  await form.getByRole('button', { name: 'Add location' }).click();
  await expect(form.getByText('An ORI is 7 to 9 letters and digits')).toBeVisible();
  await form.getByLabel('State').selectOption('WA');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Request form link').fill('http://not-secure.example');
  await form.getByLabel(/^ORI/).fill('wa0340000');
  await form.getByLabel('Agency name').fill('Riverside Youth Soccer League');
  await form.getByRole('button', { name: 'Add location' }).click();
  await expect(form.getByText('Enter a link starting with https://')).toBeVisible();
  await form.getByLabel('Request form link').fill('https://www.wsp.wa.gov/crime/criminal-history/');
  await form.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByText(`${name} (WA) saved.`)).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('ORI WA0340000');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${name}` });
  await edit.getByLabel('Mail code (optional)').fill('M-42');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(row).toContainText('mail code M-42');
  await a11y('LiveScan locations');
  await snap('live-scan-locations-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap('live-scan-locations-phone');
  // Leave the demo league's list as it was for the other journeys.
  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByText(`${name} (WA) removed.`)).toBeVisible();
});
