import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

type OutboxMail = { to: string; subject: string; text: string };

/** The newest development-outbox message to an address whose text matches, waiting for it to arrive. */
export async function mailTo(request: APIRequestContext, to: string, matching: RegExp): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { items } = (await (await request.get('/api/dev/outbox')).json()) as { items: OutboxMail[] };
    const mail = items.find((m) => m.to === to && matching.test(m.text));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${matching}`);
}

/** The in-app part of an e-mailed link (its host is the server's PUBLIC_URL). */
export function pathOf(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no link ${pattern} in: ${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** The signed-in page's access token as an Authorization header, for calling the API beside the screens. */
export async function bearerHeaders(page: Page): Promise<{ authorization: string }> {
  const { token } = (await (await page.request.get('/api/session')).json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** The signed-in user's first level (the demo administrator's is the league's top level). */
export async function topLevelId(page: Page): Promise<string> {
  const roles = (await (
    await page.request.get('/api/app/profile/level-roles', { headers: await bearerHeaders(page) })
  ).json()) as { hierarchyLevelId: string }[];
  return roles[0]?.hierarchyLevelId ?? '';
}

/**
 * A team level's id, for a page signed in as the demo administrator. Her own level is the root (level roles); the
 * import preview resolves a path of level names below it to its level, the same way an import file names a level.
 */
export async function teamLevelId(page: Page, teamPath: string): Promise<string> {
  const rootId = await topLevelId(page);
  const preview = await page.request.post(`/api/app/hierarchy-level/${rootId}/members-import/preview`, {
    headers: await bearerHeaders(page),
    data: { csv: `firstName,lastName,email,level\nLevel,Probe,level.probe@example.org,${teamPath}\n` },
  });
  const { rows } = (await preview.json()) as { rows: { hierarchyLevelId: string | null }[] };
  const id = rows[0]?.hierarchyLevelId;
  if (!id) throw new Error(`the level ${teamPath} was not found`);
  return id;
}

/**
 * Invites someone to a team as its default role through the API the invitation dialog calls (for journeys about
 * what happens after the invitation); answers the role's name.
 */
export async function inviteByApi(
  page: Page,
  teamId: string,
  who: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const headers = await bearerHeaders(page);
  const { items } = (await (
    await page.request.get(`/api/app/labels?hierarchyLevelId=${teamId}`, { headers })
  ).json()) as { items: { id: string; isDefault: boolean; name: string }[] };
  const label = items.find((l) => l.isDefault) ?? items[0];
  const created = await page.request.post('/api/app/invitation', {
    headers,
    data: { ...who, hierarchyLevelId: teamId, labelId: label?.id ?? '' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return label?.name ?? '';
}

/** Who is invited where, as the administrator types it into the invitation dialog. */
export type Invitee = { email: string; firstName: string; lastName: string; role: string; teamName: string };

/** The administrator's page invites someone from the team's members page, through the real dialog. */
export async function inviteThroughTheDialog(page: Page, teamId: string, invitee: Invitee): Promise<void> {
  await page.goto(`/levels/${teamId}/members`);
  await expect(page.getByRole('heading', { name: `Members of ${invitee.teamName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: `Invite a member to ${invitee.teamName}` });
  await dialog.getByLabel(/E-mail address/).fill(invitee.email);
  await dialog.getByLabel(/First name/).fill(invitee.firstName);
  await dialog.getByLabel(/Last name/).fill(invitee.lastName);
  await dialog.getByLabel(/Role/).selectOption({ label: invitee.role });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
}

/**
 * The invitee, on a page of their own: follows the e-mailed link to the signup form (prefilled from the
 * invitation), creates an account (agreeing to the policies) — the link confirms the address, so there is no
 * second e-mail (ADR 033) — signs in and lands in the team. `request` reads the development outbox.
 */
export async function signUpThroughTheInvitation(
  invitee: Page,
  request: APIRequestContext,
  who: Invitee & { password: string; teamId: string },
): Promise<void> {
  const invitation = await mailTo(request, who.email, /\/signup\?token=/);
  expect(invitation.subject).toBe('You are invited to join Riverside Youth Soccer League on Touchline');
  await invitee.goto(pathOf(invitation.text, /https?:\/\/\S+\/signup\?token=[\w-]+/));
  await expect(
    invitee.getByText(`You are invited to join ${who.teamName} (Riverside Youth Soccer League).`),
  ).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await expect(invitee.getByLabel(/E-mail address/)).toHaveValue(who.email);
  await expect(invitee.getByLabel(/First name/)).toHaveValue(who.firstName);
  await invitee.getByLabel(/^Password/).fill(who.password);
  await invitee.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await invitee.getByRole('button', { name: 'Create account' }).click();
  // The link proved the address (ADR 033): no second e-mail to wait for.
  await expect(invitee.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await invitee.getByRole('link', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/signin\?email=.+&returnTo=%2Finvitation%2Faccept$/);
  await invitee.getByLabel(/E-mail address/).fill(who.email);
  await invitee.getByLabel(/^Password/).fill(who.password);
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in, the acceptance and the team page are three round trips with an argon2 check among them: on a loaded CI
  // machine (two lanes, two browser workers) they took longer than the default 10 s once.
  await expect(invitee).toHaveURL(new RegExp(`/levels/${who.teamId}$`), { timeout: 30_000 });
  // The policies were accepted at sign-up: no Updated Policies modal.
  await expect(invitee.getByRole('dialog', { name: 'Updated Policies' })).toHaveCount(0);
}

/**
 * The whole way in for a journey's member: the administrator's page invites them through the dialog, and they sign
 * up from the e-mailed link on a phone of their own (390 × 844, touch). Answers the member's page.
 */
export async function invitedMemberOnPhone(
  admin: Page,
  browser: Browser,
  baseURL: string | undefined,
  who: Invitee & { teamId: string },
): Promise<Page> {
  await inviteThroughTheDialog(admin, who.teamId, who);
  const phone = await (
    await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();
  await signUpThroughTheInvitation(phone, admin.request, { ...who, password: 'a-long-enough-password' });
  return phone;
}
