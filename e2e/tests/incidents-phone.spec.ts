import type { Page } from '@playwright/test';
import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// Issue 30: incidents are reported on a touchline, on a phone. A coach reports a suspected concussion (the player is
// removed from play at once), a director triages it, the member hands in the written return-to-play clearance, a
// reviewer lifts the condition and the director closes the incident. Screenshots under e2e/screenshots/incidents-*.

const phone = { width: 390, height: 844 };
const coach = 'ava.nguyen0@demo.touchline.test';
const player = { email: 'ethan.kim5@demo.touchline.test', name: 'Ethan Kim' };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** The incident page's title row: its heading and status badge. */
const status = (page: Page) => page.getByRole('heading', { level: 1 }).locator('..');

async function signInAs(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel(/E-mail address/).fill(email);
  await page.getByLabel(/^Password/).fill('touchline-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible({ timeout: 20_000 });
}

test('a coach reports a concussion on a phone; triage, clearance and return to play follow', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(phone);

  // The coach, on the touchline.
  await signInAs(page, coach);
  await page.goto('/incidents');
  await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
  await page.getByRole('link', { name: 'Report an incident' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report an incident' })).toBeVisible();
  await page.getByLabel('Type of incident').selectOption({ label: 'Concussion or suspected head injury' });
  await expect(page.getByText(/removed from play as soon as you send this report/)).toBeVisible();
  await page.getByLabel('Person 1: member').selectOption({ label: `${player.name} (U8 Girls)` });
  // Sent without saying what happened: the field says why.
  await page.getByRole('button', { name: 'Send the report' }).click();
  await expect(page.getByText('Describe what happened')).toBeVisible();
  await a11y('report an incident, phone, with a field error');
  await expectNoSideScroll(page, phone.width);
  await snap('incidents-report-phone');
  await page
    .getByLabel(/^What happened/)
    .fill('Head-to-head contact on a corner; dazed, slow to get up, headache.');
  await page.getByLabel(/^What was done/).fill('Removed from play; parent called.');
  await page.getByRole('button', { name: 'Send the report' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Concussion or suspected head injury' }),
  ).toBeVisible();
  await expect(status(page)).toContainText('Reported');
  await expect(page.getByText(/reviewers follow this report up/)).toBeVisible();
  const incidentUrl = page.url();
  await snap('incidents-reported-phone');

  // The director (the demo administrator) triages it.
  await signInAsDemoAdmin(page);
  await page.goto('/incidents');
  await expect(page.getByRole('heading', { name: 'Incidents to triage' })).toBeVisible();
  await snap('incidents-triage-list-phone');
  await page.goto(incidentUrl);
  const triage = page.getByRole('region', { name: 'Triage' });
  await triage.getByLabel('Move to').selectOption({ label: 'Under review' });
  await triage.getByLabel('Assign to me').check();
  await triage.getByLabel(/^Add a note/).fill('Asked the family for the written clearance.');
  await triage.getByRole('button', { name: 'Save' }).click();
  await expect(status(page)).toContainText('Under review');
  await expect(page.getByText('“Asked the family for the written clearance.”')).toBeVisible();
  await a11y('incident triage, phone');
  await expectNoSideScroll(page, phone.width);
  await snap('incidents-triage-phone');

  // The member sees why they are not cleared and hands in the clearance.
  await signInAs(page, player.email);
  // Their home says they are not cleared, and why.
  await expect(page.getByText(/Not cleared: Removed from play — concussion protocol/).first()).toBeVisible();
  await snap('incidents-member-home-phone');
  await page.getByRole('link', { name: 'See what lifts it' }).click();
  await expect(page.getByText('Not cleared: Removed from play — concussion protocol')).toBeVisible();
  // (A retry of this journey finds the earlier attempt's condition too: the one in force is this run's.)
  const inForce = page.getByRole('listitem').filter({ hasText: 'In force' }).first();
  await inForce
    .getByLabel(/Written return-to-play clearance/)
    .setInputFiles({ name: 'clearance.pdf', mimeType: 'application/pdf', buffer: pdf });
  await inForce.getByRole('button', { name: 'Hand in the clearance' }).click();
  await expect(page.getByText('Clearance handed in, waiting for review')).toBeVisible();
  await a11y('member conditions, phone');
  await snap('incidents-clearance-phone');

  // A reviewer lifts the condition on the clearance; the director closes the incident.
  await signInAsDemoAdmin(page);
  await page.goto(incidentUrl);
  await page.getByRole('link', { name: player.name }).click();
  const waiting = page.getByRole('listitem').filter({ hasText: 'Clearance handed in' }).first();
  await waiting.getByRole('button', { name: 'Open the clearance' }).isVisible();
  await waiting.getByLabel(/^Why/).fill('Written clearance from the family physician reviewed.');
  await waiting.getByRole('button', { name: 'Lift the condition' }).click();
  // (A retry finds the earlier attempt's removal still standing.)
  if (test.info().retry === 0) await expect(page.getByText('No condition restricts play.')).toBeVisible();
  await expect(
    page.getByText(/Lifted .* “Written clearance from the family physician reviewed.”/).first(),
  ).toBeVisible();
  await snap('incidents-lifted-phone');
  await page.goto(incidentUrl);
  await page.getByRole('region', { name: 'Triage' }).getByLabel('Move to').selectOption({ label: 'Closed' });
  await page.getByRole('region', { name: 'Triage' }).getByRole('button', { name: 'Save' }).click();
  await expect(status(page)).toContainText('Closed');
  await snap('incidents-closed-phone');
});
