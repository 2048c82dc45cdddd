import type { Page } from '@playwright/test';
import { test, expect, expectNoSideScroll, snap as snapOf } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import {
  inviteThroughTheDialog,
  signUpThroughTheInvitation,
  teamLevelId,
  type Invitee,
} from '../support/invitations.ts';

// A new coach's requirements, as a plain member: the demo administrator invites them as a Coach (the demo role that
// holds all five of the library's built types); they sign up through the e-mailed invitation, and then, in the
// browser only, upload a document, fill the form with an attachment, sign the waiver and download its PDF, watch
// the video (a seek ahead does not count), complete the training with a certificate, and see each status change.
// The administrator then sees where the coach stands.

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
});
const names = {
  document: 'Concussion awareness sheet',
  form: 'Medical & emergency contact form',
  waiver: 'Participation waiver',
  video: 'Coach & volunteer safety video',
  training: 'Safe Sport training',
};

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

/** Opens a requirement from the list and checks its status there first. */
async function open(page: Page, name: string) {
  await page.getByRole('link', { name: 'My requirements' }).first().click();
  await expect(card(page, name)).toContainText('Incomplete');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The status shown on the open requirement, announced when it changes. */
const statusChangedTo = (page: Page, label: string) =>
  expect(page.getByRole('status').filter({ hasText: `Status changed to ${label}` })).toBeAttached();

test('an invited coach signs up and completes a document, a form, a waiver, a video and a training', async ({
  page,
  browser,
  baseURL,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsDemoAdmin(admin);
  const teamId = await teamLevelId(admin, 'Competitive/U12 Academy');
  const coach: Invitee = {
    email: `robin-${Date.now()}@example.org`,
    firstName: 'Robin',
    lastName: 'Okonkwo',
    role: 'Coach',
    teamName: 'U12 Academy',
  };
  await inviteThroughTheDialog(admin, teamId, coach);
  const row = admin.getByRole('row').filter({ hasText: coach.email });
  await expect(row).toContainText('Invite Pending');

  // The outside sites (the sheet's link, the training) are answered locally: the suite never leaves the machine.
  for (const site of ['https://www.cdc.gov/**', 'https://safesporttrained.org/**'])
    await page
      .context()
      .route(site, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Outside</title>' }));
  await signUpThroughTheInvitation(page, admin.request, {
    ...coach,
    password: 'a-long-enough-password',
    teamId,
  });

  await page.getByRole('link', { name: 'My requirements', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My requirements' })).toBeVisible();
  const todo = page.getByRole('region', { name: /To do/ });
  for (const name of Object.values(names)) await expect(todo.getByRole('link', { name })).toBeVisible();
  await expect(card(page, names.waiver)).toContainText('Sign the waiver');
  await a11y('my requirements');
  await snap('requirements-list');

  // Document: open the link (a new tab), then upload two files.
  await open(page, names.document);
  const [linkTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /Open the link/ }).click(),
  ]);
  await expect.poll(() => linkTab.url()).toContain('cdc.gov');
  await linkTab.close();
  await page.getByLabel('Choose your files').setInputFiles([pdf('sheet-front.pdf'), pdf('sheet-back.pdf')]);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('2 files are uploaded.')).toBeVisible();
  // An uploaded document waits for a reviewer.
  await statusChangedTo(page, 'Pending Review');
  await expect(page.getByText('Next: Awaiting review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download sheet-front.pdf' })).toBeVisible();
  await snap('requirements-document');

  // Form: required fields, a conditional field, an attachment (the demo form's insurance card).
  await open(page, names.form);
  const form = page.getByRole('form', { name: 'Fill in the form' });
  await form.getByRole('button', { name: 'Send the form' }).click();
  await expect(form.getByLabel(/Emergency contact name/)).toBeFocused();
  await form.getByLabel(/Emergency contact name/).fill('Jordan Okonkwo');
  await form.getByLabel(/Emergency contact phone/).fill('555-0100');
  await expect(form.getByLabel(/Describe them/)).toHaveCount(0);
  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel(/Describe them/).fill('Peanuts; carries an EpiPen');
  await form.getByLabel('Shirt size').selectOption('AM');
  await form.getByLabel(/Health insurance card/).setInputFiles(pdf('insurance-card.pdf'));
  await expect(form.getByRole('button', { name: 'Remove insurance-card.pdf' })).toBeVisible();
  await a11y('form requirement');
  await snap('requirements-form');
  await form.getByRole('button', { name: 'Send the form' }).click();
  await statusChangedTo(page, 'Completed');
  await snap('requirements-form-sent');

  // Waiver: the signature must match the name; then view and download the signed PDF.
  await open(page, names.waiver);
  await page.getByLabel(/Type your full name to sign/).fill('Somebody Else');
  await page.getByLabel('I have read and agree to this waiver').check();
  await page.getByRole('button', { name: 'Sign the waiver' }).click();
  await expect(page.getByText('Type your name exactly as Robin Okonkwo')).toBeVisible();
  await page.getByLabel(/Type your full name to sign/).fill('Robin Okonkwo');
  await page.getByRole('button', { name: 'Sign the waiver' }).click();
  await statusChangedTo(page, 'Completed');
  await page.getByRole('button', { name: 'View the signed waiver' }).click();
  await expect(page.getByText('Signed as')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the signed PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = await download.createReadStream();
  const head = await new Promise<string>((resolve) =>
    saved.once('data', (b) => resolve(String(b).slice(0, 5))),
  );
  expect(head).toBe('%PDF-');
  await snap('requirements-waiver');

  // Video: the file link answers byte ranges itself, so the player seeks. A seek to the end plays almost nothing,
  // so it does not complete; playing it through does.
  const ranged = page.waitForResponse((r) => r.url().includes('/api/files/') && r.status() === 206);
  await open(page, names.video);
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  // The report of the played end arrives; the server counts only what was played in order from the start.
  const reported = page.waitForResponse(
    (r) => r.url().includes('/complete-video') && r.request().postData()?.includes('[[') === true,
  );
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = v.duration - 0.5;
    await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
    await v.play();
  });
  expect((await ranged).headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
  const report = (await (await reported).json()) as { watchedPercent: number; intervals: number[][] };
  expect(report.intervals[0]?.[0]).toBeGreaterThan(5);
  expect(report.watchedPercent).toBeLessThan(50);
  await expect(page.getByText(/^\d+% of the 90% required$/)).toHaveText(
    `${Math.round(report.watchedPercent)}% of the 90% required`,
  );
  await expect(page.getByText('Next: Watch the video')).toBeVisible();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.currentTime = 0;
    await v.play();
  });
  await statusChangedTo(page, 'Completed');
  await expect(page.getByText(/^(9\d|100)% of the 90% required$/)).toBeVisible({ timeout: 15_000 });
  await snap('requirements-video');

  // Training: take it in a new tab, then upload the certificate.
  await open(page, names.training);
  const [trainingTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /Open the training/ }).click(),
  ]);
  await expect.poll(() => trainingTab.url()).toContain('safesporttrained.org');
  await trainingTab.close();
  await page.getByLabel('Choose your certificate').setInputFiles(pdf('certificate.pdf'));
  await page.getByRole('button', { name: 'Upload the certificate' }).click();
  await statusChangedTo(page, 'Completed');

  // Every change shows in the list; and the list works on a phone.
  await page.getByRole('link', { name: 'My requirements' }).first().click();
  const done = page.getByRole('region', { name: /Done/ });
  for (const name of [names.form, names.waiver, names.video, names.training])
    await expect(done.getByRole('link', { name })).toBeVisible();
  await expect(card(page, names.document)).toContainText('Pending Review');
  await expect(page.getByRole('region', { name: /Waiting on others/ })).toContainText(names.document);
  await snap('requirements-list-done');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(done.getByRole('link', { name: names.form })).toBeVisible();
  await expectNoSideScroll(page, 390);
  await snap('requirements-phone');
  await page.getByRole('link', { name: names.waiver }).click();
  await expect(page.getByRole('button', { name: 'Download the signed PDF' })).toBeVisible();
  await expectNoSideScroll(page, 390);
  await a11y('requirement on a phone');
  await snap('requirements-phone-waiver');

  // The administrator sees the coach accepted, with everything handed in and the sheet awaiting review.
  await admin.reload();
  await expect(row).toContainText(/Accepted/);
  await expect(row).toContainText('Not Confirmed');
  await admin.context().close();
});

