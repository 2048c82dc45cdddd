import {
  amiliaSignatureHeader,
  amiliaTimestampHeader,
  createAmiliaSandbox,
  signAmiliaWebhook,
  type AmiliaRegistration,
  type AmiliaSandbox,
} from '@touchline/sandbox/amilia/amilia-sandbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { eventually } from '../../../test/mail.ts';
import {
  invitations,
  partnerConnections,
  partnerRegistrations,
  profileLevelAccesses,
  profiles,
  webhookEvents,
} from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { syncPartnerConnection } from './partners-sync.ts';

// Issue 31, ADR 041: Amilia — connect with the API key/secret and the webhook subscription's secret (tested on save),
// registrations arriving as signed webhooks from the Amilia sandbox over real HTTP (repeated, reordered, one lost, one
// re-read failing), stored once in the webhook inbox and processed by re-reading; the daily reconciliation finds
// what a lost webhook missed. No member is made twice and nothing is lost.

const orgIdentifier = 'riverside-fc';
let sandbox: AmiliaSandbox;
let apiKey: { apiKey: string; apiSecret: string };
let integrations: Integrations;
let t: TestApp;
let appUrl = '';
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
let connectionId = '';
let webhookSecret = '';
const base = () => `/api/app/organization/${org.id}/partners`;
type Who = { auth: Record<string, string> } | null;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

let sequence = 0;
function registration(
  over: Partial<AmiliaRegistration> = {},
): Omit<AmiliaRegistration, 'DateCreated' | 'DateModified'> {
  sequence += 1;
  return {
    RegistrationId: `AC-${sequence}`,
    Program: { Id: 31, Name: 'U10 Fall Soccer' },
    Activity: { Id: 310, Name: 'Saturdays 9am' },
    Person: {
      Id: 5000 + sequence,
      FirstName: `Kid${sequence}`,
      LastName: 'Amilia',
      FullName: `Kid${sequence} Amilia`,
      DateOfBirth: '2016-05-06T00:00:00',
      Email: null,
      Address: { Address1: '1 Rink Rd', City: 'Montreal', StateProvince: 'QC', ZipPostalCode: 'H2X 1Y4' },
    },
    AccountOwner: {
      Id: 8000 + sequence,
      FirstName: 'Parent',
      LastName: `Of${sequence}`,
      Email: `parent${sequence}.amilia@example.org`,
    },
    IsCancelled: false,
    ...over,
  };
}

async function accessesOf(memberId: number) {
  return t.database.db
    .select()
    .from(profileLevelAccesses)
    .where(
      and(
        eq(profileLevelAccesses.organizationId, org.id),
        eq(profileLevelAccesses.externalId, String(memberId)),
      ),
    );
}
async function statusOf(registrationId: string) {
  const [row] = await t.database.db
    .select({ status: partnerRegistrations.status })
    .from(partnerRegistrations)
    .where(eq(partnerRegistrations.registrationId, registrationId));
  return row?.status;
}
const settled = async () => {
  const events = await t.database.db
    .select({ state: webhookEvents.state })
    .from(webhookEvents)
    .where(eq(webhookEvents.provider, 'amilia'));
  return events.every((e) => e.state === 'processed' || e.state === 'ignored');
};

