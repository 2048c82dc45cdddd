import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// The content editor's course picker (ADR 032): the demo administrator starts a new abuse-prevention training and
// chooses its course from the TalentLMS sandbox's course list (read through the training port), on a desktop and a
// phone. Nothing is created: the league's library stays as the other journeys expect it.

test('an administrator picks the training course from the provider’s list', async ({ page, a11y, snap }) => {
  await signInAsDemoAdmin(page);
  await page.goto('/content');
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Abuse Prevention Training' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('textbox', { name: 'Name', exact: true })
    .fill('Abuse prevention refresher (picker check)');
  const picker = page.getByRole('combobox', { name: /^Course/ });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('option', { name: /The default course/ })).toHaveCount(1);
  await picker.selectOption({ label: 'Abuse Prevention Refresher (sandbox course)' });
  await expect(picker).toHaveValue('102');
  await a11y('training definition, course picker');
  await snap('training-course-picker');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(picker).toBeVisible();
  await expectNoSideScroll(page, 390);
  await snap('training-course-picker-phone');
});
