import { createUsSoccerSandbox } from '@touchline/sandbox/us-soccer/us-soccer-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../http/vendor-errors.ts';
import type { LicenseProviderPort } from './port.ts';
import { usSoccerAdapter } from './us-soccer.adapter.ts';

/** What the contract needs of each adapter's sandbox beyond the port: register a person, move time, faults. */
type SandboxedAdapter = {
  port: LicenseProviderPort;
  withBadKey: LicenseProviderPort;
  register(person: {
    id: string;
    firstName: string;
    lastName: string;
    birthDate: string | null;
    licenses: { discipline: string; grade: string; expires: string | null; status: 'active' | 'revoked' }[];
  }): Promise<void>;
  advanceDays(days: number): Promise<void>;
  failNext(mode: 'error' | 'timeout', count: number, status?: number): Promise<void>;
  close(): Promise<void>;
};

const quiet = { info() {}, warn() {} };

const adapters: [string, () => Promise<SandboxedAdapter>][] = [
  [
    'us-soccer',
    async () => {
      const sandbox = createUsSoccerSandbox({ apiKey: 'sandbox-key' });
      const baseUrl = await sandbox.listen();
      const make = (apiKey: string) =>
        usSoccerAdapter({ baseUrl, apiKey, logger: quiet, timeoutMs: 300, sandbox: true });
      const port = make('sandbox-key');
      const withBadKey = make('wrong-key');
      return {
        port,
        withBadKey,
        async register(p) {
          const response = await fetch(`${baseUrl}/__sandbox/people`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              ussf_id: p.id,
              first_name: p.firstName,
              last_name: p.lastName,
              birth_date: p.birthDate,
              licenses: p.licenses.map((l) => ({
                discipline: l.discipline,
                license_level: l.grade,
                issue_date: '2024-01-15',
                expiration_date: l.expires,
                status: l.status,
              })),
            }),
          });
          expect(response.status).toBe(201);
        },
        advanceDays: (days) => sandbox.clock.advance(days * 86_400_000),
        async failNext(mode, count, status) {
          await fetch(`${baseUrl}/__sandbox/faults`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ mode, count, ...(status ? { status } : {}) }),
          });
        },
        async close() {
          await Promise.all([port.http.close(), withBadKey.http.close()]);
          await sandbox.close();
        },
      };
    },
  ],
];

describe.each(adapters)('the %s license adapter keeps the port contract', (_name, start) => {
  let adapter: SandboxedAdapter;
  beforeAll(async () => {
    adapter = await start();
  });
  afterAll(async () => adapter.close());

  it('answers the person on record with their licenses in our words', async () => {
    await adapter.register({
      id: '2000000000000001',
      firstName: 'Maria',
      lastName: 'Lopez',
      birthDate: '1988-02-03',
      licenses: [
        { discipline: 'coach', grade: 'C', expires: '2099-06-30', status: 'active' },
        { discipline: 'referee', grade: 'Grassroots', expires: '2099-01-01', status: 'revoked' },
      ],
    });
    const holder = await adapter.port.lookup('2000000000000001', { correlationId: 'contract' });
    expect(holder).toEqual({
      ussfId: '2000000000000001',
      firstName: 'Maria',
      lastName: 'Lopez',
      dateOfBirth: '1988-02-03',
      licenses: [
        { discipline: 'coach', grade: 'C', issuedOn: '2024-01-15', expiresOn: '2099-06-30', inForce: true },
        {
          discipline: 'referee',
          grade: 'Grassroots',
          issuedOn: '2024-01-15',
          expiresOn: '2099-01-01',
          inForce: false,
        },
      ],
    });
    expect(adapter.port.sandbox).toBe(true);
  });

  it('answers null for an id nobody holds, and refuses a wrong key', async () => {
    expect(await adapter.port.lookup('2999999999999999', {})).toBeNull();
    await expect(adapter.withBadKey.lookup('2000000000000001', {})).rejects.toMatchObject({
      status: 401,
    });
    await expect(adapter.withBadKey.lookup('2000000000000001', {})).rejects.toBeInstanceOf(VendorHttpError);
  });

  it('a license past its date is no longer in force once the clock passes it', async () => {
    await adapter.register({
      id: '2000000000000002',
      firstName: 'Lee',
      lastName: 'Park',
      birthDate: null,
      licenses: [{ discipline: 'coach', grade: 'D', expires: '2030-01-01', status: 'active' }],
    });
    expect((await adapter.port.lookup('2000000000000002', {}))?.licenses[0]?.inForce).toBe(true);
    const daysTo2031 = Math.ceil((Date.parse('2031-01-01') - Date.now()) / 86_400_000);
    await adapter.advanceDays(daysTo2031);
    expect((await adapter.port.lookup('2000000000000002', {}))?.licenses[0]?.inForce).toBe(false);
  });

  it('retries a passing vendor failure, and names one that lasts', async () => {
    await adapter.failNext('error', 1, 503);
    expect((await adapter.port.lookup('2000000000000001', {}))?.lastName).toBe('Lopez');
    await adapter.failNext('error', 10, 500);
    await expect(adapter.port.lookup('2000000000000001', {})).rejects.toBeInstanceOf(VendorHttpError);
  });
});
