import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, snap as snapOf } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import {
  inviteThroughTheDialog,
  mailTo,
  signUpThroughTheInvitation,
  teamLevelId,
} from '../support/invitations.ts';
import { membersWithPendingUploads } from '../support/review-setup.ts';

// The reviewer's side: a coach signs up and uploads the concussion sheet in the browser; other coaches (prepared
// through the API) have uploaded theirs. The demo administrator sends the coach's back with notes (the coach gets
// the reason by e-mail and resubmits), approves one with the A key, disqualifies a third, walks the queue with
// Next and Previous (N, P), bulk-approves fifty, and finds the decisions on the Historical tab. The badge follows.

const documentName = 'Concussion awareness sheet';
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
});
const letters = (i: number) =>
  `${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;

const badgeCount = async (page: Page) =>
  Number((await page.getByTestId('review-count-badge').innerText()).match(/\d+/)?.[0] ?? -1);
const panelHeading = (page: Page) => page.getByRole('heading', { level: 2 }).filter({ hasText: ': ' });

async function openItem(page: Page, memberName: string) {
  await page.getByRole('button', { name: memberName, exact: true }).click();
  await expect(panelHeading(page)).toHaveText(`${memberName}: ${documentName}`);
}

/**
 * Presses a move shortcut (N or P) on the page of `from` until the panel shows `to`. The document viewer can take the
 * keyboard focus as its PDF loads, and a key pressed then never reaches the page; a move is safe to ask again while
 * the panel still shows `from` (it moves from the item shown).
 */
async function pressShortcut(page: Page, key: 'n' | 'p', from: string, to: string) {
  await expect(async () => {
    if ((await panelHeading(page).textContent()) === `${from}: ${documentName}`) {
      await page.getByRole('button', { name: from, exact: true }).focus();
      await page.keyboard.press(key);
    }
    await expect(panelHeading(page)).toHaveText(`${to}: ${documentName}`, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

async function uploadDocument(coach: Page) {
  await coach.getByRole('link', { name: 'My requirements' }).first().click();
  await coach.getByRole('link', { name: documentName, exact: true }).click();
  await coach.getByLabel('Choose your files').setInputFiles([pdf('concussion-sheet.pdf')]);
  await coach.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(coach.getByText('Status changed to Pending Review')).toBeAttached();
}

test('a reviewer resets, approves, disqualifies, walks the queue and bulk-approves fifty', async ({
  page,
  browser,
  baseURL,
  a11y,
  snap,
}) => {
  test.setTimeout(420_000);
  await signInAsDemoAdmin(page);
  const teamId = await teamLevelId(page, 'Competitive/U12 Academy');

  // The coach signs up and uploads in a browser of their own.
  const coachPage = await (await browser.newContext({ baseURL })).newPage();
  const coach = {
    email: `casey-${Date.now()}@example.org`,
    firstName: 'Casey',
    lastName: 'Reviewed',
    role: 'Coach',
    teamName: 'U12 Academy',
  };
  await inviteThroughTheDialog(page, teamId, coach);
  await signUpThroughTheInvitation(coachPage, page.request, {
    ...coach,
    password: 'a-long-enough-password',
    teamId,
  });
  await uploadDocument(coachPage);

  const bulk = Array.from({ length: 50 }, (_, i) => `Bulk${letters(i)} Member`);
  const prepared = await membersWithPendingUploads(page, teamId, documentName, [
    'Sam Approve',
    'Dana Disqualify',
    ...bulk,
  ]);

  // The queue, with the badge in the navigation.
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Keyboard shortcuts' })).toContainText('Approve');
  const before = await badgeCount(page);
  expect(before).toBeGreaterThanOrEqual(53);
  await page.getByLabel('Per page').selectOption('100');
  await openItem(page, 'Casey Reviewed');
  await a11y('review queue');
  await snap('reviews-queue');

  // Reset: notes are required; the coach gets them by e-mail and resubmits.
  const reason = 'The scan cuts off the signature; please upload the whole page.';
  await page.getByRole('button', { name: 'Reset (R)' }).click();
  await expect(page.getByText('Write notes saying why before rejecting.')).toBeVisible();
  await page.getByLabel('Notes').fill(reason);
  await page.getByRole('button', { name: 'Reset (R)' }).click();
  await expect(page.getByText('Sent back: Casey Reviewed, Concussion awareness sheet.')).toBeVisible();
  await expect.poll(() => badgeCount(page)).toBe(before - 1);
  const mail = await mailTo(page.request, coach.email, /Reason: /);
  expect(mail.text).toContain(reason);
  await coachPage.goto('/requirements');
  await expect(coachPage.getByRole('listitem').filter({ hasText: documentName })).toContainText('Rejected');
  await uploadDocument(coachPage);
  await snapOf(coachPage, 'reviews-coach-resubmitted');

  // Approve with the A key (not while typing in the notes).
  await page.reload();
  await page.getByLabel('Per page').selectOption('100');
  await openItem(page, 'Sam Approve');
  await page.keyboard.press('a');
  await expect(page.getByText('Approved: Sam Approve, Concussion awareness sheet.')).toBeVisible();

  // Disqualify, confirmed, with notes kept from the member.
  await openItem(page, 'Dana Disqualify');
  await page.getByLabel('Notes').fill('The document appears altered.');
  // Typed into the notes (focused first: the document's PDF frame may take the focus when it finishes loading).
  await page.getByLabel('Notes').press('a');
  await expect(page.getByLabel('Notes')).toHaveValue('The document appears altered.a');
  await page.getByLabel('Notes').fill('The document appears altered.');
  // A disqualification is red and asks first, naming the member and what follows (ADR 025).
  await page.getByRole('button', { name: 'Disqualify…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disqualify Dana Disqualify?' });
  await expect(confirm).toContainText('overall status becomes Disqualified');
  await a11y('disqualification dialog');
  await snap('reviews-disqualify-dialog');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap('reviews-disqualify-dialog-phone');
  await page.setViewportSize({ width: 1366, height: 850 });
  await confirm.getByRole('button', { name: 'Disqualify Dana Disqualify' }).click();
  await expect(page.getByText('Disqualified: Dana Disqualify, Concussion awareness sheet.')).toBeVisible();

  // Dana, on a phone, is told whom to contact (the league's phone and website) and how to appeal (issue 18).
  const dana = await (await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })).newPage();
  await dana.goto('/signin');
  await dana
    .getByLabel(/E-mail address/)
    .fill(prepared.find((m) => m.name === 'Dana Disqualify')?.email ?? '');
  await dana.getByLabel(/^Password/).fill('a-long-enough-password');
  await dana.getByRole('button', { name: 'Sign in' }).click();
  const appeal = dana.getByRole('region', { name: 'How to appeal' });
  await expect(appeal).toBeVisible({ timeout: 20_000 });
  await expect(appeal.getByRole('link', { name: '+1 555 010 2030' })).toHaveAttribute(
    'href',
    'tel:+15550102030',
  );
  await expect(appeal).toContainText('an administrator of Riverside Youth Soccer League can reverse');
  await expectAccessible(dana, 'disqualified member, phone');
  await snapOf(dana, 'member-disqualified-phone');
  await dana.context().close();

  // Walk the queue with Next and Previous (keys N and P, and the buttons).
  await openItem(page, bulk[0] ?? '');
  await pressShortcut(page, 'n', bulk[0] ?? '', bulk[1] ?? '');
  await page.getByRole('button', { name: 'Next (N)' }).click();
  await expect(panelHeading(page)).toHaveText(`${bulk[2] ?? ''}: ${documentName}`);
  await pressShortcut(page, 'p', bulk[2] ?? '', bulk[1] ?? '');
  await page.getByRole('button', { name: 'Previous (P)' }).click();
  await expect(panelHeading(page)).toHaveText(`${bulk[0] ?? ''}: ${documentName}`);

  // Bulk-approve fifty.
  const afterSingles = await badgeCount(page);
  for (const name of bulk)
    await page.getByRole('checkbox', { name: `Select ${name}, ${documentName}` }).check();
  await page.getByRole('button', { name: 'Approve selected (50)' }).click();
  await expect(page.getByText(/Approved 50 requirements\./)).toBeVisible();
  await expect.poll(() => badgeCount(page)).toBe(afterSingles - 50);
  await expect(page.getByRole('button', { name: bulk[0] ?? '', exact: true })).toHaveCount(0);
  await snap('reviews-after-bulk');

  // Every decision is on the Historical tab, with reviewer, outcome and notes.
  await page.getByRole('button', { name: 'Historical' }).click();
  const history = page.getByRole('table');
  await expect(history.getByRole('row').filter({ hasText: 'Casey Reviewed' })).toContainText('Reset');
  await expect(history.getByRole('row').filter({ hasText: 'Casey Reviewed' })).toContainText(reason);
  await expect(history.getByRole('row').filter({ hasText: 'Dana Disqualify' })).toContainText('Disqualified');
  await expect(history.getByRole('row').filter({ hasText: 'Sam Approve' })).toContainText('Approved');
  await a11y('review history');
  await snap('reviews-historical');

  // An administrator reverses the disqualification: the requirement is back in the Pending queue.
  const beforeReversal = await badgeCount(page);
  await history.getByRole('row').filter({ hasText: 'Dana Disqualify' }).getByRole('button').first().click();
  await page.getByLabel('Reason').fill('Checked the original: it was not altered.');
  await snap('reviews-reverse-disqualification');
  await page.getByRole('button', { name: 'Reverse disqualification' }).click();
  // The panel stays on the requirement, now pending again: the decision buttons are back and the badge counts it.
  await expect.poll(() => badgeCount(page)).toBe(beforeReversal + 1);
  await expect(page.getByRole('status').filter({ hasText: 'Disqualification reversed' })).toContainText(
    'Dana Disqualify is back in the Pending queue. Decide it again here.',
  );
  await expect(panelHeading(page)).toHaveText(`Dana Disqualify: ${documentName}`);
  await expect(page.getByRole('button', { name: 'Approve (A)' })).toBeVisible();
});
