import type { Page } from '@playwright/test';
import { test, expect, expectNoSideScroll, snap as snapOf } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import {
  invitedMemberOnPhone,
  inviteThroughTheDialog,
  signUpThroughTheInvitation,
  type Invitee,
} from '../support/invitations.ts';
import { addRequirement, adminApi, demoLeagueId, newTeam } from '../support/requirement-setup.ts';

// Background checks on the Yardstik sandbox (ADR 030): the demo administrator adds a background check for the
// coaches of a team of its own (a new level under Recreational, so no other journey's members are touched); a coach
// named Clear consents on a phone, orders, applies on the sandbox's hosted page, and clears when the sandbox's
// webhook arrives; a coach named Consider is flagged: the administrator sends the pre-adverse notice, the coach
// disputes the report on a phone, the administrator answers and approves the check.

/** The coach's side, on a phone: sign, order, apply on the sandbox's page (a new tab). Answers the sandbox's origin. */
async function consentOrderAndApply(page: Page, who: Invitee, checkName: string, shoot: boolean) {
  await page.goto('/requirements');
  await page.getByRole('link', { name: checkName, exact: true }).click();
  await expect(page.getByText(/Sandbox: this deployment uses Touchline’s own stand-in/)).toBeVisible();
  await page.getByLabel('I have read the disclosure').check();
  await page.getByLabel('I authorize this background check').check();
  await page.getByLabel('Type your full name to sign').fill(`${who.firstName} ${who.lastName}`);
  await page.getByLabel('Street address').fill('1 Pitch Lane');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('OR');
  await page.getByLabel('ZIP code').fill('97201');
  if (shoot) {
    await expectNoSideScroll(page, 390);
    await snapOf(page, 'background-check-consent-phone');
  }
  await page.getByRole('button', { name: 'Sign the authorization' }).click();
  await page.getByRole('button', { name: 'Order my background check' }).click();
  const continueButton = page.getByRole('button', { name: 'Continue at the provider' });
  await expect(continueButton).toBeVisible({ timeout: 30_000 });
  const [vendorPage] = await Promise.all([page.waitForEvent('popup'), continueButton.click()]);
  await vendorPage.waitForLoadState();
  await vendorPage.getByLabel('I have read the disclosure.').check();
  await vendorPage.getByLabel('I authorize the background check.').check();
  await vendorPage.getByRole('button', { name: 'Submit' }).click();
  await expect(vendorPage.locator('body')).not.toContainText('Please accept both documents');
  const origin = new URL(vendorPage.url()).origin;
  await vendorPage.close();
  return origin;
}

