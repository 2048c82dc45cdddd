import { fileURLToPath } from 'node:url';
import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { signUpThroughTheInvitation, teamLevelId } from '../support/invitations.ts';

// An administrator manages a team's members: invites a coach, who signs up through the invitation, confirms the
// address, signs in and lands in the team; the administrator then changes the coach's role and imports 200 members
// from a CSV file.

const password = 'a-long-enough-password';

test('invite a coach who signs up and lands in the team; change their role; import 200 members', async ({
  page,
  browser,
  baseURL,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  const teamId = await teamLevelId(page, 'Recreational/U10 Girls');
  const email = `coach-${Date.now()}@example.org`;

  await page.goto(`/levels/${teamId}/members`);
  await expect(page.getByRole('heading', { name: 'Members of U10 Girls' })).toBeVisible();
  await a11y('members-list');

  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member to U10 Girls' });
  await dialog.getByLabel(/E-mail address/).fill(email);
  await dialog.getByLabel(/First name/).fill('Casey');
  await dialog.getByLabel(/Last name/).fill('Aardvark');
  await dialog.getByLabel(/Role/).selectOption({ label: 'Coach' });
  await a11y('members-invite-dialog');
  await snap('members-invite-dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invite Pending');
  await expect(row).toContainText('Coach');

  // The invitee, in a browser of their own: the link → the signup form → confirm the address → sign in → accept.
  const invitee = await (await browser.newContext({ baseURL })).newPage();
  await signUpThroughTheInvitation(invitee, page.request, {
    email,
    password,
    firstName: 'Casey',
    lastName: 'Aardvark',
    role: 'Coach',
    teamName: 'U10 Girls',
    teamId,
  });
  await invitee.screenshot({
    path: fileURLToPath(new URL('../screenshots/members-invitee-landed.png', import.meta.url)),
    fullPage: true,
  });
  await invitee.context().close();

  // The administrator sees the acceptance, and changes the coach's role.
  await page.reload();
  await expect(row).toContainText(/Accepted/);
  // The demo league assigns its content library to Coach, so the new coach now has requirements to complete.
  await expect(row).toContainText('Incomplete');
  await row.getByRole('button', { name: 'Actions for Casey Aardvark' }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Change the role of Casey Aardvark' });
  await roleDialog.getByLabel(/Role/).selectOption({ label: 'Volunteer' });
  await roleDialog.getByRole('button', { name: 'Save role' }).click();
  await expect(roleDialog).toBeHidden();
  await expect(row).toContainText('Volunteer');
  await snap('members-list');

  // 200 members from a CSV file: preview, then import, then listed.
  const countText = await page.getByText(/members? directly at this level/).textContent();
  const before = Number(/(\d+)/.exec(countText ?? '')?.[1] ?? 'NaN');
  const stamp = Date.now();
  const csv = [
    'firstName,lastName,email,role',
    ...Array.from(
      { length: 200 },
      (_, i) => `Player${i},Aaimport${String(i).padStart(3, '0')},import${i}.${stamp}@example.org,Player`,
    ),
  ].join('\n');
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import members into U10 Girls' })).toBeVisible();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('200 rows, all ready to import.')).toBeVisible();
  await a11y('members-import-preview');
  await snap('members-import-preview');
  await page.getByRole('button', { name: 'Import 200 members' }).click();
  await expect(page.getByText('200 members imported and invited.')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Go to the members' }).click();
  await expect(
    page.getByText(`${before + 200} members directly at this level.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `import0.${stamp}@example.org` })).toContainText(
    'Invite Pending',
  );
  await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
  await snap('members-imported');
});
