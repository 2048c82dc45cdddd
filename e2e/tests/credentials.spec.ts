import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import {
  inviteThroughTheDialog,
  signUpThroughTheInvitation,
  teamLevelId,
  type Invitee,
} from '../support/invitations.ts';
import { addLiveScanLocation, addRequirement, adminApi, demoLeagueId } from '../support/requirement-setup.ts';

// Credentials (ADR 032), on a phone: the demo administrator adds a US Soccer license requirement (coach D or higher)
// and a LiveScan requirement for coaches, and a LiveScan location; an invited coach, Jordan Rivera (whom the US
// Soccer sandbox knows under 1000000000000001 with a D license), enters the id and sees the requirement completed
// by the lookup, then downloads the pre-filled LiveScan form and submits the ATI number and receipt for review.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a coach proves a US Soccer license by id and submits a LiveScan receipt, on a phone', async ({
  page,
  browser,
  baseURL,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  // The administrator prepares on a desktop; the coach is on a phone.
  const desktop = { baseURL, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };
  const admin = await (await browser.newContext(desktop)).newPage();
  await signInAsDemoAdmin(admin);
  // A team no other journey uses: the two requirements are assigned to its coaches only, so the other specs' coaches
  // and the demo's seeded statuses are untouched.
  const teamId = await teamLevelId(admin, 'Competitive/U14 Premier');
  const calls = await adminApi(admin);
  const orgId = await demoLeagueId(calls);
  const stamp = Date.now();
  for (const [kind, name, content] of [
    ['us-soccer', `US Soccer coaching license ${stamp}`, { requiredLicense: 'coach-d', discipline: 'coach' }],
    ['live-scan', `LiveScan fingerprints ${stamp}`, {}],
  ] as const)
    await addRequirement(admin, calls, { kind, base: { name }, content }, { teamId, role: 'Coach' });
  await addLiveScanLocation(calls, orgId);

  const coach: Invitee = {
    email: `jordan-${stamp}@example.org`,
    firstName: 'Jordan',
    lastName: 'Rivera',
    role: 'Coach',
    teamName: 'U14 Premier',
  };
  await inviteThroughTheDialog(admin, teamId, coach);
  await signUpThroughTheInvitation(page, admin.request, {
    ...coach,
    password: 'a-long-enough-password',
    teamId,
  });

  await page.goto('/requirements');
  await page.getByRole('link', { name: `US Soccer coaching license ${stamp}`, exact: true }).click();
  await expect(page.getByText('asks for a US Soccer D coaching license or higher')).toBeVisible();
  await page.getByLabel('Your US Soccer id').fill('12345');
  await page.getByRole('button', { name: 'Save and check my licenses' }).click();
  await expect(page.getByText('A US Soccer id is 16 digits')).toBeVisible();
  await page.getByLabel('Your US Soccer id').fill('1000000000000001');
  await page.getByRole('button', { name: 'Save and check my licenses' }).click();
  await expect(page.getByText('The license record matches your name.')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(/the US Soccer sandbox \(a stand-in for testing, not US Soccer\)/),
  ).toBeVisible();
  await expect(page.getByText('Coaching D')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Status changed to Completed' })).toBeAttached({
    timeout: 30_000,
  });
  await a11y('US Soccer requirement');
  await snap('credentials-us-soccer-phone');

  await page.goto('/requirements');
  await page.getByRole('link', { name: `LiveScan fingerprints ${stamp}`, exact: true }).click();
  await expect(page.getByText(/They never reach Touchline/)).toBeVisible();
  await expect(page.getByText('Agency Riverside Youth Soccer League · ORI A1234567')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download your pre-filled request form' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await page.getByLabel('ATI number').fill('A1B2C3D4E5');
  await page.getByLabel('Photo of the receipt').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Submitted. A reviewer of your organization will confirm it.')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Status changed to Pending Review' }),
  ).toBeAttached();
  await a11y('LiveScan requirement');
  await snap('credentials-live-scan-phone');
});
