import type { CheckIn, ClearanceCard } from '@touchline/contracts/game-day';
import config from '../playwright.config.ts';
import {
  test,
  expect,
  expectAccessible,
  expectNoSideScroll,
  hideSupportChat,
  snap,
} from '../support/fixtures.ts';
import { writeCameraVideo } from '../support/fake-camera.ts';
import { api, browserToday, signInAsMember } from '../support/game-day.ts';

// Issue 33: a coach's phone camera reads the QR code of a member's clearance card, as the member's phone shows it.
// The member opens their card; what the screen shows of its QR code becomes the video of the coach's camera
// (Chromium's fake camera plays a Y4M file made from it: support/fake-camera.ts); the coach turns the camera on at
// the check-in and the page decodes the frames through its real camera path (zxing-wasm here: desktop Chromium on
// Linux has no BarcodeDetector) and shows the verdict, first the server's, then, with no signal, the phone's own.
// Nothing is typed: if the QR code is not decoded, no verdict shows. Screenshots under e2e/screenshots/game-day-*.

const phone = { width: 390, height: 844 };
const player = 'ethan.kim5@demo.touchline.test';
const coach = 'ava.nguyen0@demo.touchline.test';
const configuredArgs = config.use?.launchOptions?.args ?? [];

// The member's phone: a phone's screen has two or three device pixels to a CSS pixel.
test.use({ viewport: phone, deviceScaleFactor: 2 });

test('a coach’s camera reads a member’s card from their phone: the server’s verdict, then the phone’s with no signal', async ({
  page,
  playwright,
  serverUrl,
}, testInfo) => {
  test.setTimeout(240_000);

  // The member opens their card (the one the server issues now).
  await signInAsMember(page, player);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('link', { name: /^My clearance card/ })
    .first()
    .click();
  const shown = page.getByRole('article', { name: 'Clearance card' });
  await expect(shown.getByRole('heading', { level: 1, name: 'Ethan Kim' })).toBeVisible();
  const cardId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const card = await api<ClearanceCard>(page, 'get', `/api/app/game-day/cards/${cardId}`);
  const outcome = card.state === 'Cleared' ? 'Cleared' : 'NotCleared';
  await snap(page, 'game-day-camera-card-phone');

  // The coach's phone, its camera held over the member's screen.
  const video = testInfo.outputPath('clearance-card.y4m');
  await writeCameraVideo(shown.getByRole('img', { name: 'Card code for Ethan Kim' }), video);
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...configuredArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: serverUrl,
      viewport: phone,
      permissions: ['camera'],
    });
    await hideSupportChat(context);
    const checker = await context.newPage();
    await signInAsMember(checker, coach);
    const roles = await api<{ hierarchyLevelId: string }[]>(checker, 'get', '/api/app/profile/level-roles');
    const team = roles[0]!.hierarchyLevelId;
    const gameOn = await browserToday(checker);
    const checkIns = `/api/app/game-day/games/${team}/${gameOn}/check-ins`;
    await checker.goto(`/game-day/check-in/${team}/${gameOn}`);
    await expect(checker.getByTestId('offline-ready')).toBeVisible();

    // With a signal: the code read from the camera goes to the server, which checks and records it.
    const code = checker.getByLabel(/^Card code/);
    const result = checker.getByRole('region', { name: 'Scan result' });
    await checker.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(result).toContainText('Ethan Kim', { timeout: 30_000 });
    await expect(result.getByText(card.state, { exact: true })).toBeVisible();
    for (const reason of card.reasons) await expect(result).toContainText(reason);
    await expect(result).not.toContainText(/recorded when the signal returns/);
    await expect(code).toHaveValue('');
    await expect(checker.getByRole('region', { name: 'Checked in' })).toContainText(
      `Ethan Kim: ${card.state}`,
    );
    await expectAccessible(checker, 'game-day check-in, a card read by the camera, phone');
    await expectNoSideScroll(checker, phone.width);
    await snap(checker, 'game-day-camera-scan-phone');
    await checker.getByRole('button', { name: 'Stop the camera' }).click();
    await expect(checker.getByRole('region', { name: 'Camera' })).toHaveCount(0);

    // No signal: the phone checks the card itself against the day's keys and roster, and keeps the check-in.
    await context.setOffline(true);
    await checker.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(result).toContainText(/recorded when the signal returns/, { timeout: 30_000 });
    await expect(result).toContainText('Ethan Kim');
    await expect(result.getByText(card.state, { exact: true })).toBeVisible();
    await expect(code).toHaveValue('');
    await snap(checker, 'game-day-camera-scan-offline-phone');
    await checker.getByRole('button', { name: 'Stop the camera' }).click();
    await expect(checker.getByTestId('pending-count')).toHaveText(/^[1-9]/);
    await context.setOffline(false);
    await expect(checker.getByRole('region', { name: 'Waiting to be sent' })).toHaveCount(0, {
      timeout: 20_000,
    });

    // The server holds one check-in of Ethan with the card's state at this game, however often the camera read the
    // card and whether it was sent at once or queued offline (an earlier journey's scan of him is that one too).
    const ethan = (await api<{ items: CheckIn[] }>(checker, 'get', checkIns)).items.filter(
      (i) => i.name === 'Ethan Kim' && i.outcome === outcome,
    );
    expect(ethan).toHaveLength(1);
    await context.close();
  } finally {
    await browser.close();
  }
});
