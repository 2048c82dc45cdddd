import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, expectNoSideScroll, snap as snapPage } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import {
  inviteThroughTheDialog,
  mailTo,
  signUpThroughTheInvitation,
  teamLevelId,
  type Invitee,
} from '../support/invitations.ts';
import { addRequirement, adminApi } from '../support/requirement-setup.ts';

// Issue 21, member pays (ADR 031): the demo administrator adds two course fees the member pays for ($25 and $15)
// for volunteers of a team no other journey uses (U8 Boys); an invited volunteer sees what they owe on My
// requirements, is refused with a declining card, pays for both at once with a Visa in the Stripe sandbox's card
// form, and gets a receipt by e-mail. Desktop, then the requirement page on a phone.

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
  const calls = await adminApi(admin);
  const stamp = Date.now();
  const checks = [
    [`Coaching course fee ${stamp}`, 2500],
    [`Safeguarding course fee ${stamp}`, 1500],
  ] as const;
  for (const [name, memberPrice] of checks) {
    const created = await addRequirement(
      admin,
      calls,
      { kind: 'document', base: { name, memberPrice, payer: 'member' }, content: {} },
      { teamId, role: 'Volunteer' },
    );
    expect([created.payer, created.memberPrice]).toEqual(['member', memberPrice]);
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
  await addRequirement(
    admin,
    calls,
    { kind: 'document', base: { name: kitFee, memberPrice: 1000 }, content: {} },
    { teamId, role: 'Volunteer' },
  );

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
