import { test, expect, expectNoSideScroll, snap as snapOf } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { invitedMemberOnPhone, type Invitee } from '../support/invitations.ts';
import {
  addLiveScanLocation,
  addRequirement,
  adminApi,
  demoLeagueId,
  newTeam,
} from '../support/requirement-setup.ts';

// LiveScan in review (ADR 032): the demo administrator adds a LiveScan requirement for the coaches of a level of this
// journey's own (a new level under the top one, so no other journey's members are touched); an invited coach, on a
// phone, submits the ATI number and a photo of the receipt; the administrator, as the custodian of records, finds the
// submission in the review queue with its ATI number, confirms it, and the coach's requirement is Completed.

const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('the custodian of records confirms a submitted ATI number in the review queue', async ({
  page,
  browser,
  baseURL,
  a11y,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  const calls = await adminApi(page);
  const orgId = await demoLeagueId(calls);
  const stamp = Date.now();
  const teamName = `LiveScan ${stamp}`;
  const team = { id: await newTeam(page, calls, teamName) };
  const requirementName = `LiveScan fingerprints ${stamp}`;
  await addRequirement(
    page,
    calls,
    { kind: 'live-scan', base: { name: requirementName }, content: {} },
    { teamId: team.id, role: 'Coach' },
  );

  // The member page needs a request form of the organization's: one location, unless another journey added one.
  const locations = (await calls.get(`/api/app/organization/${orgId}/live-scan-urls`)) as unknown;
  const listed = Array.isArray(locations) ? locations : ((locations as { items?: unknown[] }).items ?? []);
  if (listed.length === 0) await addLiveScanLocation(calls, orgId);

  // The coach, on a phone: the ATI number and the receipt, for review.
  const coach: Invitee = {
    email: `casey-scan-${stamp}@example.org`,
    firstName: 'Casey',
    lastName: `Scan${stamp.toString(36)}`,
    role: 'Coach',
    teamName,
  };
  const phone = await invitedMemberOnPhone(page, browser, baseURL, { ...coach, teamId: team.id });
  await phone.goto('/requirements');
  await phone.getByRole('link', { name: requirementName, exact: true }).click();
  await expect(phone.getByText(/They never reach Touchline/)).toBeVisible();
  await phone.getByLabel('ATI number').fill('a1b2-c3d4');
  await phone.getByLabel('Photo of the receipt').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: receiptPng,
  });
  await phone.getByRole('button', { name: 'Submit for review' }).click();
  await expect(phone.getByText('Submitted. A reviewer of your organization will confirm it.')).toBeVisible();

  // The custodian of records: the item in the queue, its ATI number beside the receipt, confirmed.
  const memberName = `${coach.firstName} ${coach.lastName}`;
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await page.getByLabel('Per page').selectOption('100');
    await page.getByRole('button', { name: memberName, exact: true }).last().click({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(
    page.getByRole('heading', { level: 2, name: `${memberName}: ${requirementName}` }),
  ).toBeVisible();
  const submission = page.getByRole('region', { name: 'LiveScan submission' });
  await expect(submission).toContainText('ATI number: A1B2-C3D4');
  await expect(submission).toContainText('never to Touchline');
  await a11y('LiveScan submission in review');
  await snapOf(page, 'live-scan-review-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 390);
  await snapOf(page, 'live-scan-review-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('group', { name: 'Decide' }).getByRole('button', { name: 'Approve (A)' }).click();
  await expect(page.getByText(`Approved: ${memberName}, ${requirementName}.`)).toBeVisible();

  await phone.goto('/requirements');
  await expect(phone.getByRole('listitem').filter({ hasText: requirementName })).toContainText('Completed');
  await snapOf(phone, 'live-scan-confirmed-phone');
  await phone.context().close();
});
