import type { Page } from '@playwright/test';
import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { topLevelId } from '../support/invitations.ts';
import { adminApi, demoLeague, demoLeagueId, type AdminApi } from '../support/requirement-setup.ts';

// Clearance that travels with the member (ADR 049). The demo administrator belongs to the demo league and, after
// this journey creates them, to a second and a third league. Their age verification in the demo league is
// complete; the second league accepts shared age verifications; they share it by consent (the dialog shows exactly what crosses), the
// second league counts it, and they stop sharing (confirmed) — the second league no longer does.

const second = 'Lakeside Youth Soccer';
const third = 'Northshore Soccer Club';

/** An Age verification (valid a year) assigned to the Admin role at the top level of the current organization. */
async function ageVerification(page: Page, calls: AdminApi, orgId: string): Promise<string> {
  const created = (await calls.post(`/api/app/content/content-age-verification/${orgId}`, {
    base: { name: 'Age verification', validityMode: 'Duration', validityDays: 365 },
    content: { kind: 'Age', abroadProofTypes: [] },
  })) as { id: string };
  const top = await topLevelId(page);
  const labels = (await calls.get(`/api/app/labels?hierarchyLevelId=${top}`)) as {
    items: { id: string; role: string | null }[];
  };
  const admins = labels.items.filter((l) => l.role === 'Admin');
  if (admins.length === 0) throw new Error('no Admin role');
  await calls.post(`/api/app/content/${created.id}/assign-content`, {
    contentAssignments: admins.map((l) => ({ hierarchyLevelId: top, labelId: l.id })),
  });
  return created.id;
}

/** A new league with the demo admin as its administrator. */
async function newLeague(calls: AdminApi, name: string): Promise<{ id: string }> {
  return (await calls.post('/api/app/organization', {
    general: { name, website: '', phone: '', countryCode: 'US', stateCode: 'WA', cityName: 'Seattle' },
    admin: { firstName: 'Demo', lastName: 'Admin', email: 'admin@demo.touchline.test' },
    roleRequirements: [
      {
        roleLabel: 'Coach',
        roleRequirementsIds: [],
        paidRoleRequirementsIds: [],
        requirementsDueDate: null,
        isDefault: true,
      },
    ],
  })) as { id: string };
}

async function switchTo(page: Page, organization: string) {
  await page.goto('/');
  await page.getByRole('button', { name: /switch organization/ }).click();
  await page.getByRole('menuitem', { name: organization }).click();
  await expect(page.getByTestId('current-organization')).toHaveText(organization);
}

async function myRequirementStatus(page: Page, definitionId: string): Promise<number | undefined> {
  const calls = await adminApi(page);
  const mine = (await calls.get('/api/app/requirement/my-requirements')) as {
    items: { definitionId: string; status: number }[];
  };
  return mine.items.find((i) => i.definitionId === definitionId)?.status;
}

