import type { Page } from '@playwright/test';
import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { mailTo } from '../support/invitations.ts';

// Issue 30: a guardian hands in the written return-to-play clearance for their child on a phone. The demo's
// removed-from-play player (Ethan Patel, U10 Boys) is the child of a volunteer of his team (Liam García, README).
// The hand-in is the clearance requirement's upload (ADR 040): it waits in the review queue, the incident reviewers
// are mailed, and approving it there lifts the condition. Screenshots under e2e/screenshots/incidents-guardian-*.

const phone = { width: 390, height: 844 };
const guardian = 'liam.garcia19@demo.touchline.test';
const child = 'Ethan Patel';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function signInAs(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel(/E-mail address/).fill(email);
  await page.getByLabel(/^Password/).fill('touchline-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible({ timeout: 20_000 });
}

async function openChildConditions(page: Page) {
  await page.goto('/incidents');
  const family = page.getByRole('region', { name: 'Conditions and return to play' });
  await family.getByRole('link', { name: child }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions and return to play' })).toBeVisible();
  await expect(page.getByText(child, { exact: true })).toBeVisible();
}

test('a guardian hands in the return-to-play clearance for their child; a reviewer approves it in the queue', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(phone);

  // The guardian finds their child's conditions from the incidents page.
  await signInAs(page, guardian);
  await openChildConditions(page);
  await expect(page.getByText('Not cleared: Removed from play — concussion protocol')).toBeVisible();
  const inForce = page.getByRole('listitem').filter({ hasText: 'In force' }).first();
  await expect(inForce.getByLabel(/Written return-to-play clearance/)).toBeVisible();
  await a11y('a child’s conditions, guardian, phone');
  await expectNoSideScroll(page, phone.width);
  await snap('incidents-guardian-conditions-phone');

  // Nothing to send until a file is chosen.
  await expect(inForce.getByRole('button', { name: 'Hand in the clearance' })).toBeDisabled();
  await inForce
    .getByLabel(/Written return-to-play clearance/)
    .setInputFiles({ name: 'ethan-clearance.pdf', mimeType: 'application/pdf', buffer: pdf });
  await inForce.getByRole('button', { name: 'Hand in the clearance' }).click();
  await expect(page.getByText('Clearance handed in, waiting for review')).toBeVisible();
  await expect(page.getByText(/ethan-clearance\.pdf/)).toBeVisible();
  // The form is empty again: nothing is sent twice by a second tap.
  await expect(page.getByRole('button', { name: 'Hand in a new clearance' })).toBeDisabled();
  await a11y('clearance handed in, guardian, phone');
  await expectNoSideScroll(page, phone.width);
  await snap('incidents-guardian-handed-in-phone');

  // The incident reviewers hear (the administrator has incident access), without what happened.
  const mail = await mailTo(
    page.request,
    'admin@demo.touchline.test',
    /clearance was handed in for Ethan Patel/,
  );
  expect(mail.text).not.toMatch(/Head-to-head/);

  // A reviewer finds it in the review queue like any upload and approves it.
  await signInAsDemoAdmin(page);
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await page.getByLabel('Per page').selectOption('100');
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Return-to-play clearance' })
    .filter({ hasText: child });
  await row.getByRole('button', { name: child, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 2 }).filter({ hasText: `${child}: Return-to-play clearance` }),
  ).toBeVisible();
  await page.getByLabel('Notes').fill('Signed clearance from the family physician; 7-day protocol done.');
  await page.getByRole('button', { name: 'Approve (A)' }).click();
  await expect(page.getByText(`Approved: ${child}, Return-to-play clearance.`)).toBeVisible();
  await expectNoSideScroll(page, phone.width);
  await snap('incidents-guardian-queue-approved-phone');

  // The guardian sees the condition lifted, with the reviewer's note.
  await signInAs(page, guardian);
  await openChildConditions(page);
  await expect(page.getByText('No condition restricts play.')).toBeVisible();
  await expect(
    page.getByText(/Lifted .* “Signed clearance from the family physician; 7-day protocol done.”/),
  ).toBeVisible();
  await a11y('condition lifted, guardian, phone');
  await expectNoSideScroll(page, phone.width);
  await snap('incidents-guardian-lifted-phone');
});
