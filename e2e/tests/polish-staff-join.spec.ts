import type { APIRequestContext, Browser } from '@playwright/test';
import { test, expect, expectAccessible, snap } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { inviteByApi, mailTo, pathOf, teamLevelId } from '../support/invitations.ts';

// Issue 18 items 6 and 7 as a league meets them: an invitee already signed in joins in one click, and staff complete
// or reopen a member's requirement by hand from the dashboard's member drawer. Both work on a member of their own
// (Recreational/U8 Boys), so no other journey's members move.

const desktop = { width: 1366, height: 850 };
const phone = { width: 390, height: 844 };
const league = 'Riverside Youth Soccer League';

/** A new member with an account: invited, signed up from the link and signed in, on a phone-sized page. */
async function newSignedInMember(
  browser: Browser,
  request: APIRequestContext,
  email: string,
  password: string,
) {
  const mail = await mailTo(request, email, /signup\?token=/);
  const context = await browser.newContext({ viewport: phone });
  const member = await context.newPage();
  await member.goto(pathOf(mail.text, /https?:\/\/\S+\/signup\?token=\S+/));
  await expect(member.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await member.getByLabel(/^Password/).fill(password);
  await member.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await member.getByRole('button', { name: 'Create account' }).click();
  await expect(member.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await member.getByRole('link', { name: 'Sign in' }).click();
  await member.getByLabel(/E-mail address/).fill(email);
  await member.getByLabel(/^Password/).fill(password);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member).toHaveURL(/\/levels\//);
  return { context, member };
}

test('an invitee already signed in joins a second team in one click', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsDemoAdmin(page);
  const first = await teamLevelId(page, 'Recreational/U8 Boys');
  const second = await teamLevelId(page, 'Recreational/U8 Girls');
  const email = `joiner.${Date.now()}@example.org`;
  await inviteByApi(page, first, { email, firstName: 'Jo', lastName: 'Joiner' });
  const { context, member } = await newSignedInMember(browser, page.request, email, 'jo-joiner-password');

  // A second invitation to the same address, opened while signed in: one button, no form.
  const signupLink = /https?:\/\/\S+\/signup\?token=\S+/;
  const firstLink = pathOf((await mailTo(page.request, email, /signup\?token=/)).text, signupLink);
  const role = await inviteByApi(page, second, { email, firstName: 'Jo', lastName: 'Joiner' });
  let secondLink = '';
  for (let attempt = 0; attempt < 50 && !secondLink; attempt++) {
    const { items } = (await (await page.request.get('/api/dev/outbox')).json()) as {
      items: { to: string; text: string }[];
    };
    secondLink =
      items
        .filter((m) => m.to === email && signupLink.test(m.text))
        .map((m) => pathOf(m.text, signupLink))
        .find((link) => link !== firstLink) ?? '';
    if (!secondLink) await new Promise((r) => setTimeout(r, 200));
  }
  expect(secondLink, 'a second invitation e-mail').not.toBe('');
  await member.goto(secondLink);
  await expect(member.getByRole('heading', { name: `Join ${league} as ${role}` })).toBeVisible();
  await expect(member.getByText(`as ${role} at U8 Girls`, { exact: false })).toBeVisible();
  await expect(member.getByText(`You are signed in as ${email}`, { exact: false })).toBeVisible();
  await expectAccessible(member, 'join in one click, phone');
  await snap(member, 'polish-join-one-click-phone');
  await member.getByRole('link', { name: `Join ${league}` }).click();
  await expect(member).toHaveURL(new RegExp(`/levels/${second}`));
  await context.close();
});

test('staff mark a member’s requirement complete with a date and a note, then reopen it', async ({
  page,
  browser,
  a11y,
  snap: snapPage,
}) => {
  test.setTimeout(120_000);
  await signInAsDemoAdmin(page);
  const teamId = await teamLevelId(page, 'Recreational/U8 Boys');
  const stamp = Date.now();
  const email = `handled.${stamp}@example.org`;
  const lastName = `Handled${stamp}`;
  await inviteByApi(page, teamId, { email, firstName: 'Hana', lastName });
  const { context } = await newSignedInMember(browser, page.request, email, 'hana-handled-password');
  await context.close();

  await page.setViewportSize(desktop);
  await page.goto(`/levels/${teamId}/dashboard`);
  await page.getByLabel('Search name or e-mail').fill(lastName);
  const row = page.locator('tbody tr').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: `Hana ${lastName}` });
  await expect(drawer.getByRole('heading', { name: 'Requirements' })).toBeVisible();
  const markComplete = drawer.getByRole('button', { name: /^Mark complete: / }).first();
  await expect(markComplete).toBeVisible();
  const name = ((await markComplete.getAttribute('aria-label')) ?? '').replace(/^Mark complete: /, '');

  await markComplete.click();
  const form = drawer.getByRole('form', { name: `Mark complete: ${name}` });
  await form.getByLabel('Completed on').fill(new Date().toISOString().slice(0, 10));
  await form.getByLabel('Note (kept in the history)').fill('Paper certificate seen at registration.');
  await a11y('staff mark complete form');
  await form.getByRole('button', { name: 'Mark complete', exact: true }).click();
  await expect(drawer.getByText(`${name} marked complete.`)).toBeVisible();
  const item = drawer.locator('li').filter({ hasText: name }).first();
  await expect(item).toContainText('Completed');
  await snapPage('polish-staff-marked-complete');

  // Reopen it: the requirement is the member's to do again.
  await drawer.getByRole('button', { name: `Reopen: ${name}` }).click();
  const reopen = drawer.getByRole('form', { name: `Reopen: ${name}` });
  await reopen.getByLabel('Note (kept in the history)').fill('Certificate was for another season.');
  await reopen.getByRole('button', { name: 'Reopen', exact: true }).click();
  await expect(drawer.getByText(`${name} reopened.`)).toBeVisible();
  await expect(item).not.toContainText('Completed');
  await expect(drawer.getByRole('button', { name: `Mark complete: ${name}` })).toBeVisible();

  // At phone size the drawer fills the screen and the form's controls stay usable.
  await page.setViewportSize(phone);
  await drawer.getByRole('button', { name: `Mark complete: ${name}` }).scrollIntoViewIfNeeded();
  await expect(drawer.getByRole('button', { name: `Mark complete: ${name}` })).toBeInViewport();
  await a11y('staff moves in the member drawer, phone');
  await snapPage('polish-staff-reopened-phone');
});
