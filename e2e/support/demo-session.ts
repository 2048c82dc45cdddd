import type { Page } from '@playwright/test';
import { webClientId, webClientScope } from '@touchline/contracts/accounts';

/** The demo administrator of the README. */
export const demoAdmin = { email: 'admin@demo.touchline.test', password: 'touchline-demo' } as const;

/** The demo's platform administrator (TouchlineAdmin, no organization), seeded beside the demo league. */
export const demoPlatformAdmin = {
  email: 'platform@demo.touchline.test',
  password: 'touchline-demo',
} as const;

/** Signs the page in as the demo platform administrator, as signInAsDemoAdmin does for the league's. */
export function signInAsDemoPlatformAdmin(page: Page): Promise<void> {
  return signInAs(page, demoPlatformAdmin, ['TouchlineAdmin']);
}

/**
 * The demo league. Journeys on one server run one after another, and some leave the administrator in another
 * organization (one they created, or joined to share a credential with): each demo sign-in selects the league again,
 * as the organization switcher does, so no journey depends on which ran before it.
 */
export const demoLeague = 'Riverside Youth Soccer League';

/**
 * Signs the page's browser context in as the demo administrator through the real calls (identity token, policy
 * acceptance, web session cookie), for journeys that are about something after sign-in. The sign-in screens
 * themselves are walked through in auth.spec.ts.
 */
export function signInAsDemoAdmin(page: Page): Promise<void> {
  return signInAs(page, demoAdmin, ['Admin'], demoLeague);
}

async function signInAs(
  page: Page,
  account: { email: string; password: string },
  roles: string[],
  organizationName?: string,
): Promise<void> {
  const form = {
    grant_type: 'password',
    client_id: webClientId,
    scope: webClientScope,
    username: account.email,
    password: account.password,
  };
  const signIn = await page.request.post('/connect/token', { form });
  if (!signIn.ok()) throw new Error(`demo sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  const first = (await signIn.json()) as { access_token: string; refresh_token: string };
  for (const acceptedType of ['terms', 'privacy']) {
    const accepted = await page.request.post('/api/app/user-acceptance/accept', {
      data: { acceptedType },
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    if (accepted.status() !== 204) throw new Error(`accepting ${acceptedType} failed: ${accepted.status()}`);
  }
  if (organizationName) await selectOrganizationNamed(page, first.access_token, organizationName);
  // A fresh sign-in carries the acceptances (and the selected organization) in its claims.
  const tokens = (await (await page.request.post('/connect/token', { form })).json()) as typeof first;
  const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
    auth_time: number;
  };
  const set = await page.request.post('/api/active-user-session-set', {
    data: {
      token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      authTime: claims.auth_time * 1000,
      roles,
      remember: true,
    },
  });
  if (set.status() !== 204) throw new Error(`session set failed: ${set.status()}`);
}

/** GET select-organization for the user's organization of that name (spec §7), as the organization switcher does. */
async function selectOrganizationNamed(page: Page, accessToken: string, name: string): Promise<void> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const listed = await page.request.get('/api/app/organization/organization-list?PerPage=1000', { headers });
  if (!listed.ok()) throw new Error(`organization list failed: ${listed.status()}`);
  const body = (await listed.json()) as
    { id: string; name: string }[] | { items: { id: string; name: string }[] };
  const organization = (Array.isArray(body) ? body : body.items).find((o) => o.name === name);
  if (!organization) throw new Error(`${name} is not among the user's organizations`);
  const selected = await page.request.get(`/api/app/organization/${organization.id}/select-organization`, {
    headers,
  });
  if (!selected.ok()) throw new Error(`select-organization failed: ${selected.status()}`);
}
