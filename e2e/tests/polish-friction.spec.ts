import { test, expect, expectAccessible, snap } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { inviteByApi, mailTo, pathOf, teamLevelId, topLevelId } from '../support/invitations.ts';

// Issue 18 items 5, 6, 8 and 12 as a league meets them: reminders from the dashboard, the members of the levels
// below, a CSV import that imports the valid rows, and an invitation link opened by someone already signed in.

const desktop = { width: 1366, height: 850 };
const phone = { width: 390, height: 844 };

test('send a reminder to the Overdue members of a team, with a count first, once a day', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(desktop);
  await signInAsDemoAdmin(page);
  const teamId = await teamLevelId(page, 'Competitive/U12 Academy');
  // Overdue (requirement status 4): the list the league wants to nudge.
  await page.goto(`/levels/${teamId}/dashboard?requirementStatuses=4`);
  await expect(page.getByRole('heading', { name: /^Dashboard of / })).toBeVisible();
  await page.getByRole('button', { name: 'Remind this list…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send reminder' });
  await expect(dialog.getByText(/will get one e-mail each|nobody will be e-mailed/)).toBeVisible();
  await a11y('send reminder dialog, desktop');
  await snap('polish-reminder-dialog-desktop');
  const send = dialog.getByRole('button', { name: /^Send \d+ reminders?$/ });
  await expect(send).toBeEnabled();
  const count = Number((await send.textContent())?.match(/\d+/)?.[0] ?? '0');
  await send.click();
  await expect(page.getByText(`Reminder sent to ${count} member${count === 1 ? '' : 's'}.`)).toBeVisible();
  await snap('polish-reminder-sent-desktop');

  // The same list again, at phone size: everyone is reminded for today, so nothing can be sent.
  await page.setViewportSize(phone);
  await page.getByRole('button', { name: 'Remind this list…' }).click();
  const again = page.getByRole('dialog', { name: 'Send reminder' });
  await expect(again.getByText(/already reminded today/)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Send reminders' })).toBeDisabled();
  await a11y('send reminder dialog, phone');
  await snap('polish-reminder-dialog-phone');
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
});

test('the members page includes the levels below on request', async ({ page, a11y, snap }) => {
  await page.setViewportSize(desktop);
  await signInAsDemoAdmin(page);
  const rootId = await topLevelId(page);
  await page.goto(`/levels/${rootId}/members`);
  await expect(page.getByText(/directly at this level\./)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Include levels below' }).check();
  await expect(page.getByText(/in this level and the levels below it\./)).toBeVisible();
  await expect(page).toHaveURL(/below=1/);
  await expect(page.getByRole('columnheader', { name: 'Level' })).toBeVisible();
  await a11y('members with levels below, desktop');
  await snap('polish-members-below-desktop');
  await page.setViewportSize(phone);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Include levels below' })).toBeChecked();
  await a11y('members with levels below, phone');
  await snap('polish-members-below-phone');
});

test('a CSV with a bad row imports its valid rows and offers the bad one to download', async ({
  page,
  a11y,
  snap,
}) => {
  await page.setViewportSize(desktop);
  await signInAsDemoAdmin(page);
  const teamId = await teamLevelId(page, 'Recreational/U10 Girls');
  const stamp = Date.now();
  await page.goto(`/levels/${teamId}/members/import`);
  await expect(page.getByRole('heading', { name: 'Import members into U10 Girls' })).toBeVisible();
  const csv = [
    'firstName,lastName,email,role',
    `Ines,Partial,ines.${stamp}@example.org,`,
    `Omar,Partial,omar.${stamp}@example.org,`,
    `Bad,Role,bad.${stamp}@example.org,Wizard`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByText(/Import the 2 valid rows now/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the 1 row with problems (CSV)' })).toBeVisible();
  await a11y('import preview with a bad row, desktop');
  await snap('polish-import-partial-preview-desktop');
  await page.getByRole('button', { name: 'Import the 2 valid rows' }).click();
  await expect(page.getByText(/2 members imported and invited\. 1 row was not imported/)).toBeVisible();
  await page.setViewportSize(phone);
  await a11y('import done, phone');
  await snap('polish-import-partial-done-phone');
});

test('an invitation opened by another signed-in account says whose it is', async ({ page, a11y, snap }) => {
  await page.setViewportSize(phone);
  await signInAsDemoAdmin(page);
  const teamId = await teamLevelId(page, 'Recreational/U10 Girls');
  const email = `invitee.${Date.now()}@example.org`;
  await inviteByApi(page, teamId, { email, firstName: 'Ivy', lastName: 'Invitee' });
  const mail = await mailTo(page.request, email, /signup\?token=/);
  await page.goto(pathOf(mail.text, /https?:\/\/\S+\/signup\?token=\S+/));
  await expect(page.getByRole('heading', { name: 'This invitation is for someone else' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out to switch account' })).toBeVisible();
  await a11y('invitation for another account, phone');
  await snap('polish-invitation-other-account-phone');
});

test('signing up from the invitation link needs no second e-mail: the link proved the address', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsDemoAdmin(page);
  const teamId = await teamLevelId(page, 'Recreational/U10 Girls');
  const email = `linked.${Date.now()}@example.org`;
  await inviteByApi(page, teamId, { email, firstName: 'Lina', lastName: 'Linked' });
  const mail = await mailTo(page.request, email, /signup\?token=/);

  const context = await browser.newContext({ viewport: phone });
  const invitee = await context.newPage();
  await invitee.goto(pathOf(mail.text, /https?:\/\/\S+\/signup\?token=\S+/));
  await expect(invitee.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await invitee.getByLabel(/^Password/).fill('lina-linked-password');
  await invitee.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await expect(invitee.getByText('there is no other e-mail to wait for', { exact: false })).toBeVisible();
  await expectAccessible(invitee, 'account ready after signing up from the link, phone');
  await snap(invitee, 'polish-invitation-account-ready-phone');
  await invitee.getByRole('link', { name: 'Sign in' }).click();
  await invitee.getByLabel(/E-mail address/).fill(email);
  await invitee.getByLabel(/^Password/).fill('lina-linked-password');
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(new RegExp(`/levels/${teamId}$`));
  await context.close();
});
