import type { APIRequestContext } from '@playwright/test';
import { webClientId, webClientScope } from '@touchline/contracts/accounts';
import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { demoAdmin, demoPlatformAdmin, signInAsDemoAdmin } from '../support/demo-session.ts';

// Issue 32: the organization's own screen of the platform's support access. Touchline's support opens a session as
// the league's administrator (over the API, as the /admin area would); the league's administrator then sees it —
// who, why, how long, read-only — and what was done under it, ends it after confirming, and decides on incidents.

const desktop = { width: 1366, height: 850 };
const phone = { width: 390, height: 844 };
const reason = 'E2E ticket 3202: a coach cannot see the roster';
const header = 'x-touchline-support-session';

/** The platform administrator's bearer token, through the same token call the web makes. */
async function platformToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/connect/token', {
    form: {
      grant_type: 'password',
      client_id: webClientId,
      scope: webClientScope,
      username: demoPlatformAdmin.email,
      password: demoPlatformAdmin.password,
    },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Starts a read-only session as the demo league's administrator and makes two requests under it. */
async function supportOpensTheLeague(request: APIRequestContext) {
  const token = await platformToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const orgs = (await (
    await request.get('/api/app/admin/organizations?search=riverside', { headers: auth })
  ).json()) as { items: { id: string }[] };
  const orgId = orgs.items[0]?.id ?? '';
  const people = (await (
    await request.get(`/api/app/admin/organizations/${orgId}/people?search=${demoAdmin.email}`, {
      headers: auth,
    })
  ).json()) as { items: { profileId: string; userId: string }[] };
  const viewed = people.items[0];
  const started = await request.post('/api/app/admin/support-sessions', {
    headers: auth,
    data: { profileId: viewed?.profileId, reason, minutes: 20 },
  });
  expect(started.status()).toBe(201);
  const session = (await started.json()) as { id: string };
  const under = { ...auth, [header]: session.id };
  expect(
    (await request.get(`/api/app/profile?AppUserId=${viewed?.userId}`, { headers: under })).status(),
  ).toBe(200);
  // Incidents are off by default: refused, and the refusal is in the trail too.
  expect((await request.get('/api/app/incident/settings', { headers: under })).status()).toBe(403);
  return { under, userId: viewed?.userId ?? '' };
}

test('the league sees support access, what was done under it, ends it, and decides on incidents', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(120_000);
  const { under, userId } = await supportOpensTheLeague(page.request);
  await page.setViewportSize(desktop);
  await signInAsDemoAdmin(page);
  await page.goto('/organization/settings');
  await page.getByRole('link', { name: /^Support access/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support access' })).toBeVisible();

  const card = page.getByRole('listitem', { name: /viewed as/ }).filter({ hasText: reason });
  await expect(card).toContainText('Active now');
  await expect(card).toContainText('Read-only');
  await card.getByRole('button', { name: 'What they did' }).click();
  await expect(card.getByText('Viewed /api/app/profile')).toBeVisible();
  await expect(card.getByText('Viewed /api/app/incident/settings — refused (403)')).toBeVisible();
  await expect(card.getByText(`Started support access: “${reason}”`)).toBeVisible();
  await a11y('support access, organization, desktop');
  await snap('support-access-org-desktop');

  await card.getByRole('button', { name: 'End this session now' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'End this support session?' });
  await a11y('support access, end confirmation');
  await snap('support-access-org-end-confirm');
  await confirm.getByRole('button', { name: 'End session' }).click();
  await expect(card).toContainText('Ended by your organization');
  // From now on the platform's requests under it are refused.
  const after = await page.request.get(`/api/app/profile?AppUserId=${userId}`, { headers: under });
  expect(after.status()).toBe(403);

  await page.getByLabel(/For how many hours/).fill('2');
  await page.getByRole('button', { name: 'Let support read incidents…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(/Support may read \(never change\) your incidents until/)).toBeVisible();

  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Support access' })).toBeVisible();
  await page
    .getByRole('listitem', { name: /viewed as/ })
    .filter({ hasText: reason })
    .getByRole('button', { name: 'What they did' })
    .click();
  await expect(page.getByText('Ended by your organization').first()).toBeVisible();
  await expectNoSideScroll(page, phone.width);
  await a11y('support access, organization, phone');
  await snap('support-access-org-phone');
  await page.getByRole('button', { name: 'Turn off now' }).click();
  await expect(page.getByText(/Off: support never sees incident reports/)).toBeVisible();
});