beforeAll(async () => {
  sandbox = createAmiliaSandbox({ perPage: 2 });
  const url = await sandbox.listen();
  sandbox.addOrganization(orgIdentifier, 'Riverside FC');
  sandbox.addOrganization('another-club', 'Another club');
  apiKey = sandbox.createApiKey(orgIdentifier);
  integrations = buildIntegrations(
    {
      yardstik: undefined,
      amilia: {
        apiUrl: url,
        sandbox: true,
        sandboxOrganization: { siteId: orgIdentifier, ...apiKey },
        subscribeSandboxWebhook: (siteId, organizationId) =>
          sandbox.subscribeWebhook(siteId, `${appUrl}/api/webhooks/amilia/${organizationId}`),
      },
      partnerSealSecret: 'partner-test-secret-0123456789abcdef',
    },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
  appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  manager = await addTestMember(t, org, org.division, 'Manager');
  otherAdmin = await addTestMember(t, other, other.root, 'Admin');
});
afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

describe('connecting Amilia at /account/integrations', () => {
  const amilia = () => ({ providerType: 'Amilia', siteId: orgIdentifier, ...apiKey, webhookSecret });

  it('GET amilia-sandbox-organization: 401, 404 another organization, 403 a manager, 200 the key and a subscription', async () => {
    const url = `${base()}/amilia-sandbox-organization`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await call(manager, 'GET', url)).statusCode).toBe(403);
    const res = await call(admin, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ siteId: orgIdentifier, ...apiKey });
    webhookSecret = res.json().webhookSecret;
    expect(webhookSecret).toMatch(/^whsec_/);
  });

  it('POST {id}/partners: 401, 404, 403, 400 bad input and a refused key (nothing stored), then 201', async () => {
    expect((await call(null, 'POST', base(), amilia())).statusCode).toBe(401);
    expect((await call(otherAdmin, 'POST', base(), amilia())).statusCode).toBe(404);
    expect((await call(manager, 'POST', base(), amilia())).statusCode).toBe(403);
    const bad = await call(admin, 'POST', base(), { ...amilia(), siteId: 'not an org!' });
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'siteId']);
    const noSecret = await call(admin, 'POST', base(), { ...amilia(), webhookSecret: '' });
    expect([noSecret.statusCode, noSecret.json().error.validationErrors[0].field]).toEqual([
      400,
      'webhookSecret',
    ]);
    const refused = await call(admin, 'POST', base(), { ...amilia(), apiSecret: 'wrong' });
    expect([refused.statusCode, refused.json().error.validationErrors[0].field]).toEqual([400, 'apiKey']);
    const otherOrg = await call(admin, 'POST', base(), { ...amilia(), siteId: 'another-club' });
    expect(otherOrg.statusCode).toBe(400);
    expect(await t.database.db.select().from(partnerConnections)).toEqual([]);

    const res = await call(admin, 'POST', base(), amilia());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      providerType: 'Amilia',
      name: 'Amilia',
      logo: '/partners/amilia.svg',
      connectedAs: `Riverside FC (${orgIdentifier})`,
      sandbox: true,
    });
    expect(JSON.stringify(res.json())).not.toContain(apiKey.apiSecret);
    connectionId = res.json().id;
    const [row] = await t.database.db.select().from(partnerConnections);
    expect(row!.credentialsSealed).not.toContain(apiKey.apiSecret);
    expect(row!.credentialsSealed).not.toContain(webhookSecret);
    const mapped = await call(admin, 'PUT', `${base()}/${connectionId}/mappings/31`, {
      hierarchyLevelId: org.team.id,
      labelId: org.labelIds.member,
    });
    expect(mapped.statusCode).toBe(200);
  });
});

describe('POST /api/webhooks/amilia/{organizationId}', () => {
  const deliver = (organizationId: string, body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/webhooks/amilia/${organizationId}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const signed = (body: string, secret = webhookSecret) => {
    const ts = String(Math.floor(Date.now() / 1000));
    return { [amiliaTimestampHeader]: ts, [amiliaSignatureHeader]: signAmiliaWebhook(secret, ts, body) };
  };

  it('401 unsigned, wrongly signed or for an organization with no Amilia connection; 400 bad input; stores nothing', async () => {
    const body = JSON.stringify({
      EventId: 'manual-1',
      OrgIdentifier: orgIdentifier,
      RegistrationId: 'AC-x',
    });
    expect((await deliver(org.id, body, {})).statusCode).toBe(401);
    expect((await deliver(org.id, body, signed(body, 'whsec_not-the-secret'))).statusCode).toBe(401);
    expect((await deliver(other.id, body, signed(body))).statusCode).toBe(401);
    expect((await deliver('not-a-uuid', body, signed(body))).statusCode).toBe(400);
    const notEvent = '{"hello":1}';
    expect((await deliver(org.id, notEvent, signed(notEvent))).statusCode).toBe(400);
    const elsewhere = JSON.stringify({
      EventId: 'm2',
      OrgIdentifier: 'another-club',
      RegistrationId: 'AC-x',
    });
    expect((await deliver(org.id, elsewhere, signed(elsewhere))).statusCode).toBe(400);
    expect(
      await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'amilia')),
    ).toEqual([]);
  });

  it('200 once stored; the same event again is a duplicate (stored once)', async () => {
    const body = JSON.stringify({
      EventId: 'manual-2',
      OrgIdentifier: orgIdentifier,
      RegistrationId: 'AC-none',
    });
    const first = await deliver(org.id, body, signed(body));
    expect([first.statusCode, first.json()]).toEqual([200, { received: true, duplicate: false }]);
    const again = await deliver(org.id, body, signed(body));
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const rows = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `${connectionId}:manual-2`));
    expect(rows).toHaveLength(1);
  });
});

