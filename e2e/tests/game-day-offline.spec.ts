import type { CheckIn, ClearanceCard, OfflinePack } from '@touchline/contracts/game-day';
import { test, expect, expectNoSideScroll } from '../support/fixtures.ts';
import { signInAsDemoAdmin } from '../support/demo-session.ts';
import { api, browserToday, signInAsMember as signInAs } from '../support/game-day.ts';

// Issue 33: a game-day check-in at a field with no signal, on a phone. A coach opens the check-in online (the day's
// keys, revocations and roster come to the phone), the network is cut, three cards are checked (cleared, not
// cleared, revoked) by pasting their codes (a camera reading a card's QR code is game-day-camera.spec.ts), the page
// is even reloaded with no network (the service worker serves it), then the signal returns and the check-ins are
// sent: each once.
// Screenshots under e2e/screenshots/game-day-*.

const phone = { width: 390, height: 844 };
const player = 'ethan.kim5@demo.touchline.test';

// Chromium's fake camera (a moving test pattern, no QR code in it; playwright.config.ts) so the camera scanner really
// starts: its decoder (zxing-wasm here: desktop Chromium on Linux has no BarcodeDetector) loads and compiles under
// the app's CSP.
test.use({ permissions: ['camera'] });
const coach = 'ava.nguyen0@demo.touchline.test';

test('a coach checks three cards in with no signal; the check-ins are sent once when it returns', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(phone);

  // Before the game: the coach's team and three of its members' cards (a cleared one, a not cleared one, and one
  // the league revokes).
  await signInAs(page, coach);
  const roles = await api<{ hierarchyLevelId: string }[]>(page, 'get', '/api/app/profile/level-roles');
  const team = roles[0]!.hierarchyLevelId;
  const roster = await api<OfflinePack['roster']>(page, 'get', `/api/app/game-day/teams/${team}/roster`);
  // The players (the coach is on the roster too).
  // Not Ethan Kim: the camera journey checks him in at this game on the same server, whichever runs first.
  const others = roster.items.filter((i) => i.role === 'Player' && i.name !== 'Ethan Kim');
  const cleared = others.find((i) => i.state === 'Cleared');
  const notCleared = others.find((i) => i.state === 'Not cleared');
  const revoked = others.find((i) => i !== cleared && i !== notCleared);
  if (!cleared || !notCleared || !revoked)
    throw new Error(`the coach's team lacks members: ${JSON.stringify(roster)}`);
  const tokenOf = async (id: string) =>
    (await api<ClearanceCard>(page, 'get', `/api/app/game-day/cards/${id}`)).token;
  const tokens = {
    cleared: await tokenOf(cleared.profileLevelAccessId),
    notCleared: await tokenOf(notCleared.profileLevelAccessId),
    revoked: await tokenOf(revoked.profileLevelAccessId),
  };
  await signInAsDemoAdmin(page);
  await api(page, 'post', '/api/app/game-day/cards/revoke', {
    profileLevelAccessId: revoked.profileLevelAccessId,
  });

  // At the field, with a signal: the check-in page fetches the day's pack and the service worker takes the app.
  await signInAs(page, coach);
  const gameOn = await browserToday(page);
  const checkInUrl = `/game-day/check-in/${team}/${gameOn}`;
  const checkInsOfGame = `/api/app/game-day/games/${team}/${gameOn}/check-ins`;
  const earlier = (await api<{ items: CheckIn[] }>(page, 'get', checkInsOfGame)).items.length;
  await page.goto(checkInUrl);
  await expect(page.getByRole('heading', { level: 1, name: `Game-day check-in · ${gameOn}` })).toBeVisible();
  await expect(page.getByTestId('offline-ready')).toContainText(roster.levelName);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await snap('game-day-check-in-online-phone');

  // The signal goes. Three cards, each checked on the phone.
  await page.context().setOffline(true);
  const code = page.getByLabel(/^Card code/);
  const result = page.getByRole('region', { name: 'Scan result' });
  const checkInWith = async (token: string) => {
    await code.fill(token);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(code).toHaveValue('');
  };
  await checkInWith(tokens.cleared);
  await expect(result).toContainText('Cleared');
  await expect(result).toContainText(cleared.name);
  await expect(result).toContainText(/recorded when the signal returns/);
  await snap('game-day-offline-cleared-phone');
  await checkInWith(tokens.notCleared);
  await expect(result).toContainText('Not cleared');
  await expect(result).toContainText(notCleared.name);
  for (const reason of notCleared.reasons) await expect(result).toContainText(reason);
  await checkInWith(tokens.revoked);
  await expect(result).toContainText('This card was revoked by the league');
  await expect(result).toContainText(revoked.name);
  await expect(page.getByTestId('pending-count')).toHaveText('3');
  await a11y('game-day check-in, offline, phone');
  await expectNoSideScroll(page, phone.width);
  await snap('game-day-offline-revoked-phone');

  // Still no signal: the page opens again from the service worker's copy, the scans still waiting.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Game-day check-in · ${gameOn}` })).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveText('3');
  await expect(page.getByRole('region', { name: 'Waiting to be sent' })).toContainText(
    `${revoked.name}: This card was revoked by the league (pending)`,
  );
  await snap('game-day-offline-reopened-phone');

  // The signal returns: the three go, once each.
  await page.context().setOffline(false);
  const list = page.getByRole('region', { name: 'Checked in' });
  await expect(list.getByRole('heading')).toHaveText(`Checked in (${earlier + 3})`, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Waiting to be sent' })).toHaveCount(0);
  await expect(list).toContainText(`${cleared.name}: Cleared`);
  await expect(list).toContainText(`${notCleared.name}: Not cleared`);
  await expect(list).toContainText(`${revoked.name}: This card was revoked by the league`);
  await snap('game-day-synced-phone');
  // Another "online" (a flaky signal) and a reload send nothing twice.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.reload();
  await expect(list.getByRole('heading')).toHaveText(`Checked in (${earlier + 3})`);
  const recorded = await api<{ items: CheckIn[] }>(page, 'get', checkInsOfGame);
  const ours = new Set([cleared.name, notCleared.name, revoked.name]);
  expect(recorded.items.length).toBe(earlier + 3);
  expect(
    recorded.items
      .filter((i) => i.name !== null && ours.has(i.name))
      .map((i) => [i.name, i.outcome])
      .sort(),
  ).toEqual(
    [
      [cleared.name, 'Cleared'],
      [notCleared.name, 'NotCleared'],
      [revoked.name, 'Revoked'],
    ].sort(),
  );
});

