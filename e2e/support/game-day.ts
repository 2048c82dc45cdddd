import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { bearerHeaders } from './invitations.ts';

/** Signs a demo member in through the sign-in screen (every demo member's password is the README's). */
export async function signInAsMember(page: Page, email: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel(/E-mail address/).fill(email);
  await page.getByLabel(/^Password/).fill('touchline-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible({ timeout: 20_000 });
}

/** Calls the API beside the screens as the page's signed-in user; a refusal throws with its body. */
export async function api<T>(page: Page, method: 'get' | 'post', url: string, data?: object): Promise<T> {
  const res = await page.request[method](url, {
    headers: await bearerHeaders(page),
    ...(data ? { data } : {}),
  });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Today in the browser's time zone (a game's day, as the check-in page takes it). */
export function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}