describe('registrations from Amilia: webhooks that repeat and reorder, a fault in the middle, the daily reconciliation', () => {
  it('makes one member per registration, keeps the last state, loses nothing', async () => {
    await t.app.jobs.startWorkers(jobDepsOf(t.app), { pollingIntervalSeconds: 0.5 });
    // Every event delivered three times, held and delivered newest first.
    sandbox.webhooks.configure({ duplicates: 2, reorder: true, reorderWindowMs: 100 });
    const first = registration();
    const second = registration();
    const changed = registration();
    sandbox.putRegistration(orgIdentifier, first);
    sandbox.putRegistration(orgIdentifier, second);
    sandbox.putRegistration(orgIdentifier, changed);
    // The third registration is cancelled right after: its events arrive newest first, the re-read says cancelled.
    sandbox.putRegistration(orgIdentifier, { ...changed, IsCancelled: true });
    // A fault in the middle: twelve reads of the API answer 500, more than the client's own retries (the inbox's job retries)…
    sandbox.faults.arm({
      mode: 'error',
      remaining: 12,
      pathPrefix: `/api/V3/en/org/${orgIdentifier}/registrations/`,
    });
    // …and one registration's webhook is lost entirely (only the reconciliation can find it).
    sandbox.faults.arm({ mode: 'drop-webhooks', remaining: 1 });
    const lost = registration();
    sandbox.putRegistration(orgIdentifier, lost);
    sandbox.flushWebhooks();
    await sandbox.webhooksIdle();

    await eventually(
      async () =>
        (await accessesOf(first.Person.Id)).length === 1 &&
        (await accessesOf(second.Person.Id)).length === 1 &&
        (await statusOf(changed.RegistrationId)) === 'withdrawn' &&
        (await settled()),
      'the webhooks processed',
      60_000,
    );
    const events = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'amilia'));
    // Four events sent (one per change), each delivered three times, each stored once; the lost one never came.
    expect(events.filter((e) => e.objectId.endsWith(':AC-1'))).toHaveLength(1);
    expect(events.filter((e) => e.objectId.endsWith(`:${changed.RegistrationId}`))).toHaveLength(2);
    expect(events.some((e) => e.objectId.endsWith(`:${lost.RegistrationId}`))).toBe(false);
    expect(events.some((e) => e.attempts > 1)).toBe(true); // the fault was met and retried

    // The child (the partner's member id on their access) is the account owner's child profile; the invitation
    // goes to the account owner, once (ADR 041 part five); the prefill is the child's.
    const [access] = await accessesOf(first.Person.Id);
    const [row] = await t.database.db
      .select()
      .from(partnerRegistrations)
      .where(eq(partnerRegistrations.registrationId, first.RegistrationId));
    expect(row!.profileLevelAccessId).toBe(access!.id);
    const sent = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.profileLevelAccessId, row!.guardianProfileLevelAccessId!));
    expect(sent.map((i) => i.email)).toEqual([first.AccountOwner.Email]);
    const [kid] = await t.database.db.select().from(profiles).where(eq(profiles.id, access!.profileId));
    expect([kid!.email, kid!.guardianProfileId]).toEqual([null, sent[0]!.profileId]);
    expect(await t.database.db.select().from(invitations).where(eq(invitations.profileId, kid!.id))).toEqual(
      [],
    );
    expect(row!.prefill).toMatchObject({
      firstName: first.Person.FirstName,
      dateOfBirth: '2016-05-06',
      guardian: { email: first.AccountOwner.Email },
      address: { city: 'Montreal' },
    });

    // The daily reconciliation (the same sync job, from the stored cursor): the lost registration arrives, once.
    sandbox.webhooks.configure({ duplicates: 0, reorder: false });
    await Promise.all([
      syncPartnerConnection(jobDepsOf(t.app), connectionId),
      syncPartnerConnection(jobDepsOf(t.app), connectionId),
    ]);
    expect(await accessesOf(lost.Person.Id)).toHaveLength(1);
    for (const r of [first, second]) expect(await accessesOf(r.Person.Id)).toHaveLength(1);
    // The cancelled one stayed withdrawn: its access (if ever made) archived, never a live second one.
    const cancelled = await accessesOf(changed.Person.Id);
    expect(cancelled.every((a) => a.deletedAt !== null)).toBe(true);
    // Again from the beginning (a replay of everything): still one each.
    await t.database.db
      .update(partnerConnections)
      .set({ cursor: null })
      .where(eq(partnerConnections.id, connectionId));
    await syncPartnerConnection(jobDepsOf(t.app), connectionId);
    for (const r of [first, second, lost]) expect(await accessesOf(r.Person.Id)).toHaveLength(1);
    const listed = (await call(admin, 'GET', base())).json()[0];
    expect(listed).toMatchObject({ state: 'connected', sync: { invited: 3, withdrawn: 1 } });
  });
});
