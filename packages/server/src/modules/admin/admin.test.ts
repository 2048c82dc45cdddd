import { and, eq, sql } from 'drizzle-orm';
import { webClientId } from '@touchline/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestUser,
  createTestSuite,
  type TestMember,
  type TestOrganization,
  validationFields,
} from '../../../test/factories.ts';
import { mailTo } from '../../../test/mail.ts';
import { auditEvents, organizations } from '../../db/schema/index.ts';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let members: Record<'admin' | 'manager' | 'player' | 'otherAdmin', TestMember>;
let platform: Awaited<ReturnType<typeof addTestUser>>;

type Page = { items: Record<string, unknown>[]; totalCount: number };

beforeAll(async () => {
  ({ t, org, other, members } = await createTestSuite(
    {
      admin: ['root', 'Admin', { firstName: 'Ada', lastName: 'Lovelace' }],
      manager: ['team', 'Manager'],
      player: ['team', 'member', { firstName: 'Pia', lastName: 'Player' }],
      otherAdmin: ['root', 'Admin', { in: 'other' }],
    },
    { org: 'Admin Area Northside League', other: 'Admin Area Southside Club' },
  ));
  await t.database.db.update(organizations).set({ isDemo: true }).where(eq(organizations.id, other.id));
  platform = await addTestUser(t, ['TouchlineAdmin']);
}, 120_000);

afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });

/** The /admin API's first rows of every matrix: 401 anonymous, and the unknown route's 404 to everyone else. */
async function expectHidden(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  const anonymous = await t.app.inject({ method, url, ...(payload === undefined ? {} : { payload }) });
  expect(anonymous.statusCode).toBe(401);
  for (const who of [members.admin, members.manager, members.player]) {
    const res = await t.app.inject({
      method,
      url,
      headers: who.auth,
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(404);
    // Word for word what an unknown route answers: nothing says the area exists.
    expect((res.json() as { error: { message: string } }).error.message).toBe(
      `Route ${method} ${url.split('?')[0]} not found`,
    );
  }
}

describe('GET /api/app/admin/organizations', () => {
  const url = '/api/app/admin/organizations';

  it('is hidden from everyone but platform administrators, even with bad input', async () => {
    await expectHidden('GET', url);
    await expectHidden('GET', `${url}?perPage=0&sort=nonsense`);
  });

  it('answers 400 with field errors for bad filters', async () => {
    const res = await get(`${url}?perPage=0&sort=size&demo=maybe&billing=DROP%20TABLE`, platform.auth);
    expect(res.statusCode).toBe(400);
    expect(validationFields(res)).toEqual(['billing', 'demo', 'perPage', 'sort']);
  });

  it('searches by name, filters demo, pages on the server with the total', async () => {
    const res = await get(`${url}?search=admin%20area&perPage=1`, platform.auth);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.totalCount).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: org.id,
      name: 'Admin Area Northside League',
      isDemo: false,
      memberCount: 3,
      subscriptionStatus: 'none',
      vendors: [],
    });
    const second = (await get(`${url}?search=admin%20area&perPage=1&page=2`, platform.auth)).json() as Page;
    expect(second.items[0]?.id).toBe(other.id);
    const demo = (await get(`${url}?search=admin%20area&demo=true`, platform.auth)).json() as Page;
    expect(demo.items.map((i) => i.id)).toEqual([other.id]);
    // A wildcard typed by the operator is text, not a pattern.
    const literal = (await get(`${url}?search=%25`, platform.auth)).json() as Page;
    expect(literal.totalCount).toBe(0);
  });
});

describe('GET /api/app/admin/organizations/:id', () => {
  it('is hidden, refuses a bad id with 400, a missing one with 404', async () => {
    await expectHidden('GET', `/api/app/admin/organizations/${org.id}`);
    expect((await get('/api/app/admin/organizations/not-a-uuid', platform.auth)).statusCode).toBe(400);
    const missing = await get(`/api/app/admin/organizations/${crypto.randomUUID()}`, platform.auth);
    expect(missing.statusCode).toBe(404);
  });

  it("shows the organization's tree, members by status and billing", async () => {
    const res = await get(`/api/app/admin/organizations/${org.id}`, platform.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      id: org.id,
      levels: { count: 3, depth: 2 },
      location: { countryCode: 'US', stateCode: 'CA', cityName: 'Testville' },
      billing: { subscriptionStatus: 'none', billingEmailSet: false },
      clientGrants: [],
      webhooks: { last30Days: 0, unprocessed: 0 },
    });
    const counts = body.memberStatusCounts as { count: number }[];
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(3);
    expect((body.levels as { topLevel: { name: string }[] }).topLevel.map((l) => l.name)).toEqual([
      'Admin Area Northside League',
      'Division',
    ]);
  });
});