test('a member shares a completed verification with their other league by consent, then stops sharing', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(480_000);
  await signInAsDemoAdmin(page);
  let calls = await adminApi(page);
  const leagueId = await demoLeagueId(calls);
  const definitionA = await ageVerification(page, calls, leagueId);
  const mine = (await calls.get('/api/app/requirement/my-requirements')) as {
    items: { definitionId: string; profileLevelAccessId: string }[];
  };
  const item = mine.items.find((i) => i.definitionId === definitionA);
  if (!item) throw new Error('the requirement was not assigned');
  const completedOn = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  await calls.post(
    `/api/app/requirement/${definitionA}/complete-without-upload/${item.profileLevelAccessId}`,
    {
      date: completedOn,
    },
  );
  const created = await newLeague(calls, second);
  // A third league the admin also belongs to (as after other specs, e.g. "Billing FC …"): the consent must name
  // the one the member chooses, never a preselected one.
  await newLeague(calls, third);

  // The second league: its own age verification, which accepts shared ones (set on the requirement's page).
  await switchTo(page, second);
  calls = await adminApi(page);
  const definitionB = await ageVerification(page, calls, created.id);
  await page.goto(`/content/${definitionB}`);
  await page.getByRole('link', { name: /Shared credentials: accept one/ }).click();
  await expect(page.getByRole('heading', { name: 'Shared credentials' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Accept credentials members share/ }).check();
  await page.getByRole('textbox', { name: /Not older than/ }).fill('365');
  await page.getByRole('button', { name: 'Save setting' }).click();
  await expect(page.getByText(/Setting saved/)).toBeVisible();
  await a11y('credential acceptance');
  await snap('credential-acceptance');
  expect(await myRequirementStatus(page, definitionB)).toBe(0);

  // Back in the demo league: the profile page leads to sharing; the consent shows what crosses.
  await switchTo(page, demoLeague);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Share your credentials' }).click();
  await expect(page.getByRole('heading', { name: /credentials$/, level: 1 })).toBeVisible();
  await expect(page.getByText('Age verification').first()).toBeVisible();
  await a11y('credential sharing');
  await snap('credential-sharing');
  await page.getByRole('button', { name: 'Share Age verification…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Age verification?' });
  // The admin belongs to several other leagues: the dialog asks which one (none is preselected); the second league
  // is chosen by its name.
  const shareWith = dialog.getByRole('combobox', { name: 'Share with' });
  await expect(shareWith).toHaveValue('');
  await expect(dialog).toContainText('What the organization you choose will see');
  await snap('credential-sharing-choose');
  const option = shareWith.locator('option', { hasText: second });
  await shareWith.selectOption((await option.getAttribute('value')) ?? '');
  await expect(dialog).toContainText(`What ${second} will see`);
  await expect(dialog).toContainText('will not see the report, documents, certificates or photos');
  await snap('credential-sharing-consent');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByText('Tick the box to consent to sharing this credential')).toBeVisible();
  await dialog.getByRole('checkbox', { name: new RegExp(`I agree that ${second} may see`) }).check();
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText(`Age verification → ${second}`)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 390);
  await snap('credential-sharing-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The second league counts it: the member's requirement there is met, and it lists what it received.
  await switchTo(page, second);
  expect(await myRequirementStatus(page, definitionB)).toBe(3);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Share your credentials' }).click();
  const received = page.getByRole('region', { name: 'Shared with this organization' });
  await expect(received).toContainText(`Age verification from ${demoLeague}`);
  await expect(received).toContainText('Counts here for: Age verification.');
  await snap('credential-received');
  // The requirement page says what meets it.
  await page.goto(`/requirements/${definitionB}`);
  await expect(
    page.getByText(
      new RegExp(
        `^Met by your age verification shared from ${demoLeague}, completed [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\.$`,
      ),
    ),
  ).toBeVisible();
  // Nothing offered that would redo it, and no staff reopen (ADR 049): it says how it is renewed instead.
  await expect(
    page.getByRole('region', { name: 'Age verification: met by a shared credential' }),
  ).toContainText(`renew it at ${demoLeague}: while you share it, the renewal counts here too`);
  await expect(page.getByRole('region', { name: 'Complete Age verification' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Staff actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Reopen/ })).toHaveCount(0);
  await snap('credential-requirement-met-by-share');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 390);
  await snap('credential-requirement-met-by-share-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  // The second league's directors and admins see what was shared with it.
  await page.goto('/received-credentials');
  await expect(page.getByRole('heading', { name: 'Received credentials', level: 1 })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Age verification' }).first();
  await expect(row).toContainText(demoLeague);
  await expect(row).toContainText('Active');
  await a11y('received credentials');
  await snap('credential-received-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 390);
  await snap('credential-received-list-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Stop sharing, confirmed: the second league's requirement is no longer met.
  await switchTo(page, demoLeague);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Share your credentials' }).click();
  await page.getByRole('button', { name: 'Stop sharing…' }).click();
  const ask = page.getByRole('alertdialog', { name: `Stop sharing with ${second}?` });
  await snap('credential-sharing-revoke');
  await ask.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText(/Stopped on/)).toBeVisible();
  await switchTo(page, second);
  expect(await myRequirementStatus(page, definitionB)).toBe(0);
});
