import {
  test,
  expect as baseExpect,
  expectAccessible,
  expectNoSideScroll,
  hideSupportChat,
  snap,
} from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { mailTo, pathOf } from '../support/invitations.ts';

// Issue 31, ADR 041 part five — a child registered with a league partner by a guardian, in order on one server:
// 1. The demo league's administrator connects the Test partner (Touchline's own) and maps its U10 program (the
//    guardians its children's registrations bring as Volunteer); the sync invites the guardian, Jordan, and places
//    the child, Ava, as Jordan's child profile.
// 2. Jordan makes an account from the invitation, finds Ava under "Your children" and opens her page: what the
//    partner knows (date of birth, address, emergency contact) fills the empty fields, marked, on a desktop and a
//    phone; Jordan saves each part; Jordan's own settings are prefilled with what the partner knows of Jordan.

test.describe.configure({ mode: 'serial' });

const expect = baseExpect.configure({ timeout: 30_000 });
const site = 'Child journey';
const guardianEmail = 'jordan.tester+child-journey@example.org';
const program = 'Test U10 Soccer';

test('connect the Test partner and map its program: the guardian is invited, the child placed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  await page.goto('/account/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await page.getByLabel('Partner', { exact: true }).selectOption('Test');
  await page.getByLabel('Name of the test site').fill(site);
  await page.getByRole('button', { name: 'Connect and test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'connected as' })).toContainText(
    'Test partner (Touchline’s own) connected as Test site “Child journey”',
  );
  const card = page.getByRole('listitem').filter({ hasText: 'Connected as Test site' });
  const state = card.getByTestId('partner-sync-state');
  // The first sync was queued on connect: three registrations (the child's, a coach's, one unpaid).
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await state.textContent()) ?? '';
      },
      { timeout: 60_000, intervals: [1000, 2000, 3000] },
    )
    .toContain('3 registrations');

  await card.getByRole('button', { name: 'Map programs' }).click();
  await card.getByLabel(`Level for ${program}`).selectOption({ label: '— — U10 Girls' });
  await card.getByLabel(`Role for ${program}`).selectOption({ label: 'Player' });
  await card.getByLabel('Coach registrations (1)').selectOption({ label: 'Coach' });
  await card.getByLabel('Parent registrations (1)').selectOption({ label: 'Volunteer' });
  await card.getByRole('button', { name: `Map ${program}` }).click();
  await expect(card.getByText(`${program} is mapped. What arrives next lands there.`)).toBeVisible();
  await expect(state).toContainText('2 invited');
});

test('the guardian opens their child’s page: the partner’s details fill the empty fields, marked', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(300_000);
  await signInAsDemoAdmin(page);
  const password = 'a-long-enough-password';
  const invitation = await mailTo(page.request, guardianEmail, /\/signup\?token=/);
  const context = await browser.newContext({ baseURL });
  await hideSupportChat(context);
  const jordan = await context.newPage();
  await jordan.goto(pathOf(invitation.text, /https?:\/\/\S+\/signup\?token=[\w-]+/));
  await expect(jordan.getByLabel(/E-mail address/)).toHaveValue(guardianEmail);
  await jordan.getByLabel(/^Password/).fill(password);
  await jordan.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await jordan.getByRole('button', { name: 'Create account' }).click();
  await expect(jordan.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await jordan.getByRole('link', { name: 'Sign in' }).click();
  await jordan.getByLabel(/E-mail address/).fill(guardianEmail);
  await jordan.getByLabel(/^Password/).fill(password);
  await jordan.getByRole('button', { name: 'Sign in' }).click();
  await expect(jordan).toHaveURL(/\/levels\//, { timeout: 30_000 });

  // The spec's return path for a guardian ("edit child profile info"): Ava is Jordan's child, at U10 Girls.
  await jordan.goto('/groupAccountDashboard');
  await expect(jordan.getByRole('heading', { name: 'Your children' })).toBeVisible();
  await expect(jordan.getByText('Player at U10 Girls')).toBeVisible();
  await jordan.getByRole('link', { name: 'Edit Ava Tester' }).click();
  await expect(jordan.getByRole('heading', { name: 'Edit Ava Tester' })).toBeVisible();
  const marked = 'Prefilled from Test partner (Touchline’s own): check it, then save to keep it.';
  await expect(
    jordan.getByText(/knows Ava’s details: the marked fields are filled in from it/),
  ).toBeVisible();
  await expect(jordan.getByLabel(/Date of birth/)).toHaveValue('2016-04-02');
  await expect(jordan.getByLabel(/Date of birth/)).toHaveAccessibleDescription(marked);
  const contact = jordan.getByRole('region', { name: /Contact information/ });
  await expect(contact.getByLabel(/^Address/)).toHaveValue('1 Test Way');
  await expect(contact.getByLabel(/^Address/)).toHaveAccessibleDescription(marked);
  await expect(contact.getByLabel(/^City/)).toHaveValue('Springfield');
  const emergency = jordan.getByRole('region', { name: /Emergency contacts/ });
  await expect(
    emergency.getByText(/knows an emergency contact for Ava: Jordan Tester · \+1 555 0100/),
  ).toBeVisible();
  await expectAccessible(jordan, 'partner-child-prefill');
  await snap(jordan, 'partner-child-prefill');

  await jordan.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(jordan, 390);
  await snap(jordan, 'partner-child-prefill-phone');

  // Each part saved on its own; the emergency contact needs the relationship the partner does not say.
  await jordan.getByRole('button', { name: 'Save details' }).click();
  await expect(jordan.getByText('The profile is saved.')).toBeVisible();
  await contact.getByRole('button', { name: 'Save contact information' }).click();
  await expect(contact.getByText('Ava’s contact information is saved.')).toBeVisible();
  await emergency.getByRole('button', { name: /Add the contact from/ }).click();
  await expect(emergency.getByLabel(/^First name/)).toHaveValue('Jordan');
  await emergency.getByLabel(/^Relationship/).fill('Father');
  await emergency.getByRole('button', { name: 'Save contact' }).click();
  await expect(emergency.getByText('Emergency contact added.')).toBeVisible();
  await expect(jordan.getByText(/knows Ava’s details/)).toHaveCount(0);
  // Let go of once every part is saved; each part keeps its "saved".
  await expect(contact.getByText('Ava’s contact information is saved.')).toBeVisible();
  await snap(jordan, 'partner-child-saved-phone');

  // Jordan's own settings: what the partner knows of Jordan (the household's address) fills the empty fields.
  await jordan.goto('/account/settings');
  await expect(jordan.getByTestId('prefill-notice')).toContainText('prefilled with what Test partner');
  const own = jordan.getByRole('region', { name: /Contact information/ });
  await expect(own.getByLabel(/^Address/)).toHaveValue('1 Test Way');
  await snap(jordan, 'partner-guardian-prefill-phone');
});