describe('GET /api/app/admin/organizations/:id/people and /audit', () => {
  it('are hidden and validate their input', async () => {
    await expectHidden('GET', `/api/app/admin/organizations/${org.id}/people`);
    await expectHidden('GET', `/api/app/admin/organizations/${org.id}/audit`);
    const bad = await get(`/api/app/admin/organizations/${org.id}/audit?entityType=x;y`, platform.auth);
    expect(bad.statusCode).toBe(400);
  });

  it("lists the organization's people with their roles, searched", async () => {
    const res = await get(`/api/app/admin/organizations/${org.id}/people?search=lovelace`, platform.auth);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.totalCount).toBe(1);
    expect(page.items[0]).toMatchObject({
      profileId: members.admin.profileId,
      userId: members.admin.userId,
      roles: ['Admin'],
    });
    const otherPeople = (
      await get(`/api/app/admin/organizations/${other.id}/people?search=lovelace`, platform.auth)
    ).json() as Page;
    expect(otherPeople.totalCount).toBe(0);
  });
});

describe('people: search, memberships and actions', () => {
  it('are hidden from everyone else', async () => {
    await expectHidden('GET', '/api/app/admin/people?search=x');
    await expectHidden('GET', `/api/app/admin/people/${members.player.userId}`);
    await expectHidden('POST', `/api/app/admin/people/${members.player.userId}/unlock`);
    await expectHidden('POST', `/api/app/admin/people/${members.player.userId}/password-reset`);
    await expectHidden('POST', `/api/app/admin/people/${members.player.userId}/resend-confirmation`);
    await expectHidden('PUT', `/api/app/admin/people/${members.player.userId}/platform-admin`, {
      grant: true,
    });
  });

  it('answers 400 for bad input and 404 for an unknown account', async () => {
    expect((await get('/api/app/admin/people?perPage=500', platform.auth)).statusCode).toBe(400);
    expect((await get('/api/app/admin/people/nope', platform.auth)).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/app/admin/people/${members.player.userId}/platform-admin`,
      headers: platform.auth,
      payload: { grant: 'yes' },
    });
    expect(validationFields(bad)).toEqual(['grant']);
    const unknown = crypto.randomUUID();
    expect((await get(`/api/app/admin/people/${unknown}`, platform.auth)).statusCode).toBe(404);
    expect((await post(`/api/app/admin/people/${unknown}/unlock`, platform.auth)).statusCode).toBe(404);
  });

  it('finds an account by e-mail across organizations and shows its memberships', async () => {
    const search = await get(`/api/app/admin/people?search=${members.otherAdmin.email}`, platform.auth);
    expect(search.statusCode).toBe(200);
    const page = search.json() as Page;
    expect(page.totalCount).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: members.otherAdmin.userId,
      emailConfirmed: true,
      platformAdmin: false,
      lockedUntil: null,
    });
    const person = await get(`/api/app/admin/people/${members.otherAdmin.userId}`, platform.auth);
    expect(person.json()).toMatchObject({
      memberships: [
        {
          organizationId: other.id,
          organizationName: 'Admin Area Southside Club',
          accesses: [{ levelName: 'Admin Area Southside Club', labelName: 'Admin', role: 'Admin' }],
        },
      ],
    });
  });

  it('unlocks an account its wrong passwords locked, audited', async () => {
    const wrong = () =>
      t.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          client_id: webClientId,
          scope: 'openid offline_access',
          username: members.manager.email,
          password: 'not the password',
        }).toString(),
      });
    for (let i = 0; i < 6; i++) await wrong();
    await expect(t.signIn(members.manager.email)).rejects.toThrow(/429|400/);
    const locked = (await get(`/api/app/admin/people/${members.manager.userId}`, platform.auth)).json() as {
      lockedUntil: string | null;
    };
    expect(locked.lockedUntil).not.toBeNull();
    const res = await post(`/api/app/admin/people/${members.manager.userId}/unlock`, platform.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lockedUntil: null });
    await expect(t.signIn(members.manager.email)).resolves.toBeTruthy();
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'person.unlocked'), eq(auditEvents.entityId, members.manager.userId!)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBe(platform.userId);
  });

  it('starts a password reset: the link is e-mailed, audited', async () => {
    const before = (await mailTo(t, members.player.email)).length;
    const res = await post(`/api/app/admin/people/${members.player.userId}/password-reset`, platform.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `A password reset link was sent to ${members.player.email}.` });
    const mails = await mailTo(t, members.player.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.text).toContain('/reset-password?token=');
  });

  it('resends a confirmation only to an account still waiting for it', async () => {
    const confirmed = await post(
      `/api/app/admin/people/${members.player.userId}/resend-confirmation`,
      platform.auth,
    );
    expect(confirmed.statusCode).toBe(409);
    const waiting = await addTestUser(t);
    await t.database.db.execute(
      sql`update identity_users set email_confirmed_at = null where id = ${waiting.userId}`,
    );
    const res = await post(`/api/app/admin/people/${waiting.userId}/resend-confirmation`, platform.auth);
    expect(res.statusCode).toBe(200);
    const mails = await mailTo(t, waiting.email);
    expect(mails.at(-1)?.text).toContain('/confirm-email?token=');
    // The CLI's rule: an unconfirmed account is not made a platform administrator.
    const grant = await t.app.inject({
      method: 'PUT',
      url: `/api/app/admin/people/${waiting.userId}/platform-admin`,
      headers: platform.auth,
      payload: { grant: true },
    });
    expect(grant.statusCode).toBe(409);
  });

  it('grants and withdraws TouchlineAdmin by the CLI rules, audited; never their own', async () => {
    const put = (userId: string, grant: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/app/admin/people/${userId}/platform-admin`,
        headers: platform.auth,
        payload: { grant },
      });
    const someone = await addTestUser(t);
    expect((await put(someone.userId, true)).json()).toEqual({
      message: `${someone.email} is now a platform administrator (from their next sign-in or token refresh).`,
    });
    expect((await put(someone.userId, true)).json()).toMatchObject({
      message: expect.stringContaining('already'),
    });
    // The new token carries the role: the /admin area opens.
    const again = await t.signIn(someone.email);
    const opened = await get('/api/app/admin/health', { authorization: `Bearer ${again.access_token}` });
    expect(opened.statusCode).toBe(200);
    expect((await put(someone.userId, false)).statusCode).toBe(200);
    expect((await put(platform.userId, false)).statusCode).toBe(409);
    const trail = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, someone.userId));
    expect(trail.map((e) => e.action).sort()).toEqual([
      'person.platform_admin_granted',
      'person.platform_admin_withdrawn',
    ]);
  });
});

describe('GET /api/app/admin/health', () => {
  it('is hidden from everyone else', async () => {
    await expectHidden('GET', '/api/app/admin/health');
  });

  it('shows queue depths per queue, webhook lag and the mail backlog', async () => {
    const res = await get('/api/app/admin/health', platform.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      queues: { queue: string; queued: number }[];
      mailOutbox: { pending: number };
      webhooks: { unprocessed: number; lagSeconds: number | null };
      tracing: unknown;
    };
    // The password reset and confirmation above are queued mail (no worker runs here): they show.
    expect(body.queues.find((q) => q.queue === 'mail.send')?.queued).toBeGreaterThanOrEqual(2);
    expect(body.mailOutbox.pending).toBeGreaterThanOrEqual(2);
    expect(body.webhooks).toEqual({ unprocessed: 0, oldestUnprocessedAt: null, lagSeconds: null });
    // No OTLP endpoint in this test app: no traces, and no link to a receiver.
    expect(body.tracing).toEqual({ exporting: false, endpoint: null, recentTracesUrl: null });
  });
});

describe('the public API document', () => {
  it('does not list the /admin API', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/app/admin'))).toEqual([]);
  });
});
