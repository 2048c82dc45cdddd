import { test, expect, expectNoSideScroll, snap as snapOf } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { invitedMemberOnPhone, type Invitee } from '../support/invitations.ts';
import { addRequirement, adminApi, newTeam } from '../support/requirement-setup.ts';
import { facePhoto } from '../../packages/server/src/modules/verification/face.samples.ts';
import { birthCertificate } from '../../packages/server/src/modules/verification/verification.samples.ts';
import { readableSurname } from '../support/ocr-names.ts';

// Identity verification on a phone (issue 29): an invited player accepts the consent (what is kept, how long, who
// sees it) before any capture, reads the face photo guidance and frame, sends a face photo (the face-model package's
// own photo, read from node_modules) that the browser's quick check and the server's face checks pass, goes to the
// identity provider (the Stripe sandbox's stand-in page, where the document and selfie are simulated), and comes
// back to a verification that Stripe's signed webhooks cleared, without pressing "check". Then eligibility: an
// administrator gives a team an age group, and a verified player born a year later is flagged "Plays up".

test('a player verifies their identity on a phone; the webhook clears it', async ({
  page,
  browser,
  baseURL,
  a11y,
}) => {
  test.setTimeout(240_000);
  await signInAsDemoAdmin(page);
  const calls = await adminApi(page);
  const stamp = Date.now();
  const teamName = `ID check ${stamp}`;
  const team = { id: await newTeam(page, calls, teamName) };
  const requirementName = `Photo ID ${stamp}`;
  await addRequirement(
    page,
    calls,
    { kind: 'identity-verification', base: { name: requirementName }, content: {} },
    { teamId: team.id, role: 'Coach' },
  );
  const lastName = `Ident${stamp.toString(36)}`;
  const player: Invitee = {
    email: `sky-idv-${stamp}@example.org`,
    firstName: 'Sky',
    lastName,
    role: 'Coach',
    teamName,
  };
  const phone = await invitedMemberOnPhone(page, browser, baseURL, { ...player, teamId: team.id });
  await phone.goto('/requirements');
  await phone.getByRole('link', { name: requirementName, exact: true }).click();

  // Consent first: nothing is captured before it.
  await expect(phone.getByRole('heading', { name: 'Before we start' })).toBeVisible();
  await expect(phone.getByText(/deletes its copy of the images/)).toBeVisible();
  await expectNoSideScroll(phone, 390);
  await snapOf(phone, 'identity-consent-phone');
  await phone.getByLabel('Identity document').selectOption('GovernmentIssuedId');
  await phone.getByLabel(/Date of birth/).fill('2013-05-14');
  await phone.getByLabel(/I have read this and I agree/).check();
  await phone.getByRole('button', { name: 'Agree and start' }).click();

  // The face photo: guidance and the frame before the camera.
  await expect(phone.getByRole('heading', { name: 'A photo of your face' })).toBeVisible();
  await expect(phone.getByText('Your face inside the oval, your eyes on the line.')).toBeVisible();
  await expectNoSideScroll(phone, 390);
  await snapOf(phone, 'identity-face-guidance-phone');
  await phone
    .getByLabel('Take the photo')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: await facePhoto() });

  // The document and selfie at the identity provider (the sandbox's stand-in page).
  const onward = phone.getByRole('link', { name: 'Continue to the identity provider' });
  await expect(onward).toBeVisible({ timeout: 60_000 });
  await expect(phone.getByText(/a sandbox: nothing leaves this system/)).toBeVisible();
  await snapOf(phone, 'identity-vendor-step-phone');
  expect(await onward.getAttribute('href')).toMatch(/\/hosted\/identity\/vs_/);
  // The provider opens in a tab of its own, as the link says; the member comes back to this one.
  const [vendor] = await Promise.all([phone.context().waitForEvent('page'), onward.click()]);
  await expect(vendor.getByText(/Stripe Identity SANDBOX/)).toBeVisible();
  await vendor.getByLabel('First name').fill('Sky');
  await vendor.getByLabel('Last name').fill(lastName);
  await vendor.getByLabel('Date of birth').fill('2013-05-14');
  await vendor.locator('select[name="outcome"]').selectOption('verified');
  await snapOf(vendor, 'identity-sandbox-page-phone');
  await vendor.getByRole('button', { name: 'Submit' }).click();
  await expect(vendor.getByText('"status":"verified"')).toBeVisible();
  await vendor.close();

  // Back in Touchline: the signed webhook cleared it (the page is only reloaded, never asked to check).
  await expect(async () => {
    await phone.reload();
    await expect(phone.getByText('Verified: the document matched.')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
  await expect(phone.getByRole('button', { name: /check the result/i })).toHaveCount(0);
  await expectNoSideScroll(phone, 390);
  await snapOf(phone, 'identity-cleared-phone');
  await a11y('identity verification page (admin view)');
  await phone.context().close();
});

test('an administrator sets a team’s age group; a verified younger player is flagged "Plays up"', async ({
  page,
  browser,
  baseURL,
  a11y,
}) => {
  test.setTimeout(240_000);
  await signInAsDemoAdmin(page);
  const calls = await adminApi(page);
  const stamp = Date.now();
  const teamName = `U14 ${stamp}`;
  const team = { id: await newTeam(page, calls, teamName) };
  const requirementName = `Proof of age ${stamp}`;
  await addRequirement(
    page,
    calls,
    { kind: 'age-verification', base: { name: requirementName }, content: { kind: 'Age' } },
    { teamId: team.id, role: 'Coach' },
  );
  const lastName = readableSurname('Young', stamp);
  const player: Invitee = {
    email: `rae-elig-${stamp}@example.org`,
    firstName: 'Rae',
    lastName,
    role: 'Coach',
    teamName,
  };
  const phone = await invitedMemberOnPhone(page, browser, baseURL, { ...player, teamId: team.id });
  await phone.goto('/requirements');
  await phone.getByRole('link', { name: requirementName, exact: true }).click();
  await phone.getByLabel(/Date of birth/).fill('2013-05-14');
  const certificate = await birthCertificate({ firstName: 'Rae', lastName, dateOfBirth: '2013-05-14' });
  await phone
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: certificate });
  await phone.getByRole('button', { name: 'Submit' }).click();
  await expect(phone.getByText('Verified: the document matched.')).toBeVisible({ timeout: 60_000 });
  await phone.context().close();

  // The administrator gives the team its age group: U14, born in 2012.
  await page.goto(`/levels/${team.id}/eligibility`);
  await page.getByLabel('Age group').fill('U14');
  await page.getByLabel('Born in or after (year)').fill('2012');
  await page.getByRole('button', { name: 'Save eligibility' }).click();
  await expect(page.getByText('Eligibility saved')).toBeVisible();
  await snapOf(page, 'eligibility-level-desktop');

  // The dashboard flags the verified player born in 2013: plays up.
  await page.goto(`/levels/${team.id}/dashboard`);
  const flags = page.getByRole('list', { name: 'Eligibility' }).first();
  await expect(flags).toContainText('Plays up', { timeout: 30_000 });
  await expect(page.getByText(`${player.firstName} ${lastName}`).first()).toBeVisible();
  await a11y('dashboard with an eligibility flag');
  await snapOf(page, 'eligibility-dashboard-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Eligibility' }).first()).toContainText('Plays up');
  await expectNoSideScroll(page, 390);
  await snapOf(page, 'eligibility-dashboard-phone');
});

