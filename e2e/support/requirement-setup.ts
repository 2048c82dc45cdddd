import type { Page } from '@playwright/test';
import { demoLeague } from './demo-session.ts';
import { bearerHeaders, topLevelId } from './invitations.ts';

// What the requirement journeys prepare through the API before the screens they are about: the demo league's id, a
// team of their own, a requirement definition of a type assigned to a role on a team. One place, so each journey
// says what it sets up rather than how.

export { demoLeague };

/** JSON calls as the signed-in page's user; a non-2xx answer throws with its status and body. */
export async function adminApi(page: Page) {
  const headers = await bearerHeaders(page);
  const call = async (method: 'get' | 'post' | 'put', url: string, data?: object) => {
    const res = await page.request[method](url, { headers, ...(data ? { data } : {}) });
    if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.status() === 204 ? null : ((await res.json()) as unknown);
  };
  return {
    get: (url: string) => call('get', url),
    post: (url: string, data: object) => call('post', url, data),
    put: (url: string, data: object) => call('put', url, data),
  };
}

export type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/** The demo league's id, by name. */
export async function demoLeagueId(calls: AdminApi): Promise<string> {
  const orgs = (await calls.get('/api/app/organization/organization-list?PerPage=1000')) as
    { id: string; name: string }[] | { items: { id: string; name: string }[] };
  const list = Array.isArray(orgs) ? orgs : orgs.items;
  const league = list.find((o) => o.name === demoLeague);
  if (!league) throw new Error(`${demoLeague} is not among the administrator's organizations`);
  return league.id;
}

/** A new team directly under the administrator's top level, for a journey's own members. */
export async function newTeam(page: Page, calls: AdminApi, name: string): Promise<string> {
  const created = (await calls.post('/api/app/hierarchy-level', {
    parentId: await topLevelId(page),
    name,
  })) as {
    id: string;
  };
  return created.id;
}

/**
 * Creates a requirement definition of a kind (`content-{kind}`: background-check, abuse-prevention-training, …) in
 * the demo league and assigns it to a role on a team; answers the created definition as the API answered it.
 */
export async function addRequirement(
  page: Page,
  calls: AdminApi,
  requirement: { kind: string; base: { name: string } & Record<string, unknown>; content: object },
  assignTo: { teamId: string; role: string },
): Promise<{ id: string } & Record<string, unknown>> {
  const orgId = await demoLeagueId(calls);
  const created = (await calls.post(`/api/app/content/content-${requirement.kind}/${orgId}`, {
    base: requirement.base,
    content: requirement.content,
  })) as { id: string } & Record<string, unknown>;
  const labels = (await calls.get(`/api/app/labels?hierarchyLevelId=${await topLevelId(page)}`)) as {
    items: { id: string; name: string }[];
  };
  const label = labels.items.find((l) => l.name === assignTo.role);
  if (!label) throw new Error(`no role ${assignTo.role}`);
  await calls.post(`/api/app/content/${created.id}/assign-content`, {
    contentAssignments: [{ hierarchyLevelId: assignTo.teamId, labelId: label.id }],
  });
  return created;
}

/** The demo league's LiveScan request form for California, as the member's LiveScan page needs one (ADR 032). */
export async function addLiveScanLocation(calls: AdminApi, orgId: string): Promise<void> {
  await calls.post(`/api/app/organization/${orgId}/live-scan-urls`, {
    state: 'CA',
    name: 'California DOJ applicant fingerprinting',
    locationsUrl: 'https://oag.ca.gov/fingerprints/locations',
    ori: 'A1234567',
    agencyName: demoLeague,
    agencyAddress: '1 Pitch Lane, Riverside CA',
    mailCode: '12345',
    levelOfService: 'DOJ and FBI',
    typeOfApplicant: 'Volunteer',
  });
}
