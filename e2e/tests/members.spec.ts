import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// An administrator manages a team's members: invites a coach, who signs up through the invitation, confirms the
// address, signs in and lands in the team; the administrator then changes the coach's role and imports 200 members
// from a CSV file.

const password = 'a-long-enough-password';

type OutboxMail = { to: string; subject: string; text: string };

/** The newest development-outbox message to an address whose text matches, waiting for it to arrive. */
async function mailTo(request: APIRequestContext, to: string, matching: RegExp): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { items } = (await (await request.get('/api/dev/outbox')).json()) as { items: OutboxMail[] };
    const mail = items.find((m) => m.to === to && matching.test(m.text));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${matching}`);
}

/** The in-app part of an e-mailed link (its host is the server's PUBLIC_URL). */
function pathOf(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no link ${pattern} in: ${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/**
 * The team level's id. The demo admin's own level is the root (level roles); the import preview resolves a path of
 * level names below it to its level, the same way an import file names a level.
 */
async function teamLevelId(page: Page, teamPath: string): Promise<string> {
  const { token } = (await (await page.request.get('/api/session')).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const roles = (await (await page.request.get('/api/app/profile/level-roles', { headers })).json()) as {
    hierarchyLevelId: string;
  }[];
  const rootId = roles[0]?.hierarchyLevelId ?? '';
  const preview = await page.request.post(`/api/app/hierarchy-level/${rootId}/members-import/preview`, {
    headers,
    data: { csv: `firstName,lastName,email,level\nLevel,Probe,level.probe@example.org,${teamPath}\n` },
  });
  const { rows } = (await preview.json()) as { rows: { hierarchyLevelId: string | null }[] };
  const id = rows[0]?.hierarchyLevelId;
  if (!id) throw new Error(`the level ${teamPath} was not found`);
  return id;
}

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
  const invitation = await mailTo(page.request, email, /\/signup\?token=/);
  expect(invitation.subject).toBe('You are invited to join Riverside Youth Soccer League on Touchline');
  const invitee = await (await browser.newContext({ baseURL })).newPage();
  await invitee.goto(pathOf(invitation.text, /https?:\/\/\S+\/signup\?token=[\w-]+/));
  await expect(
    invitee.getByText('You are invited to join U10 Girls (Riverside Youth Soccer League).'),
  ).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await expect(invitee.getByLabel(/E-mail address/)).toHaveValue(email);
  await expect(invitee.getByLabel(/First name/)).toHaveValue('Casey');
  await invitee.getByLabel(/^Password/).fill(password);
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();

  const confirmation = await mailTo(page.request, email, /\/confirm-email\?token=/);
  await invitee.goto(pathOf(confirmation.text, /https?:\/\/\S+\/confirm-email\?token=[\w-]+/));
  await expect(invitee.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await invitee.getByRole('link', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/signin\?returnTo=%2Finvitation%2Faccept$/);
  await invitee.getByLabel(/E-mail address/).fill(email);
  await invitee.getByLabel(/^Password/).fill(password);
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(new RegExp(`/levels/${teamId}$`));
  const policies = invitee.getByRole('dialog', { name: 'Updated Policies' });
  await policies.getByLabel('I agree to the Terms of Service').check();
  await policies.getByRole('button', { name: 'Acknowledge Updated Policies' }).click();
  await expect(policies).toBeHidden();
  await expect(invitee).toHaveURL(new RegExp(`/levels/${teamId}$`));
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
