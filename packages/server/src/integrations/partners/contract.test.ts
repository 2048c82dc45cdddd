import { generateKeyPairSync } from 'node:crypto';
import {
  createLeagueAppsSandbox,
  type LeagueAppsSandbox,
} from '@touchline/sandbox/leagueapps/leagueapps-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amiliaSignatureHeader,
  amiliaTimestampHeader,
  createAmiliaSandbox,
  signAmiliaWebhook,
  type AmiliaSandbox,
} from '@touchline/sandbox/amilia/amilia-sandbox';
import { VendorHttpError } from '../http/vendor-errors.ts';
import { amiliaAdapter, verifyAmiliaSignature } from './amilia.adapter.ts';
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
    'Amilia (sandbox)',
    async () => {
      const sandbox = createAmiliaSandbox({ perPage: 2 });
      const url = await sandbox.listen();
      sandbox.addOrganization('contract-club', 'Contract club');
      const key = sandbox.createApiKey('contract-club');
      const port = amiliaAdapter({ apiUrl: url, orgIdentifier: 'contract-club', ...key, logger: quiet });
      let n = 0;
      return {
        port,
        async seed(count) {
          const ids: string[] = [];
          for (let i = 0; i < count; i++) {
            n++;
            sandbox.putRegistration('contract-club', amiliaRow(n));
            ids.push(`AC-${n}`);
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
    // Someone to invite: the member, or for a child their guardian (ADR 041 part five).
    expect(all[0]!.person.email || all[0]!.person.guardian?.email).toMatch(/@example\.org$/);
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

function amiliaRow(n: number, extra: { IsCancelled?: boolean } = {}) {
  return {
    RegistrationId: `AC-${n}`,
    Program: { Id: 5, Name: 'Program five' },
    Activity: { Id: 50, Name: 'Saturdays' },
    Person: {
      Id: 700 + n,
      FirstName: `F${n}`,
      LastName: 'L',
      FullName: `F${n} L`,
      DateOfBirth: '2015-03-04T00:00:00',
      Email: null,
    },
    AccountOwner: { Id: 900 + n, FirstName: 'Pat', LastName: 'L', Email: `f${n}@example.org` },
    IsCancelled: extra.IsCancelled ?? false,
  };
}

describe('Amilia specifics against its sandbox', () => {
  let sandbox: AmiliaSandbox;
  let url = '';
  beforeAll(async () => {
    sandbox = createAmiliaSandbox();
    url = await sandbox.listen();
    sandbox.addOrganization('club-a', 'Club A');
    sandbox.addOrganization('club-b', 'Club B');
  });
  afterAll(() => sandbox.close());

  it('refuses a key Amilia never issued, and a key of another organization, as PartnerCredentialsRefused', async () => {
    const stranger = amiliaAdapter({
      apiUrl: url,
      orgIdentifier: 'club-a',
      apiKey: 'ak_unknown',
      apiSecret: 'nope',
      logger: quiet,
    });
    await expect(stranger.test({})).rejects.toBeInstanceOf(PartnerCredentialsRefused);
    const other = amiliaAdapter({
      apiUrl: url,
      orgIdentifier: 'club-a',
      ...sandbox.createApiKey('club-b'),
      logger: quiet,
    });
    await expect(other.test({})).rejects.toBeInstanceOf(PartnerCredentialsRefused);
    await Promise.all([stranger.close(), other.close()]);
  });

  it('re-reads one registration as it is now (the child under the account owner, a guardian), null when unknown', async () => {
    const port = amiliaAdapter({
      apiUrl: url,
      orgIdentifier: 'club-a',
      ...sandbox.createApiKey('club-a'),
      logger: quiet,
    });
    expect((await port.test({})).connectedAs).toBe('Club A (club-a)');
    sandbox.putRegistration('club-a', amiliaRow(1));
    sandbox.putRegistration('club-a', amiliaRow(1, { IsCancelled: true }));
    const read = await port.readRegistration!('AC-1', {});
    expect(read).toMatchObject({
      registrationId: 'AC-1',
      memberId: '701',
      programId: '5',
      withdrawn: true,
      person: {
        firstName: 'F1',
        email: 'f1@example.org',
        dateOfBirth: '2015-03-04',
        guardian: { firstName: 'Pat', email: 'f1@example.org' },
      },
    });
    expect(await port.readRegistration!('AC-404', {})).toBeNull();
    await port.close();
  });

  it('verifies a signature over the exact bytes with the subscription secret, within five minutes', () => {
    const body = Buffer.from('{"EventId":"e1","RegistrationId":"AC-1"}');
    const now = Date.now();
    const ts = String(Math.floor(now / 1000));
    const headers = {
      [amiliaTimestampHeader]: ts,
      [amiliaSignatureHeader]: signAmiliaWebhook('s3cret', ts, body.toString()),
    };
    expect(verifyAmiliaSignature('s3cret', headers, body, now)).toBe(true);
    expect(verifyAmiliaSignature('other', headers, body, now)).toBe(false);
    expect(verifyAmiliaSignature('s3cret', headers, Buffer.from(`${body.toString()} `), now)).toBe(false);
    expect(verifyAmiliaSignature('s3cret', headers, body, now + 301_000)).toBe(false);
    expect(verifyAmiliaSignature('s3cret', { [amiliaTimestampHeader]: ts }, body, now)).toBe(false);
  });
});
