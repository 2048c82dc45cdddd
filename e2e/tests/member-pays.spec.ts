import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectAccessible, expectNoSideScroll, snap as snapPage } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import {
  inviteThroughTheDialog,
  mailTo,
  signUpThroughTheInvitation,
  teamLevelId,
  type Invitee,
} from '../support/invitations.ts';

// Issue 21, member pays (ADR 031): the demo administrator adds two course fees the member pays for ($25 and $15)
// for volunteers of a team no other journey uses (U8 Boys); an invited volunteer sees what they owe on My
// requirements, is refused with a declining card, pays for both at once with a Visa in the Stripe sandbox's card
// form, and gets a receipt by e-mail. Desktop, then the requirement page on a phone.

async function api(page: Page) {
  const { token } = (await (await page.request.get('/api/session')).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const call = async (request: APIRequestContext, method: 'get' | 'post', url: string, data?: object) => {
    const res = await request[method](url, { headers, ...(data ? { data } : {}) });
    if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
  };
  return {
    get: (url: string) => call(page.request, 'get', url),
    post: (url: string, data: object) => call(page.request, 'post', url, data),
  };
}

async function payWith(page: Page, number: string) {
  await page.getByLabel(/Card number/).fill(number);
  await page.getByLabel(/Expiry/).fill('12 / 34');
  await page.getByLabel(/CVC/).fill('123');
  await page.getByRole('button', { name: 'Pay $40.00' }).click();
}

test('a volunteer pays for two requirements at once and gets a receipt', async ({
  page,
  browser,
  baseURL,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  const admin = await (
    await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  ).newPage();
  await signInAsDemoAdmin(admin);
  const teamId = await teamLevelId(admin, 'Recreational/U8 Boys');
  const calls = await api(admin);
  const roles = (await calls.get('/api/app/profile/level-roles')) as unknown as {
    hierarchyLevelId: string;
  }[];
  const rootId = roles[0]!.hierarchyLevelId;
  const orgs = (await calls.get('/api/app/organization/organization-list?PerPage=1000')) as unknown;
  const list = (Array.isArray(orgs) ? orgs : (orgs as { items: unknown[] }).items) as {
    id: string;
    name: string;
  }[];
  const orgId = list.find((o) => o.name === 'Riverside Youth Soccer League')!.id;
  const labels = (await calls.get(`/api/app/labels?hierarchyLevelId=${rootId}`)) as {
    items: { id: string; name: string }[];
  };
  const volunteer = labels.items.find((l) => l.name === 'Volunteer')!.id;
  const stamp = Date.now();
  const checks = [
    [`Coaching course fee ${stamp}`, 2500],
    [`Safeguarding course fee ${stamp}`, 1500],
  ] as const;
  for (const [name, memberPrice] of checks) {
    const created = (await calls.post(`/api/app/content/content-document/${orgId}`, {
      base: { name, memberPrice, payer: 'member' },
      content: {},
    })) as { id: string; payer: string; memberPrice: number };
    expect([created.payer, created.memberPrice]).toEqual(['member', memberPrice]);
    await calls.post(`/api/app/content/${created.id}/assign-content`, {
      contentAssignments: [{ hierarchyLevelId: teamId, labelId: volunteer }],
    });
  }

  const member: Invitee = {
    email: `casey-${stamp}@example.org`,
    firstName: 'Casey',
    lastName: 'Payer',
    role: 'Volunteer',
    teamName: 'U8 Boys',
  };
  // A fee the league pays unless a role says otherwise, for this team's volunteers only.
  const kitFee = `Kit fee ${stamp}`;
  const kit = (await calls.post(`/api/app/content/content-document/${orgId}`, {
    base: { name: kitFee, memberPrice: 1000 },
    content: {},
  })) as { id: string };
  await calls.post(`/api/app/content/${kit.id}/assign-content`, {
    contentAssignments: [{ hierarchyLevelId: teamId, labelId: volunteer }],
  });

  await inviteThroughTheDialog(admin, teamId, member);
  await signUpThroughTheInvitation(page, admin.request, {
    ...member,
    password: 'a-long-enough-password',
    teamId,
  });

  await page.goto('/requirements');
  const owed = page.getByRole('region', { name: 'What you owe' });
  await expect(owed).toBeVisible();
  await expect(owed.getByText(checks[0][0])).toBeVisible();
  await expect(owed.getByText('$25.00')).toBeVisible();
  await expect(owed.getByText('$15.00')).toBeVisible();
  await expect(owed.getByTestId('payment-total')).toHaveText('Total: $40.00');
  await owed.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(owed.getByText(/Stripe sandbox: this is not Stripe and no money moves/)).toBeVisible();
  await payWith(page, '4000 0000 0000 0002');
  await expect(owed.getByRole('alert')).toContainText('Your card was declined');
  await expect(owed.getByRole('alert')).toContainText('Nothing was charged');
  await snap('member-pays-declined');

  await payWith(page, '4242 4242 4242 4242');
  await expect(owed.getByText(`Paid $40.00 for`)).toBeVisible();
  await expect(owed.getByText(`A receipt was sent to ${member.email}.`)).toBeVisible();
  await expect(owed.getByText(/Already paid: /)).toBeVisible();
  await a11y('What you owe, paid');
  await snap('member-pays-paid');

  const receipt = await mailTo(admin.request, member.email, /Thank you for your payment/);
  expect(receipt.subject).toBe('Your Touchline receipt: $40.00');
  expect(receipt.text).toContain(`${checks[0][0]}: $25.00`);
  expect(receipt.text).toContain(`${checks[1][0]}: $15.00`);
  expect(receipt.text).toContain('Stripe sandbox');

  // On a phone, the requirement's own page says it is paid.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/requirements');
  await page.getByRole('link', { name: checks[0][0], exact: true }).click();
  await expect(page.getByRole('region', { name: 'What you owe' }).getByText(/Already paid: /)).toBeVisible();
  await expectNoSideScroll(page, 390);
  await a11y('a paid requirement on a phone');
  await snap('member-pays-requirement-phone');

  // The administrator changes the Volunteer role's paid requirements after the wizard: the kit fee is now the
  // volunteer's to pay (only this team's volunteers have it), then back to the league.
  await admin.goto('/account/billing/member-pays');
  const role = admin.getByRole('region', { name: 'Volunteer', exact: true });
  await expect(role).toBeVisible();
  const kitBox = role.getByRole('checkbox', { name: kitFee });
  await expect(kitBox).not.toBeChecked();
  await kitBox.check();
  await role.getByRole('button', { name: 'Save Volunteer' }).click();
  await expect(role.getByText('Saved what Volunteer members pay.')).toBeVisible();
  await kitBox.scrollIntoViewIfNeeded();
  await expectAccessible(admin, 'what members pay (administrator)');
  await snapPage(admin, 'member-pays-roles');
  await page.goto('/requirements');
  const owedNow = page.getByRole('region', { name: 'What you owe' });
  await expect(owedNow.getByText(kitFee)).toBeVisible();
  await expect(owedNow.getByTestId('payment-total')).toHaveText('Total: $10.00');
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(kitBox).toBeChecked();
  await expectNoSideScroll(admin, 390);
  await snapPage(admin, 'member-pays-roles-phone');
  await kitBox.uncheck();
  await role.getByRole('button', { name: 'Save Volunteer' }).click();
  await expect(role.getByText('Saved what Volunteer members pay.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'What you owe' }).getByText(kitFee)).toHaveCount(0);
});
