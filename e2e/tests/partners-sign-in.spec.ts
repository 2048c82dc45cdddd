import {
  test,
  expect as baseExpect,
  expectAccessible,
  expectNoSideScroll,
  snap,
} from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { mailTo, pathOf } from '../support/invitations.ts';

// Each step is a round trip or three (an argon2 check among them) on a machine shared with other suites.
const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 31, ADR 041 — the second half of the partner journey: the demo league's administrator connects the LeagueApps
// sandbox site and maps its program; the invited player (Riley) creates an account from the invitation on a phone,
// then arrives from the LeagueApps sandbox's member portal, approves partner sign-in on Touchline's own page (OAuth
// code + PKCE; no password passes through the partner), lands on the partner return path /editProfile with what
// LeagueApps knows prefilled and marked, saves, and goes back with "Return to LeagueApps".

test('the invited player signs in from the partner, checks the prefilled details, saves and returns', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  await signInAsDemoAdmin(page);
  await page.goto('/account/integrations');
  const site = page.waitForResponse((r) => r.url().includes('/partners/sandbox-site'));
  await page.getByRole('button', { name: 'Use the LeagueApps sandbox site' }).click();
  const { memberPortalUrl } = (await (await site).json()) as { memberPortalUrl: string };
  await page.getByRole('button', { name: 'Connect and test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'connected as' })).toBeVisible();
  const state = page.getByTestId('partner-sync-state');
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await state.textContent()) ?? '';
      },
      { timeout: 60_000, intervals: [1000, 2000, 3000] },
    )
    .toContain('3 registrations');
  await page.getByRole('button', { name: 'Map programs' }).click();
  const program = 'U12 Spring League (sandbox)';
  await page.getByLabel(`Role for ${program}`).selectOption({ label: 'Player' });
  await page.getByRole('button', { name: `Map ${program}` }).click();
  await expect(state).toContainText('2 invited');

  // Riley, on a phone of their own: the invitation e-mailed by the sync, an account made from it.
  const phone = await (
    await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();
  const email = 'riley.sandbox@example.org';
  const password = 'a-long-enough-password';
  const invitation = await mailTo(page.request, email, /\/signup\?token=/);
  await phone.goto(pathOf(invitation.text, /https?:\/\/\S+\/signup\?token=[\w-]+/));
  await expect(phone.getByLabel(/E-mail address/)).toHaveValue(email);
  await phone.getByLabel(/^Password/).fill(password);
  await phone.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await phone.getByRole('button', { name: 'Create account' }).click();
  await expect(phone.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await phone.getByRole('link', { name: 'Sign in' }).click();
  await phone.getByLabel(/E-mail address/).fill(email);
  await phone.getByLabel(/^Password/).fill(password);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone).toHaveURL(/\/levels\//, { timeout: 30_000 });

  // The partner's member portal (the LeagueApps sandbox, named so) sends Riley to Touchline.
  await phone.goto(`${memberPortalUrl}/members/9001`);
  await expect(phone.getByRole('note')).toContainText('Sandbox.');
  await expect(phone.getByRole('heading', { name: 'Riley Sandbox' })).toBeVisible();
  await phone.getByRole('link', { name: 'Continue to Touchline' }).click();
  await expect(phone).toHaveURL(/\/partner-sign-in\?request=/);
  await expect(phone.getByText('LeagueApps (sandbox) asks to sign you in')).toBeVisible();
  await expect(phone.getByText(/says you are its member 9001: Riley Sandbox/)).toBeVisible();
  await expectAccessible(phone, 'partner-sign-in-consent');
  await snap(phone, 'partner-sign-in-consent');
  await expectNoSideScroll(phone, 390);
  await phone.getByRole('button', { name: 'Allow and continue' }).click();

  // Back from the partner's callback on the spec's partner return path: the account settings, prefilled and marked.
  await expect(phone).toHaveURL(/\/account\/settings$/, { timeout: 30_000 });
  await expect(phone.getByTestId('prefill-notice')).toContainText('prefilled with what LeagueApps knows');
  const user = phone.getByRole('region', { name: 'User' });
  await expect(
    user.getByText('Prefilled from LeagueApps: check it, then save to keep it.').first(),
  ).toBeVisible();
  await snap(phone, 'partner-prefill-phone');
  await expectNoSideScroll(phone, 390);
  await user.getByRole('button', { name: 'Save details' }).click();
  await expect(user.getByText(/saved/i).first()).toBeVisible();
  const contact = phone.getByRole('region', { name: /Contact information/ });
  await contact.getByRole('button', { name: 'Save contact information' }).click();
  await expect(contact.getByText(/saved/i).first()).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Linked league partners' })).toBeVisible();
  await expect(phone.getByText('LeagueApps: member 9001 (Riley Sandbox)')).toBeVisible();
  await snap(phone, 'partner-saved-phone');

  // "Return to LeagueApps": the sandbox's portal, which now knows Riley signed in to Touchline.
  await phone.getByRole('link', { name: 'Return to LeagueApps' }).click();
  await expect(phone.getByRole('heading', { name: 'Demo league (LeagueApps sandbox site)' })).toBeVisible();
  await expect(phone.getByText('Member 9001: signed in to Touchline as Riley Sandbox')).toBeVisible();
  await snap(phone, 'partner-returned-phone');
});
