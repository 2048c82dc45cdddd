import {
  createLeagueAppsSandbox,
  type LeagueAppsSandbox,
} from '@touchline/sandbox/leagueapps/leagueapps-sandbox';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';

// Issue 31: the setup the partner tests share — the LeagueApps sandbox over real HTTP (two sites and their keys), an
// app wired to it, two organizations and their members.

export const siteId = '4242';
export type Who = { auth: Record<string, string> } | null;

export type PartnersTestBed = {
  sandbox: LeagueAppsSandbox;
  key: { clientId: string; privateKeyPem: string };
  otherSiteKey: { clientId: string; privateKeyPem: string };
  integrations: Integrations;
  t: TestApp;
  org: TestOrganization;
  other: TestOrganization;
  admin: TestMember;
  manager: TestMember;
  otherAdmin: TestMember;
  existing: TestMember;
};

export async function startPartnersTestBed(): Promise<PartnersTestBed> {
  const sandbox = createLeagueAppsSandbox({ pageSize: 2 });
  const url = await sandbox.listen();
  sandbox.addSite(siteId, 'Riverside Youth Soccer');
  sandbox.addSite('5151', 'Another site');
  const key = sandbox.createServiceAccount(siteId);
  const otherSiteKey = sandbox.createServiceAccount('5151');
  const integrations = buildIntegrations(
    {
      yardstik: undefined,
      leagueApps: { apiUrl: url, authUrl: url, sandbox: true },
      partnerSealSecret: 'partner-test-secret-0123456789abcdef',
    },
    { info() {}, warn() {} },
  );
  const t = await createTestApp({}, { integrations });
  const org = await createTestOrganization(t);
  const other = await createTestOrganization(t);
  const admin = await addTestMember(t, org, org.root, 'Admin');
  const manager = await addTestMember(t, org, org.division, 'Manager');
  const otherAdmin = await addTestMember(t, other, other.root, 'Admin');
  const existing = await addTestMember(t, org, org.team, 'member');
  return { sandbox, key, otherSiteKey, integrations, t, org, other, admin, manager, otherAdmin, existing };
}

export async function stopPartnersTestBed({ t, integrations, sandbox }: PartnersTestBed) {
  await t.close();
  await integrations.close();
  await sandbox.close();
}