test('the demo league’s members stand where their seeded history left them', async ({
  page,
  browser,
  baseURL,
  a11y,
  snap,
}) => {
  // The administrator's view of one team: every overall status of the demo is there.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsDemoAdmin(admin);
  const teamId = await teamLevelId(admin, 'Recreational/U10 Boys');
  await admin.goto(`/levels/${teamId}/members`);
  await expect(admin.getByRole('heading', { name: 'Members of U10 Boys' })).toBeVisible();
  const rows = admin.getByRole('row');
  for (const status of ['Cleared', 'Not Confirmed', 'Incomplete', 'Invite Pending'])
    await expect(rows.filter({ hasText: status }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Accepted' }).first()).toBeVisible();
  await snapOf(admin, 'demo-team-statuses');
  await admin.context().close();

  // A seeded coach signs in with the demo password: last season's training has expired, the rest is done.
  await page.goto('/signin');
  await page.getByLabel(/E-mail address/).fill('isla.nguyen12@demo.touchline.test');
  await page.getByLabel(/^Password/).fill('touchline-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'My requirements', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My requirements' })).toBeVisible();
  await expect(page.getByText('Overall: Incomplete')).toBeVisible();
  await expect(card(page, names.training)).toContainText('Expired');
  const done = page.getByRole('region', { name: /Done/ });
  for (const name of [names.document, names.form, names.waiver, names.video])
    await expect(done.getByRole('link', { name })).toBeVisible();
  await a11y('a seeded member');
  await snap('demo-member-expired');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: names.form }).click();
  await expect(page.getByRole('heading', { level: 1, name: names.form })).toBeVisible();
  await expect(page.getByText('insurance-card.pdf')).toBeVisible();
  await expectNoSideScroll(page, 390);
  await snap('demo-member-form-phone');
});
