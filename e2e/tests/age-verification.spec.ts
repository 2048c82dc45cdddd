import { test, expect, expectNoSideScroll, snap as snapOf } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { invitedMemberOnPhone, type Invitee } from '../support/invitations.ts';
import { addRequirement, adminApi, newTeam } from '../support/requirement-setup.ts';
import { birthCertificate } from '../../packages/server/src/modules/verification/verification.samples.ts';
import { readableSurname } from '../support/ocr-names.ts';

// Age verification on a phone (issue 29): the administrator assigns a proof of age to the players of a team of this
// journey's own; an invited player reads the photo guidance, states a date of birth and photographs a birth
// certificate whose date differs; the proof is read on the server and goes to review with what was read and why;
// the administrator sees that evidence in the review queue, approves it, and the player's verification reads
// "Verified by a reviewer".

test('a player proves their age on a phone; the uncertain proof is decided in the review queue', async ({
  page,
  browser,
  baseURL,
  a11y,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  const calls = await adminApi(page);
  const stamp = Date.now();
  const teamName = `Age check ${stamp}`;
  const team = { id: await newTeam(page, calls, teamName) };
  const requirementName = `Proof of age ${stamp}`;
  await addRequirement(
    page,
    calls,
    { kind: 'age-verification', base: { name: requirementName }, content: { kind: 'Age' } },
    { teamId: team.id, role: 'Coach' },
  );
  const lastName = readableSurname('Proof', stamp);
  const player: Invitee = {
    email: `robin-age-${stamp}@example.org`,
    firstName: 'Robin',
    lastName,
    role: 'Coach',
    teamName,
  };
  const phone = await invitedMemberOnPhone(page, browser, baseURL, { ...player, teamId: team.id });
  await phone.goto('/requirements');
  await phone.getByRole('link', { name: requirementName, exact: true }).click();
  await expect(phone.getByRole('region', { name: 'How to take the photo' })).toContainText('good light');
  await expectNoSideScroll(phone, 390);
  await snapOf(phone, 'age-verification-form-phone');
  await phone.getByLabel(/Date of birth/).fill('2013-05-14');
  const certificate = await birthCertificate({ firstName: 'Robin', lastName, dateOfBirth: '2012-05-14' });
  await phone
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: certificate });
  await phone.getByRole('button', { name: 'Submit' }).click();
  await expect(phone.getByText('A reviewer of your organization will check your document.')).toBeVisible({
    timeout: 30_000,
  });
  await snapOf(phone, 'age-verification-in-review-phone');

  const memberName = `${player.firstName} ${player.lastName}`;
  await page.goto('/reviews');
  await expect(async () => {
    await page.reload();
    await page.getByLabel('Per page').selectOption('100');
    await page.getByRole('button', { name: memberName, exact: true }).last().click({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const evidence = page.getByRole('region', { name: 'Age verification evidence' });
  await expect(evidence).toContainText(
    'The date of birth read (2012-05-14) differs from the one stated (2013-05-14)',
  );
  await a11y('age verification evidence in review');
  await snapOf(page, 'age-verification-review-desktop');
  await page.getByRole('group', { name: 'Decide' }).getByRole('button', { name: 'Approve (A)' }).click();
  await expect(page.getByText(`Approved: ${memberName}, ${requirementName}.`)).toBeVisible();

  await phone.reload();
  await expect(phone.getByText('Verified by a reviewer.')).toBeVisible();
  await snapOf(phone, 'age-verification-cleared-phone');
  await phone.context().close();
});