test('a coach consents and clears on the Yardstik sandbox; a flagged coach is reviewed', async ({
  page,
  browser,
  baseURL,
  a11y,
}) => {
  test.setTimeout(300_000);
  await signInAsDemoAdmin(page);
  const calls = await adminApi(page);
  const orgId = await demoLeagueId(calls);
  const stamp = Date.now();
  const teamName = `Screening ${stamp}`;
  const team = { id: await newTeam(page, calls, teamName) };

  // The organization setup: the sandbox agency named, its packages previewed, the account added as a client.
  await page.goto('/organization/screening');
  await expect(page.getByText(/Yardstik — sandbox/)).toBeVisible();
  await page.getByRole('button', { name: 'Preview products' }).first().click();
  await expect(page.getByText('Volunteer Standard').first()).toBeVisible();
  const clients = (await calls.get(`/api/app/organization/${orgId}/background-check-clients`)) as unknown[];
  if (clients.length === 0) {
    await page.getByRole('button', { name: 'Add a client' }).first().click();
    await page.getByRole('button', { name: 'Add Yardstik sandbox account' }).click();
    await expect(page.getByText('Yardstik sandbox account added.')).toBeVisible();
  }
  await a11y('background-check setup');
  await snapOf(page, 'background-check-setup');

  const products = (await calls.get(`/api/app/organization/${orgId}/background-check-products/account`)) as {
    id: string;
    name: string;
  }[];
  const pkg = products.find((p) => p.name === 'Volunteer Standard')!;
  const checkName = `Volunteer background check ${stamp}`;
  await addRequirement(
    page,
    calls,
    {
      kind: 'background-check',
      base: { name: checkName, validityMode: 'Duration', validityDays: 730 },
      content: { vendor: 'Yardstik', packageId: pkg.id, packageName: pkg.name, payer: 'organization' },
    },
    { teamId: team.id, role: 'Coach' },
  );

  const phone = { baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const people: Invitee[] = [
    { email: `robin-${stamp}@example.org`, firstName: 'Robin', lastName: 'Clear', role: 'Coach', teamName },
    {
      email: `jamie-${stamp}@example.org`,
      firstName: 'Jamie',
      lastName: 'Consider',
      role: 'Coach',
      teamName,
    },
  ];
  const pages: Page[] = [];
  for (const who of people) {
    await inviteThroughTheDialog(page, team.id, who);
    const coach = await (await browser.newContext(phone)).newPage();
    await signUpThroughTheInvitation(coach, page.request, {
      ...who,
      password: 'a-long-enough-password',
      teamId: team.id,
    });
    pages.push(coach);
  }
  const [clearPage, flaggedPage] = pages as [Page, Page];
  const sandbox = await consentOrderAndApply(clearPage, people[0]!, checkName, true);
  await consentOrderAndApply(flaggedPage, people[1]!, checkName, false);

  // The sandbox's research takes a sandbox day: move its clock; its signed webhooks tell the server.
  const advanced = await page.request.post(`${sandbox}/__sandbox/clock/advance`, { data: { days: 2 } });
  expect(advanced.ok()).toBe(true);
  await clearPage.goto('/requirements');
  await expect(async () => {
    await clearPage.reload();
    await expect(clearPage.getByRole('listitem').filter({ hasText: checkName })).toContainText('Completed', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await clearPage.getByRole('link', { name: checkName, exact: true }).click();
  await expectNoSideScroll(clearPage, 390);
  await snapOf(clearPage, 'background-check-cleared-phone');

  // The flagged coach's result is in review with the vendor's summary; the administrator approves it.
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await page.getByLabel('Per page').selectOption('100');
  await expect(async () => {
    await page.reload();
    await page.getByLabel('Per page').selectOption('100');
    await page.getByRole('button', { name: 'Jamie Consider', exact: true }).last().click({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Background check result' })).toContainText(
    'may disqualify the member',
  );
  await expect(page.getByRole('link', { name: 'Open the vendor’s report' })).toBeVisible();
  await a11y('flagged background check in review');
  await snapOf(page, 'background-check-review');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 390);
  await snapOf(page, 'background-check-review-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // FCRA adverse action: the reviewer sends the pre-adverse notice (after a confirmation naming the member).
  const result = page.getByRole('region', { name: 'Background check result' });
  await result.getByLabel('Reason the member will be told').fill('The report lists a conviction to discuss.');
  await result.getByRole('button', { name: 'Start adverse action…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send Jamie Consider the pre-adverse notice?' });
  await snapOf(page, 'background-check-adverse-confirm');
  await confirm.getByRole('button', { name: 'Send the pre-adverse notice' }).click();
  await expect(confirm).toBeHidden();
  await expect(result.getByRole('list', { name: 'Adverse-action steps' })).toBeVisible();

  // The coach, on a phone, sees the notice and disputes the report.
  await flaggedPage.goto('/requirements');
  await flaggedPage.getByRole('link', { name: checkName, exact: true }).click();
  const response = flaggedPage.getByRole('region', { name: 'Your response to the notice' });
  await response
    .getByLabel('Respond to the notice (dispute the report or explain it)')
    .fill('That record is not mine: it belongs to someone with my name in another state.');
  await response.getByRole('button', { name: 'Send my response' }).click();
  await expect(response.getByText(/That record is not mine/)).toBeVisible();
  await expectNoSideScroll(flaggedPage, 390);
  await snapOf(flaggedPage, 'background-check-dispute-phone');

  // The reviewer reads the dispute, answers it, and, persuaded, approves the check.
  await page.reload();
  await page.getByLabel('Per page').selectOption('100');
  await page.getByRole('button', { name: 'Jamie Consider', exact: true }).last().click();
  const thread = page.getByRole('list', { name: 'Dispute thread' });
  await expect(thread).toContainText('That record is not mine');
  await result
    .getByLabel('Reply to the member')
    .fill('Thank you: the agency confirms the record is not yours.');
  await result.getByRole('button', { name: 'Send the reply' }).click();
  await expect(thread).toContainText('the agency confirms the record is not yours');
  await a11y('background check adverse action with a dispute');
  await snapOf(page, 'background-check-dispute-review');
  await page
    .getByRole('button', { name: /^Approve/ })
    .first()
    .click();
  await expect(page.getByText(`Approved: Jamie Consider, ${checkName}.`)).toBeVisible();
  await flaggedPage.goto('/requirements');
  await expect(flaggedPage.getByRole('listitem').filter({ hasText: checkName })).toContainText('Completed');
  await snapOf(flaggedPage, 'background-check-approved-phone');
  for (const p of pages) await p.context().close();
});

test('a coach uploads the report of the organization’s own vendor (Generic); a reviewer approves it', async ({
  page,
  browser,
  baseURL,
  a11y,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  const calls = await adminApi(page);
  const stamp = Date.now();
  const teamName = `Own vendor ${stamp}`;
  const team = { id: await newTeam(page, calls, teamName) };
  const checkName = `Own vendor background check ${stamp}`;
  await addRequirement(
    page,
    calls,
    {
      kind: 'background-check',
      base: { name: checkName, validityMode: 'Duration', validityDays: 730 },
      content: { vendor: 'Generic', payer: 'organization' },
    },
    { teamId: team.id, role: 'Coach' },
  );
  const who: Invitee = {
    email: `casey-${stamp}@example.org`,
    firstName: 'Casey',
    lastName: 'Ownvendor',
    role: 'Coach',
    teamName,
  };
  const coach = await invitedMemberOnPhone(page, browser, baseURL, { ...who, teamId: team.id });

  // The coach, on a phone: the page says the organization's own provider runs it, and takes the report.
  await coach.goto('/requirements');
  await coach.getByRole('link', { name: checkName, exact: true }).click();
  await expect(
    coach.getByText(
      'Your organization runs this check with its own provider. Upload the report you received.',
    ),
  ).toBeVisible();
  await coach.getByLabel('Choose the report (PDF or photo)').setInputFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
        '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  });
  await coach.getByRole('button', { name: 'Upload the report' }).click();
  await expect(
    coach.getByText('Report uploaded. A reviewer at your organization will look at it.'),
  ).toBeVisible();
  await expectNoSideScroll(coach, 390);
  await snapOf(coach, 'background-check-generic-uploaded-phone');

  // The reviewer finds it in the queue as an uploaded report and approves it.
  await page.goto('/reviews');
  await page.getByLabel('Per page').selectOption('100');
  await expect(async () => {
    await page.reload();
    await page.getByLabel('Per page').selectOption('100');
    await page.getByRole('button', { name: 'Casey Ownvendor', exact: true }).last().click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await a11y('generic background check report in review');
  await snapOf(page, 'background-check-generic-review');
  await page
    .getByRole('button', { name: /^Approve/ })
    .first()
    .click();
  await expect(page.getByText(`Approved: Casey Ownvendor, ${checkName}.`)).toBeVisible();
  await coach.goto('/requirements');
  await expect(coach.getByRole('listitem').filter({ hasText: checkName })).toContainText('Completed');
  await coach.context().close();
});
