import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// The demo administrator builds a form with a conditional question, previews it, creates a waiver, a video and a
// training, and assigns the four to the Volunteer role at the league's top level.

const library = (page: Page) => page.getByRole('region', { name: 'Requirements' });
const row = (page: Page, name: string) =>
  library(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function startNew(page: Page, typeLabel: string, name: string) {
  await page.goto('/content');
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: typeLabel });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
}

async function create(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create requirement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content library' })).toBeVisible();
  await expect(row(page, name)).toContainText('Not assigned');
}

async function assignToVolunteers(page: Page, name: string) {
  await row(page, name)
    .getByRole('button', { name: `Assign ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Assign ${name}` });
  await expect(dialog.getByRole('combobox', { name: 'Level' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Volunteer' }).check();
  await expect(dialog.getByText(/^Volunteer at Riverside Youth Soccer League$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save assignments' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toContainText('Assigned once');
}

test('an administrator builds a form and assigns it with a waiver, a video and a training', async ({
  page,
  a11y,
  snap,
}) => {
  await signInAsDemoAdmin(page);
  await page.goto('/organization/settings');
  await page.getByRole('link', { name: /^Content library/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content library' })).toBeVisible();
  await expect(row(page, 'Medical & emergency contact form')).toContainText('Form');
  await expect(row(page, 'Coach & volunteer safety video')).toContainText('Video');
  await a11y('content library');
  await snap('content-library');

  const form = `Tournament travel form ${Date.now()}`;
  await startNew(page, 'Form', form);
  await page.getByRole('textbox', { name: 'Question 1' }).fill('Will your child travel with the team?');
  await page.getByRole('combobox', { name: 'Answer type of question 1' }).selectOption('radio');
  await page.getByRole('textbox', { name: /Options of question 1/ }).fill('Yes\nNo');
  await page.getByRole('checkbox', { name: 'Question 1 is required' }).check();
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question 2' }).fill('Who will drive?');
  await page
    .getByRole('combobox', { name: 'Question', exact: true })
    .selectOption({ label: 'Will your child travel with the team?' });
  await page.getByRole('combobox', { name: 'Answer is' }).selectOption('Yes');

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('textbox', { name: 'Who will drive?' })).toBeHidden();
  await preview.getByRole('radio', { name: 'Yes' }).check();
  await expect(preview.getByRole('textbox', { name: 'Who will drive?' })).toBeVisible();
  await snap('content-form-builder');
  await preview.getByRole('radio', { name: 'No' }).check();
  await expect(preview.getByRole('textbox', { name: 'Who will drive?' })).toBeHidden();
  await create(page, form);

  const waiver = `Tournament waiver ${Date.now()}`;
  await startNew(page, 'Waiver', waiver);
  await page.getByRole('button', { name: 'Create requirement' }).click();
  await expect(page.getByText('Enter the waiver text')).toBeVisible();
  await page
    .getByRole('textbox', { name: /Waiver text/ })
    .fill('I release the league from claims arising from travel.');
  await create(page, waiver);

  const video = `Travel safety video ${Date.now()}`;
  await startNew(page, 'Video', video);
  await page
    .getByRole('textbox', { name: 'Video link (https)' })
    .fill('https://videos.example.org/travel-safety.webm');
  await page.getByRole('spinbutton', { name: /Share that must be watched/ }).fill('75');
  await create(page, video);

  const training = `Chaperone training ${Date.now()}`;
  await startNew(page, 'Training', training);
  await page.getByRole('textbox', { name: 'Training link (https)' }).fill('http://training.example.org');
  await page.getByRole('button', { name: 'Create requirement' }).click();
  await expect(page.getByText('Enter a link starting with https://')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Training link (https)' })
    .fill('https://training.example.org/chaperones');
  await create(page, training);

  for (const name of [form, waiver, video, training]) await assignToVolunteers(page, name);
  await snap('content-assigned');

  await row(page, form)
    .getByRole('button', { name: `Assign ${form}` })
    .click();
  await expect(
    page
      .getByRole('dialog', { name: `Assign ${form}` })
      .getByText('Volunteer at Riverside Youth Soccer League'),
  ).toBeVisible();
  await snap('content-assign-dialog');
});
