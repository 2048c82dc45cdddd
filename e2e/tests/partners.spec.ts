import {
  test,
  expect as baseExpect,
  expectAccessible,
  expectNoSideScroll,
  snap,
} from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { mailTo, pathOf } from '../support/invitations.ts';

// Issue 31, ADR 041 — the partner journey, in two parts on one server, in order (both need the demo league's one
// LeagueApps connection: run apart, whichever came second on a server found the site already connected).
// 1. The demo league's administrator connects the LeagueApps sandbox site at /account/integrations (tested on save:
//    "connected as …"), the first sync runs through the job queue, a program is mapped to a level and the Player role
//    (its coaches to Coach), and its paid registrations become invitations; the sync state says so.
// 2. The invited player (Riley) creates an account from the invitation on a phone, then arrives from the LeagueApps
//    sandbox's member portal, approves partner sign-in on Touchline's own page (OAuth code + PKCE; no password passes
//    through the partner), lands on the partner return path /editProfile with what LeagueApps knows prefilled and
//    marked, saves, and goes back with "Return to LeagueApps".

test.describe.configure({ mode: 'serial' });

// Each step is a round trip or three (an argon2 check among them) on a machine shared with other suites.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The sandbox site's member portal, read when the first journey picks the sandbox site. */
let memberPortalUrl = '';

test('connect the LeagueApps sandbox site, sync, map a program, see the invitations counted', async ({
  page,
  a11y,
  snap: snapPage,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  // The page asks for the sandbox site (its key and member portal) as it opens.
  const site = page.waitForResponse((r) => r.url().includes('/partners/sandbox-site'));
  await page.goto('/account/integrations');
  ({ memberPortalUrl } = (await (await site).json()) as { memberPortalUrl: string });
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await a11y('partners-empty');

  await page.getByRole('button', { name: 'Use the LeagueApps sandbox site' }).click();
  await expect(page.getByLabel('LeagueApps site id')).toHaveValue('10001');
  await page.getByRole('button', { name: 'Connect and test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'connected as' })).toContainText(
    'LeagueApps connected as Demo league (LeagueApps sandbox site) (site 10001)',
  );
  // The form moves on to the partner not connected yet, emptied.
  await expect(page.getByLabel('Amilia organization identifier')).toHaveValue('');
  await expect(page.getByText('LeagueApps — sandbox (Touchline’s stand-in, not the partner)')).toBeVisible();
  await snapPage('partners-connected');

  // The first sync was queued on connect: the sandbox site's three registrations arrive (two paid, one not). The
  // LeagueApps card only: another journey on this server may have connected the Test partner.
  const card = page.getByRole('listitem').filter({ hasText: 'LeagueApps — sandbox' });
  const state = card.getByTestId('partner-sync-state');
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await state.textContent()) ?? '';
      },
      { timeout: 60_000, intervals: [1000, 2000, 3000] },
    )
    .toContain('3 registrations');
  await expect(state).toContainText('2 waiting for a mapping');

  await card.getByRole('button', { name: 'Map programs' }).click();
  const program = 'U12 Spring League (sandbox)';
  await expect(page.getByText(`Not mapped: its 3 registrations wait`)).toBeVisible();
  await page.getByLabel(`Role for ${program}`).selectOption({ label: 'Player' });
  // Per-role labels: the site's coach registration lands as Coach, its players as the program's role.
  await expect(page.getByLabel('Coach registrations (1)')).toHaveValue('');
  await expect(page.getByLabel('Player registrations (2)')).toBeVisible();
  await page.getByLabel('Coach registrations (1)').selectOption({ label: 'Coach' });
  await a11y('partners-mapping');
  await snapPage('partners-mapping');
  await page.getByRole('button', { name: `Map ${program}` }).click();
  await expect(page.getByText(/^Lands at .+ as Player; Coach registrations as Coach$/)).toBeVisible();
  await expect(state).toContainText('2 invited, 0 waiting for a mapping');
  await snapPage('partners-mapped');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 390);
  await snapPage('partners-phone');
});

test('the invited player signs in from the partner, checks the prefilled details, saves and returns', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  expect(memberPortalUrl, 'the first journey picked the sandbox site').not.toBe('');
  await signInAsDemoAdmin(page);
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
