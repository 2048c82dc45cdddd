import { test, expect, expectNoSideScroll, snap } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import {
  inviteThroughTheDialog,
  signUpThroughTheInvitation,
  teamLevelId,
  type Invitee,
} from '../support/invitations.ts';
import { addRequirement, adminApi } from '../support/requirement-setup.ts';

// Abuse-prevention training (ADR 032): the demo administrator assigns an abuse-prevention training to the coaches of
// a team no other journey uses (U8 Boys); an invited coach takes the course at the TalentLMS sandbox in a new tab,
// sees it in progress back on the requirement page, finishes it, and sees the requirement completed with the
// certificate the provider issued, on a desktop and on a phone.

test('a coach takes the abuse-prevention course at the provider and gets the requirement completed', async ({
  page,
  browser,
  baseURL,
  a11y,
}) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsDemoAdmin(admin);
  const teamId = await teamLevelId(admin, 'Recreational/U8 Boys');
  const stamp = Date.now();
  const name = `Abuse prevention training ${stamp}`;
  await addRequirement(
    admin,
    await adminApi(admin),
    { kind: 'abuse-prevention-training', base: { name }, content: {} },
    { teamId, role: 'Coach' },
  );

  const coach: Invitee = {
    email: `casey-${stamp}@example.org`,
    firstName: 'Casey',
    lastName: `Trainee${stamp % 10_000}`,
    role: 'Coach',
    teamName: 'U8 Boys',
  };
  await inviteThroughTheDialog(admin, teamId, coach);
  await signUpThroughTheInvitation(page, admin.request, {
    ...coach,
    password: 'a-long-enough-password',
    teamId,
  });

  await page.goto('/requirements');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(
    page.getByText(/the TalentLMS sandbox \(a stand-in course for testing, not TalentLMS\)/).first(),
  ).toBeVisible();
  await a11y('abuse-prevention training, not started');

  const [course] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Take training' }).click(),
  ]);
  await course.waitForLoadState();
  await expect(course.getByText('Sandbox.', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await expect(course.getByRole('heading', { name: 'Lesson 1: recognizing abuse' })).toBeVisible();
  await snap(course, 'training-sandbox-course');

  // Back on the requirement page: the provider's "started" webhook (or the page's poll) shows it in progress.
  await page.bringToFront();
  await expect(page.getByText(/In progress at the TalentLMS sandbox/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Continue the course' })).toBeVisible();
  await snap(page, 'training-in-progress-desktop');

  await course.getByLabel('I have read both lessons and will follow these rules.').check();
  await course.getByRole('button', { name: 'Finish course' }).click();
  await expect(course.getByRole('heading', { name: 'Course completed' })).toBeVisible();
  await expect(course.getByRole('link', { name: 'Return to Touchline' })).toBeVisible();
  await course.close();

  await expect(page.getByText(/^Completed on .*, valid until /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Your certificate' })).toBeVisible();
  const download = page.getByRole('button', { name: /^Download abuse-prevention-certificate-.*\.pdf$/ });
  await expect(download).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Status changed to Completed' })).toBeAttached({
    timeout: 30_000,
  });
  const [pdf] = await Promise.all([page.context().waitForEvent('page'), download.click()]);
  await pdf.waitForURL((url) => url.protocol.startsWith('http'));
  const file = await page.request.get(pdf.url());
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await pdf.close();
  await a11y('abuse-prevention training, completed');
  await snap(page, 'training-completed-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your certificate' })).toBeVisible();
  await expectNoSideScroll(page, 390);
  await snap(page, 'training-completed-phone');
});