test('a member opens their card from the navigation; it opens again with no signal; the camera scanner starts', async ({
  page,
  a11y,
  snap,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInAs(page, player);
  await page
    .getByRole('link', { name: /^My clearance card/ })
    .first()
    .click();
  const card = page.getByRole('article', { name: 'Clearance card' });
  await expect(card.getByRole('heading', { level: 1, name: 'Ethan Kim' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Card code for Ethan Kim' })).toBeVisible();
  await a11y('clearance card, desktop');
  await snap('game-day-card-desktop');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await page.setViewportSize(phone);
  await page.context().setOffline(true);
  await page.reload();
  await expect(card.getByRole('heading', { level: 1, name: 'Ethan Kim' })).toBeVisible();
  await expect(page.getByText(/this is the copy kept on this phone/)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Card code for Ethan Kim' })).toBeVisible();
  await expectNoSideScroll(page, phone.width);
  await snap('game-day-card-offline-phone');
  await page.context().setOffline(false);

  // The coach's camera: the scanner and its decoder load on demand and read frames without an error.
  await signInAs(page, coach);
  const roles = await api<{ hierarchyLevelId: string }[]>(page, 'get', '/api/app/profile/level-roles');
  await page.goto(`/game-day/check-in/${roles[0]!.hierarchyLevelId}`);
  const wasm = page.waitForResponse((r) => r.url().includes('zxing_reader') && r.ok());
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(page.getByRole('region', { name: 'Camera' }).locator('video')).toHaveAttribute(
    'aria-label',
    /hold a card’s QR code/,
  );
  await wasm;
  await page.waitForTimeout(1500);
  await snap('game-day-camera-phone');
  expect(errors.filter((e) => /WebAssembly|zxing|CompileError/.test(e))).toEqual([]);
  await page.getByRole('button', { name: 'Stop the camera' }).click();
  await expect(page.getByRole('region', { name: 'Camera' })).toHaveCount(0);
});