test('a reviewer decides a demo player’s identity verification the provider could not clear', async ({
  page,
  browser,
  baseURL,
  a11y,
}) => {
  test.setTimeout(180_000);
  // Ivo Vance (seeded): the provider reported the selfie did not match the document, so it waits for a person.
  const member = 'Ivo Vance';
  await signInAsDemoAdmin(page);
  await page.goto('/reviews');
  await expect(async () => {
    await page.reload();
    await page.getByLabel('Per page').selectOption('100');
    await page.getByRole('button', { name: member, exact: true }).last().click({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const evidence = page.getByRole('region', { name: 'Identity verification evidence' });
  await expect(evidence).toContainText('The identity provider could not verify');
  await expect(evidence).toContainText('nothing (the document was not verified)');
  // Only the result is kept: no image of the child is offered to the reviewer.
  await expect(evidence.getByRole('img')).toHaveCount(0);
  await expect(evidence).toContainText('The provider’s images were deleted after its check');
  await a11y('identity verification evidence in review');
  await snapOf(page, 'identity-verification-review-desktop');
  await page.getByRole('group', { name: 'Decide' }).getByRole('button', { name: 'Approve (A)' }).click();
  await expect(page.getByText(`Approved: ${member}, Photo ID check.`)).toBeVisible();

  // Ivo, on a phone, finds it verified by a reviewer.
  const phone = await (
    await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();
  await phone.goto('/signin');
  await phone.getByLabel(/E-mail address/).fill('ivo.vance.verified8@demo.touchline.test');
  await phone.getByLabel(/^Password/).fill('touchline-demo');
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone).not.toHaveURL(/\/signin/);
  await phone.goto('/requirements');
  await phone.getByRole('link', { name: 'Photo ID check', exact: true }).click();
  await expect(phone.getByText('Verified by a reviewer.')).toBeVisible();
  await expectNoSideScroll(phone, 390);
  await snapOf(phone, 'identity-verification-cleared-by-review-phone');
  await phone.context().close();
});
