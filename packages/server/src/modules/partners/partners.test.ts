import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { TestMember, TestOrganization } from '../../../test/factories.ts';
import { partnerConnections, partnerRegistrations } from '../../db/schema/index.ts';
import type { Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { syncPartnerConnection } from './partners-sync.ts';
import {
  siteId,
  startPartnersTestBed,
  stopPartnersTestBed,
  type PartnersTestBed,
  type Who,
} from './partners.test-kit.ts';

// Issue 31: league partners — connect (sealed, tested on save), list, the sandbox site, our own Test partner. The
// roster sync, mappings, the member's reads and removal are in partners-sync.test.ts.

let bed: PartnersTestBed;
let key: { clientId: string; privateKeyPem: string };
let otherSiteKey: { clientId: string; privateKeyPem: string };
let integrations: Integrations;
let t: TestApp;
let org: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
let connectionId = '';
const base = () => `/api/app/organization/${org.id}/partners`;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  bed = await startPartnersTestBed();
  ({ key, otherSiteKey, integrations, t, org, admin, manager, otherAdmin } = bed);
});
afterAll(() => stopPartnersTestBed(bed));

describe('connecting a partner at /account/integrations', () => {
  const leagueApps = () => ({ providerType: 'LeagueApps', siteId, ...key });

  it('POST {id}/partners: 401, 404 another organization, 403 a manager, 400 bad input and refused keys', async () => {
    expect((await call(null, 'POST', base(), leagueApps())).statusCode).toBe(401);
    expect((await call(otherAdmin, 'POST', base(), leagueApps())).statusCode).toBe(404);
    expect((await call(manager, 'POST', base(), leagueApps())).statusCode).toBe(403);
    const bad = await call(admin, 'POST', base(), { ...leagueApps(), siteId: 'riverside' });
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'siteId']);
    const notPem = await call(admin, 'POST', base(), { ...leagueApps(), privateKeyPem: 'hunter2' });
    expect([notPem.statusCode, notPem.json().error.validationErrors[0].field]).toEqual([
      400,
      'privateKeyPem',
    ]);
    const unknownType = await call(admin, 'POST', base(), { providerType: 'Amilia', siteId });
    expect(unknownType.statusCode).toBe(400);
    // A key LeagueApps never issued, and a key of another site: tested on save, refused, nothing stored.
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString()
      .trim();
    const refused = await call(admin, 'POST', base(), { ...leagueApps(), privateKeyPem: stranger });
    expect([refused.statusCode, refused.json().error.validationErrors[0].field]).toEqual([
      400,
      'privateKeyPem',
    ]);
    const wrongSite = await call(admin, 'POST', base(), { ...leagueApps(), ...otherSiteKey });
    expect(wrongSite.statusCode).toBe(400);
    expect(await t.database.db.select().from(partnerConnections)).toEqual([]);
  });

  it('201 connected as the site’s name, credentials sealed and never answered; 409 a second time', async () => {
    const res = await call(admin, 'POST', base(), leagueApps());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    connectionId = body.id;
    expect(body).toMatchObject({
      providerType: 'LeagueApps',
      name: 'LeagueApps',
      logo: '/partners/leagueapps.svg',
      siteId,
      connectedAs: 'Riverside Youth Soccer (site 4242)',
      state: 'connected',
      sandbox: true,
    });
    expect(res.body).not.toContain('PRIVATE KEY');
    expect(res.body).not.toContain(key.clientId);
    const [row] = await t.database.db.select().from(partnerConnections);
    expect(row!.credentialsSealed).not.toContain('PRIVATE KEY');
    expect(row!.credentialsSealed).not.toContain(key.clientId);
    expect(integrations.partners!.open(row!.id, row!.credentialsSealed)).toEqual(key);
    // Bound to its connection: moved to another row's id, it does not open.
    expect(integrations.partners!.open(org.id, row!.credentialsSealed)).toBeNull();
    expect((await call(admin, 'POST', base(), leagueApps())).statusCode).toBe(409);
  });

  it('GET {id}/partners: 401, 404, 403, 200 with the sync state', async () => {
    expect((await call(null, 'GET', base())).statusCode).toBe(401);
    expect((await call(otherAdmin, 'GET', base())).statusCode).toBe(404);
    expect((await call(manager, 'GET', base())).statusCode).toBe(403);
    const res = await call(admin, 'GET', base());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: connectionId,
        sync: { lastRunAt: null, lastError: null, registrations: 0, invited: 0, unmapped: 0, withdrawn: 0 },
      }),
    ]);
  });

  it('GET {id}/partners/sandbox-site: 401, 404, 403, and 404 where no sandbox site is configured', async () => {
    const url = `${base()}/sandbox-site`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await call(manager, 'GET', url)).statusCode).toBe(403);
    const res = await call(admin, 'GET', url);
    expect([res.statusCode, res.json().error.message]).toEqual([404, 'LeagueApps sandbox site not found']);
  });

  it('connects the Test partner (ours) too', async () => {
    const res = await call(admin, 'POST', base(), { providerType: 'Test', siteId: 'Demo trial' });
    expect([res.statusCode, res.json().connectedAs, res.json().sandbox]).toEqual([
      201,
      'Test site “Demo trial” (Touchline’s own test partner)',
      false,
    ]);
    const bad = await call(admin, 'POST', base(), { providerType: 'Test', siteId: '' });
    expect(bad.statusCode).toBe(400);
    // Its fixed roster syncs through the same job: a player and a coach wait for a mapping, the unpaid one pends.
    const testId = res.json().id as string;
    expect(await syncPartnerConnection(jobDepsOf(t.app), testId)).toEqual({ applied: 3, pages: 2 });
    const rows = await t.database.db
      .select({ id: partnerRegistrations.registrationId, status: partnerRegistrations.status })
      .from(partnerRegistrations)
      .where(eq(partnerRegistrations.connectionId, testId));
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'test-1', status: 'unmapped' },
      { id: 'test-2', status: 'unmapped' },
      { id: 'test-3', status: 'pending' },
    ]);
    await t.database.db.delete(partnerConnections).where(eq(partnerConnections.id, testId));
  });
});
