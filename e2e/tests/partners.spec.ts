import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';

// Issue 31: the demo league's administrator connects the LeagueApps sandbox site at /account/integrations (tested on
// save: "connected as …"), the first sync runs through the job queue, a program is mapped to a level and the Player
// role (its coaches to Coach), and its paid registrations become invitations; the sync state says so.

test('connect the LeagueApps sandbox site, sync, map a program, see the invitations counted', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  await page.goto('/account/integrations');
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
  await snap('partners-connected');

  // The first sync was queued on connect: the sandbox site's three registrations arrive (two paid, one not).
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
  await expect(state).toContainText('2 waiting for a mapping');

  await page.getByRole('button', { name: 'Map programs' }).click();
  const program = 'U12 Spring League (sandbox)';
  await expect(page.getByText(`Not mapped: its 3 registrations wait`)).toBeVisible();
  await page.getByLabel(`Role for ${program}`).selectOption({ label: 'Player' });
  // Per-role labels: the site's coach registration lands as Coach, its players as the program's role.
  await expect(page.getByLabel('Coach registrations (1)')).toHaveValue('');
  await expect(page.getByLabel('Player registrations (2)')).toBeVisible();
  await page.getByLabel('Coach registrations (1)').selectOption({ label: 'Coach' });
  await a11y('partners-mapping');
  await snap('partners-mapping');
  await page.getByRole('button', { name: `Map ${program}` }).click();
  await expect(page.getByText(/^Lands at .+ as Player; Coach registrations as Coach$/)).toBeVisible();
  await expect(state).toContainText('2 invited, 0 waiting for a mapping');
  await snap('partners-mapped');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 390);
  await snap('partners-phone');
});
