import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// A US Soccer license in review (ADR 032): the demo league's screened staff include Oakley Griffin, whose US Soccer id
// the sandbox federation holds under another given name. The administrator opens the item in the review queue, reads
// the federation's record beside the member's name with the licenses it lists, and — it is not the same person —
// resets it so the coach corrects their id. Desktop, then the same panel on a phone.

test('a reviewer compares a US Soccer record under another name with the member and sends it back', async ({
  page,
  a11y,
  snap,
}) => {
  await signInAsDemoAdmin(page);
  await page.goto('/reviews');
  await page.getByLabel('Per page').selectOption('100');
  await page.getByRole('button', { name: 'Oakley Griffin', exact: true }).click();
  const record = page.getByRole('region', { name: 'US Soccer license record' });
  await expect(record).toContainText('Name on the recordBartholomew Griffin');
  await expect(record).toContainText(/Approve only if it is the same person/);
  await expect(record).toContainText(/US Soccer sandbox \(a stand-in for testing, not US Soccer\)/);
  await expect(record.getByRole('list', { name: 'Licenses on the record' })).toContainText('In force');
  await a11y('US Soccer license in review');
  await snap('us-soccer-review');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 390);
  await snap('us-soccer-review-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page
    .getByLabel('Notes')
    .fill('The federation lists Bartholomew Griffin under this id: check your 16-digit id.');
  await page.getByRole('button', { name: 'Reset (R)' }).click();
  await expect(page.getByText(/Sent back: Oakley Griffin/)).toBeVisible();
});
