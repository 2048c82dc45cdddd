import type { APIRequestContext, Page, Route } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { webClientId, webClientScope } from '@touchline/contracts/accounts';
import { demoAdmin, signInAsDemoAdmin } from '../support/demo-session.ts';

// A member's requirements journey on the demo league's library (one requirement of each of the five types). The
// demo administrator holds no requirements of her own, so the setup assigns the five to her role at the top
// level and adds an attachment field to the form; then, in the browser only, she uploads a document, fills the
// form with an attachment, signs the waiver and downloads its PDF, watches the video (a seek ahead does not
// count), completes the training with a certificate, and sees each status change.

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

type Json = Record<string, unknown>;

/**
 * Assigns the demo library to the administrator's own role and gives the form a file field, through the API.
 * Returns the undoing: the library's assignments and form fields as they were, for the journeys that follow.
 */
async function holdTheDemoLibrary(request: APIRequestContext): Promise<() => Promise<void>> {
  const { token } = (await (await request.get('/api/session')).json()) as { token: string };
  let headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post', path: string, data?: Json) => {
    const response = await request[method](path, { headers, ...(data ? { data } : {}) });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as Json;
  };
  const [role] = (await call('get', '/api/app/profile/level-roles')) as unknown as {
    hierarchyLevelId: string;
    labelId: string;
  }[];
  const sub = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
  const profile = await call('get', `/api/app/profile?AppUserId=${sub.sub}`);
  const library = await call('get', `/api/app/content?organizationId=${String(profile.organizationId)}`);
  const undo: [string, Json][] = [];
  for (const item of library.items as { id: string; type: number }[]) {
    const { items } = (await call('get', `/api/app/content/${item.id}/content-assignments`)) as {
      items: { hierarchyLevelId: string; labelId: string }[];
    };
    const before = items.map(({ hierarchyLevelId, labelId }) => ({ hierarchyLevelId, labelId }));
    undo.push([`/api/app/content/${item.id}/assign-content`, { contentAssignments: before }]);
    const contentAssignments = [
      ...before,
      { hierarchyLevelId: role?.hierarchyLevelId, labelId: role?.labelId },
    ];
    await call('post', `/api/app/content/${item.id}/assign-content`, { contentAssignments });
    if (item.type === 1) {
      const form = await call('get', `/api/app/content/content-form/${item.id}`);
      const fields = (form.content as { fields: Json[] }).fields;
      undo.push([`/api/app/content/content-form/${item.id}`, { content: { fields } }]);
      const card = { id: 'insuranceCard', label: 'Insurance card', kind: 'file', required: true };
      await call('post', `/api/app/content/content-form/${item.id}`, {
        content: { fields: [...fields, card] },
      });
    }
  }
  return async () => {
    // Access tokens live 45 s in this suite: the undoing signs in afresh.
    const form = { grant_type: 'password', client_id: webClientId, scope: webClientScope };
    const fresh = await request.post('/connect/token', {
      form: { ...form, username: demoAdmin.email, password: demoAdmin.password },
    });
    headers = { authorization: `Bearer ${((await fresh.json()) as { access_token: string }).access_token}` };
    for (const [path, data] of undo) await call('post', path, data);
  };
}

/**
 * Answers byte-range requests for stored files. A browser can seek a video only when its server answers Range
 * requests (206), which the file links do not do yet; until they do, the journey serves the same bytes this way.
 */
async function serveByteRanges(route: Route) {
  const upstream = await route.fetch();
  const body = await upstream.body();
  const headers = { ...upstream.headers(), 'accept-ranges': 'bytes' };
  const range = /bytes=(\d*)-(\d*)/.exec(route.request().headers()['range'] ?? '');
  if (!range || upstream.status() !== 200) return route.fulfill({ status: upstream.status(), headers, body });
  const start = Number(range[1] || 0);
  const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
  await route.fulfill({
    status: 206,
    headers: { ...headers, 'content-range': `bytes ${start}-${end}/${body.length}` },
    body: body.subarray(start, end + 1),
  });
}

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

test('a member completes a document, a form, a waiver, a video and a training', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(120_000);
  // The outside sites (the sheet's link, the training) are answered locally: the suite never leaves the machine.
  for (const site of ['https://www.cdc.gov/**', 'https://safesporttrained.org/**'])
    await page
      .context()
      .route(site, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Outside</title>' }));
  await signInAsDemoAdmin(page);
  const restoreTheLibrary = await holdTheDemoLibrary(page.request);
  await page.goto('/');
  await page.getByRole('link', { name: 'My requirements' }).click();
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

  // Form: required fields, a conditional field, an attachment.
  await open(page, names.form);
  const form = page.getByRole('form', { name: 'Fill in the form' });
  await form.getByRole('button', { name: 'Send the form' }).click();
  await expect(form.getByLabel(/Emergency contact name/)).toBeFocused();
  await expect(form.getByText('Fill in this field').first()).toBeVisible();
  await form.getByLabel(/Emergency contact name/).fill('Jordan Director');
  await form.getByLabel(/Emergency contact phone/).fill('555-0100');
  await expect(form.getByLabel(/Describe them/)).toHaveCount(0);
  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel(/Describe them/).fill('Peanuts; carries an EpiPen');
  await form.getByLabel('Shirt size').selectOption('AM');
  await form.getByLabel(/Insurance card/).setInputFiles(pdf('insurance-card.pdf'));
  await expect(form.getByRole('button', { name: 'Remove insurance-card.pdf' })).toBeVisible();
  await a11y('form requirement');
  await snap('requirements-form');
  await form.getByRole('button', { name: 'Send the form' }).click();
  await statusChangedTo(page, 'Completed');

  // Waiver: the signature must match the name; then view and download the signed PDF.
  await open(page, names.waiver);
  await page.getByLabel(/Type your full name to sign/).fill('Somebody Else');
  await page.getByLabel('I have read and agree to this waiver').check();
  await page.getByRole('button', { name: 'Sign the waiver' }).click();
  await expect(page.getByText('Type your name exactly as Dana Director')).toBeVisible();
  await page.getByLabel(/Type your full name to sign/).fill('Dana Director');
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

  // Video: a seek to the end plays almost nothing, so it does not complete; playing it through does.
  await page.route('**/api/files/**', serveByteRanges);
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
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(done.getByRole('link', { name: names.form })).toBeVisible();
  await snap('requirements-phone');
  await page.getByRole('link', { name: names.waiver }).click();
  await expect(page.getByRole('button', { name: 'Download the signed PDF' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await a11y('requirement on a phone');
  await snap('requirements-phone-waiver');

  // The library ends as it began (its form gains a version), so later journeys meet the seeded league.
  await restoreTheLibrary();
});
