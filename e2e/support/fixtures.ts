import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startServer } from './server.ts';

const require = createRequire(import.meta.url);
// Evaluated through the DevTools protocol rather than a <script> tag, which the app's CSP (rightly) refuses.
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * Lets the page come to rest before axe judges it: colour transitions and finite animations are switched off for the
 * check (a button fading from its disabled grey to its colour is, mid-way, a colour no one reads; waiting for running
 * animations missed a transition that started during the check on a loaded machine), and the returned function puts
 * them back. Done through a constructed style sheet, which the app's CSP allows, unlike a <style> tag.
 */
async function stillPage(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const still = new CSSStyleSheet();
    still.replaceSync(
      '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }',
    );
    (window as unknown as { __still?: CSSStyleSheet }).__still = still;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    return Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
  return async () => {
    await page.evaluate(() => {
      const still = (window as unknown as { __still?: CSSStyleSheet }).__still;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
    });
  };
}

/** Runs axe-core in the page (WCAG 2.1 A/AA) and fails the test with a readable list of violations. */
export async function expectAccessible(page: Page, label: string) {
  const resume = await stillPage(page);
  // Once per document: a page checked again (another state of the same screen) keeps the axe it was given.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  });
  await resume();
  const readable = (violations as AxeViolation[]).map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(readable, `axe violations on ${label}`).toEqual([]);
}

/**
 * Fails when the page scrolls sideways at its viewport's width, naming the elements that stick out (tag, classes,
 * right edge), so a failure says what to fix rather than only by how many pixels.
 */
export async function expectNoSideScroll(page: Page, width: number) {
  const found = await page.evaluate((limit) => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= limit) return { scrollWidth, offenders: [] as string[] };
    const offenders = [...document.querySelectorAll('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > limit + 0.5)
      .slice(0, 8)
      .map(({ el, right }) => {
        const text = (el.textContent ?? '').trim().slice(0, 40);
        return `<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class') ?? '').slice(0, 100)}"> right=${Math.round(right)} "${text}"`;
      });
    return { scrollWidth, offenders };
  }, width);
  expect(
    found.scrollWidth,
    `${page.url()} is ${found.scrollWidth} px wide at ${width}:\n${found.offenders.join('\n')}`,
  ).toBeLessThanOrEqual(width);
}

/** Saves a full-page screenshot under e2e/screenshots/ for people to look at (any page: a second context too). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Hides the sandbox support chat's launcher in every page of a context (see the `context` fixture below). */
export async function hideSupportChat(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const hidden = new CSSStyleSheet();
    hidden.replaceSync('#intercom-sandbox { visibility: hidden !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hidden];
  });
}

/**
 * Our test: each worker starts its own server on a fresh embedded database (`serverUrl`, the tests' baseURL), so
 * workers run side by side without sharing a row; `a11y` and `snap` are at hand in every test.
 */
export const test = base.extend<
  {
    a11y: (label: string) => Promise<void>;
    snap: (name: string) => Promise<void>;
    /** The sandbox support chat's launcher sits bottom right, over whatever a journey clicks there; shown on request. */
    showSupportChat: boolean;
  },
  { server: { url: string; sandboxes: Record<string, string> }; serverUrl: string }
>({
  server: [
    // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // A start seeds the demo league, its history and its verified players (real document and face checks): on a
    // loaded machine that took more than 90 s once.
    { scope: 'worker', timeout: 240_000 },
  ],
  serverUrl: [async ({ server }, use) => use(server.url), { scope: 'worker' }],
  baseURL: async ({ serverUrl }, use) => {
    await use(serverUrl);
  },
  showSupportChat: [false, { option: true }],
  // Like a person who closed the chat: its launcher is hidden (not removed: the widget still loads and runs) unless a
  // journey is about the chat (support-chat.spec.ts), so it never covers the button a journey clicks at the bottom
  // right (the dashboard's Next page).
  context: async ({ context, showSupportChat }, use) => {
    if (!showSupportChat) await hideSupportChat(context);
    await use(context);
  },
  a11y: async ({ page }, use) => {
    await use((label) => expectAccessible(page, label));
  },
  snap: async ({ page }, use) => {
    await use((name) => snap(page, name));
  },
});

export { expect };
