import { generateKeyPairSync } from 'node:crypto';
import {
  createLeagueAppsSandbox,
  type LeagueAppsSandbox,
} from '@touchline/sandbox/leagueapps/leagueapps-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../http/vendor-errors.ts';
import { leagueAppsAdapter } from './leagueapps.adapter.ts';
import { PartnerCredentialsRefused, type PartnerPort, type PartnerRegistration } from './port.ts';
import { testPartnerAdapter } from './test-partner.adapter.ts';

// The partner port's contract (issue 31, ADR 041), for each adapter against its sandbox (LeagueApps over real HTTP)
// or, for the Test partner, against itself (it is ours).

const quiet = { info() {}, warn() {} };

type Contracted = {
  port: PartnerPort;
  /** Seeds n registrations at the partner (oldest first); answers their ids. */
  seed(n: number): Promise<string[]>;
  close(): Promise<void>;
};

async function drain(port: PartnerPort): Promise<PartnerRegistration[]> {
  const all: PartnerRegistration[] = [];
  let cursor = null;
  for (let i = 0; i < 100; i++) {
    const page = await port.exportRegistrations(cursor, {});
    if (page.registrations.length === 0) break;
    all.push(...page.registrations);
    cursor = page.next;
  }
  return all;
}

const adapters: [string, () => Promise<Contracted>][] = [
  [
    'LeagueApps (sandbox)',
    async () => {
      const sandbox = createLeagueAppsSandbox({ pageSize: 2 });
      const url = await sandbox.listen();
      sandbox.addSite('31', 'Contract site');
      const key = sandbox.createServiceAccount('31');
      const port = leagueAppsAdapter({ apiUrl: url, authUrl: url, siteId: '31', ...key, logger: quiet });
      let n = 0;
      return {
        port,
        async seed(count) {
          const ids: string[] = [];
          for (let i = 0; i < count; i++) {
            n++;
            sandbox.putRegistration('31', {
              id: String(n),
              userId: `u${n}`,
              programId: '5',
              programName: 'Program five',
              role: 'PLAYER',
              registrationStatus: 'ACTIVE',
              paymentStatus: 'PAID',
              placed: true,
              firstName: `F${n}`,
              lastName: 'L',
              email: `f${n}@example.org`,
            });
            ids.push(String(n));
          }
          return ids;
        },
        close: async () => {
          await port.close();
          await sandbox.close();
        },
      };
    },
  ],
  [
    'Test partner (ours)',
    async () => {
      const port = testPartnerAdapter({ siteId: 'Contract', appUrl: 'http://127.0.0.1:3000' });
      return { port, seed: async () => ['test-1', 'test-2', 'test-3'], close: () => port.close() };
    },
  ],
];

describe.each(adapters)('the partner port contract: %s', (_name, make) => {
  let subject: Contracted;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(() => subject.close());

  it('tests the connection and names the site', async () => {
    const { connectedAs } = await subject.port.test({});
    expect(connectedAs.length).toBeGreaterThan(0);
  });

  it('exports every registration once, oldest change first, across pages; an exhausted cursor answers empty', async () => {
    const ids = await subject.seed(3);
    const all = await drain(subject.port);
    expect(all.map((r) => r.registrationId)).toEqual(ids);
    for (let i = 1; i < all.length; i++)
      expect(all[i]!.updatedAt).toBeGreaterThanOrEqual(all[i - 1]!.updatedAt);
    const last = all.at(-1)!;
    const after = await subject.port.exportRegistrations(
      { lastUpdated: last.updatedAt, lastId: last.registrationId },
      {},
    );
    expect(after.registrations).toEqual([]);
    expect(all[0]!.person.email).toMatch(/@example\.org$/);
    expect(subject.port.returnUrl).toMatch(/^https?:\/\//);
  });
});

describe('LeagueApps specifics against its sandbox', () => {
  let sandbox: LeagueAppsSandbox;
  let url = '';
  beforeAll(async () => {
    sandbox = createLeagueAppsSandbox({ requestsPerMinute: 1 });
    url = await sandbox.listen();
    sandbox.addSite('7', 'Quota site');
  });
  afterAll(() => sandbox.close());

  it('refuses a key LeagueApps never issued as PartnerCredentialsRefused', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const port = leagueAppsAdapter({
      apiUrl: url,
      authUrl: url,
      siteId: '7',
      clientId: 'sandbox-unknown',
      privateKeyPem: stranger,
      logger: quiet,
    });
    await expect(port.test({})).rejects.toBeInstanceOf(PartnerCredentialsRefused);
    await port.close();
  });

  it('meets 429 when the quota is spent (after its retries) and works again the next minute', async () => {
    const key = sandbox.createServiceAccount('7');
    const port = leagueAppsAdapter({ apiUrl: url, authUrl: url, siteId: '7', ...key, logger: quiet });
    await port.exportRegistrations(null, {});
    const spent = await port.exportRegistrations(null, {}).catch((e: unknown) => e);
    expect(spent).toBeInstanceOf(VendorHttpError);
    expect((spent as VendorHttpError).status).toBe(429);
    await sandbox.clock.advance(60_000);
    expect((await port.exportRegistrations(null, {})).registrations).toEqual([]);
    await port.close();
  });

  it('asks for a new access token when LeagueApps stops honouring the one it holds', async () => {
    sandbox.addSite('8', 'Token site');
    const key = sandbox.createServiceAccount('8');
    const port = leagueAppsAdapter({ apiUrl: url, authUrl: url, siteId: '8', ...key, logger: quiet });
    await port.test({});
    sandbox.revokeTokens();
    await sandbox.clock.advance(60_000);
    expect((await port.exportRegistrations(null, {})).registrations).toEqual([]);
    await port.close();
  });
});
