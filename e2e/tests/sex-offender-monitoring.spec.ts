import { test, expect, expectAccessible, expectNoSideScroll, snap as snapOf } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { invitedMemberOnPhone, type Invitee } from '../support/invitations.ts';
import { addRequirement, adminApi, newTeam } from '../support/requirement-setup.ts';

// Continuous monitoring of the sex offender search (ADR 032): the demo administrator assigns a registry search that
// monitors continuously to the coaches of a level of this journey's own (a new level under the top one, "Registry
// Monitoring …"). An invited coach, on a phone, reads and signs the ongoing authorization in Touchline, then runs the
// first search, which comes back clear; the Yardstik sandbox then monitors them. A registry hit is planted at the
// sandbox and its daily check runs (the sandbox clock advanced a day): its report arrives by webhook, and the
// administrator finds the coach in the review queue as a sex offender search, compares the record and clears it.

test('a coach signs ongoing registry searches on a phone; a planted hit reaches the reviewer', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(240_000);
  await signInAsDemoAdmin(page);
  const calls = await adminApi(page);
  const stamp = Date.now();
  const teamName = `Registry Monitoring ${stamp}`;
  const teamId = await newTeam(page, calls, teamName);
  const name = `Monitored registry search ${stamp}`;
  await addRequirement(
    page,
    calls,
    { kind: 'sex-offender-search', base: { name }, content: { monitorContinuously: true } },
    { teamId, role: 'Coach' },
  );

  const coach: Invitee = {
    email: `ari-watch-${stamp}@example.org`,
    firstName: 'Ari',
    lastName: `Watch${stamp.toString(36)}`,
    role: 'Coach',
    teamName,
  };
  const fullName = `${coach.firstName} ${coach.lastName}`;
  const phone = await invitedMemberOnPhone(page, browser, baseURL, { ...coach, teamId });
  await phone.goto('/requirements');
  await phone.getByRole('link', { name, exact: true }).click();
  await phone.getByLabel('Date of birth').fill('1985-03-04');
  await phone.getByRole('button', { name: 'Save my date of birth' }).click();
  await expect(phone.getByText(/offers ongoing registry searches.*optional/)).toBeVisible();

  // The ongoing authorization, read in full and signed here (the one-off search stays available without it).
  await phone.getByRole('button', { name: 'Read and sign the ongoing authorization' }).click();
  const form = phone.getByRole('form', { name: 'Authorization for ongoing registry searches' });
  await expect(form.getByText(/DISCLOSURE REGARDING ONGOING SEX OFFENDER REGISTRY SEARCHES/)).toBeVisible();
  await form.getByRole('button', { name: 'Sign the ongoing authorization' }).click();
  await expect(form.getByText('Accept the disclosure to continue')).toBeVisible();
  await form.getByLabel('I have read the disclosure').check();
  await form.getByLabel('I authorize ongoing registry searches').check();
  await form.getByLabel(/Type your full name/).fill(fullName);
  await form.getByLabel('Street address').fill('12 Touchline Way');
  await form.getByLabel('City').fill('Riverside');
  await form.getByLabel('State').fill('CA');
  await form.getByLabel('ZIP code').fill('92501');
  await expectAccessible(phone, 'the ongoing authorization');
  await expectNoSideScroll(phone, 390);
  await snapOf(phone, 'sex-offender-monitoring-consent-phone');
  await form.getByRole('button', { name: 'Sign the ongoing authorization' }).click();
  await expect(phone.getByText(/You signed the ongoing authorization/)).toBeVisible();
  await expect(phone.getByText(new RegExp(`Signed by ${fullName}`))).toBeVisible();

  // The first search, authorized on the sandbox's hosted page, comes back clear.
  await phone.getByRole('button', { name: 'Start my registry search' }).click();
  const provider = phone.getByRole('link', { name: /Continue at the provider/ });
  await expect(provider).toBeVisible({ timeout: 60_000 });
  const applyUrl = (await provider.getAttribute('href'))!;
  const vendor = await phone.context().newPage();
  await vendor.goto(applyUrl);
  await vendor.getByLabel('I have read the disclosure.').check();
  await vendor.getByLabel('I authorize the background check.').check();
  await vendor.getByRole('button', { name: 'Submit' }).click();
  await expect(vendor.getByRole('heading', { name: `Thank you, ${fullName}` })).toBeVisible();
  await vendor.close();
  const sandbox = new URL(applyUrl).origin;
  expect((await phone.request.post(`${sandbox}/__sandbox/clock/advance`, { data: { days: 2 } })).ok()).toBe(
    true,
  );
  await expect(async () => {
    await phone.reload();
    await expect(
      phone.getByText(/Yardstik sandbox.*checks the sex offender registries for you every day/),
    ).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 90_000 });
  await expect(phone.getByRole('button', { name: 'Withdraw my ongoing authorization' })).toBeVisible();
  await expectNoSideScroll(phone, 390);
  await snapOf(phone, 'sex-offender-monitoring-active-phone');

  // A registry hit at the sandbox; its daily check runs as its clock moves a day, and the report's webhook arrives.
  const planted = await phone.request.post(`${sandbox}/__sandbox/monitoring/hits`, {
    data: { email: coach.email },
  });
  expect(planted.status()).toBe(202);
  expect((await phone.request.post(`${sandbox}/__sandbox/clock/advance`, { data: { days: 1 } })).ok()).toBe(
    true,
  );
  await expect(async () => {
    await phone.reload();
    await expect(phone.getByText(/found a record with a similar name/)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 90_000 });

  // The reviewer finds it in the queue as a sex offender search, compares, and clears it.
  await page.goto('/reviews');
  await page.getByLabel('Review source').selectOption('SexOffenderSearch');
  await page.getByRole('button', { name: fullName, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Possible registry match' })).toBeVisible();
  await expect(page.getByText(`${fullName} · born 1985-03-04`)).toBeVisible();
  await snapOf(page, 'sex-offender-monitoring-review-desktop');
  await page.getByRole('button', { name: 'Not the same person' }).click();
  await expect(page.getByText(`Not the same person: ${fullName}.`)).toBeVisible();
  await phone.goto('/requirements');
  await expect(phone.getByRole('listitem').filter({ hasText: name })).toContainText('Completed');
});
