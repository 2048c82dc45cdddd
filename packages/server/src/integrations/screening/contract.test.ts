import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTazworksSandbox } from '@touchline/sandbox/tazworks/tazworks-sandbox';
import { createYardstikSandbox } from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../http/vendor-errors.ts';
import { InvalidWebhookSignature, type ScreeningPort } from './port.ts';
import { tazworksAdapter } from './tazworks.adapter.ts';
import { yardstikAdapter } from './yardstik.adapter.ts';

/** What the contract needs of each adapter's sandbox beyond the port: play the candidate, move time, webhooks. */
type SandboxedAdapter = {
  port: ScreeningPort;
  /** The same adapter with a wrong API key. */
  withBadKey: ScreeningPort;
  /** False for a vendor that sends no webhooks (TazWorks): its orders are re-read instead. */
  webhooks: boolean;
  completeIntake(applyUrl: string): Promise<void>;
  advanceDays(days: number): Promise<void>;
  sendWebhooksTo(url: string, options?: { duplicates?: number }): void;
  webhooksIdle(): Promise<void>;
  /** Plants a sex offender registry hit the candidate's monitors find at their next daily check (monitoring only). */
  plantRegistryHit?(candidateId: string): Promise<void>;
  close(): Promise<void>;
};

const quiet = { info() {}, warn() {} };

/** The member on the vendor's hosted page: the disclosure and the authorization accepted, the form sent. */
async function acceptDisclosureAndAuthorization(applyUrl: string) {
  const response = await fetch(applyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'disclosure=on&authorization=on',
  });
  expect(response.status).toBe(200);
}

const adapters: [string, () => Promise<SandboxedAdapter>][] = [
  [
    'yardstik',
    async () => {
      const sandbox = createYardstikSandbox({
        apiKey: 'sandbox-key',
        webhookSecret: 'sandbox-webhook-secret',
      });
      const baseUrl = await sandbox.listen();
      const make = (apiKey: string) =>
        yardstikAdapter({
          baseUrl,
          apiKey,
          webhookSecret: 'sandbox-webhook-secret',
          logger: quiet,
          timeoutMs: 5000,
        });
      const port = make('sandbox-key');
      const withBadKey = make('wrong-key');
      return {
        port,
        withBadKey,
        webhooks: true,
        completeIntake: acceptDisclosureAndAuthorization,
        advanceDays: (days) => sandbox.clock.advance(days * 86_400_000),
        sendWebhooksTo(url, options) {
          sandbox.webhooks.addEndpoint(url);
          sandbox.webhooks.configure({ duplicates: options?.duplicates ?? 0 });
        },
        webhooksIdle: () => sandbox.webhooks.idle(),
        async plantRegistryHit(candidateId) {
          const res = await fetch(`${baseUrl}/__sandbox/monitoring/hits`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ candidate_id: candidateId }),
          });
          expect(res.status).toBe(202);
        },
        async close() {
          await Promise.all([port.http.close(), withBadKey.http.close()]);
          await sandbox.close();
        },
      };
    },
  ],
  [
    'tazworks',
    async () => {
      const clientGuid = '0b7c2d4e-8f19-4a6b-9c3d-5e7f8a9b0c1d';
      const sandbox = createTazworksSandbox({ token: 'sandbox-token', clientGuid });
      const baseUrl = await sandbox.listen();
      const make = (token: string) =>
        tazworksAdapter({
          baseUrl,
          token,
          clientGuid,
          logger: quiet,
          timeoutMs: 5000,
          clock: sandbox.clock.now,
        });
      const port = make('sandbox-token');
      const withBadKey = make('wrong-token');
      return {
        port,
        withBadKey,
        webhooks: false,
        completeIntake: acceptDisclosureAndAuthorization,
        advanceDays: (days) => sandbox.clock.advance(days * 86_400_000),
        sendWebhooksTo() {},
        webhooksIdle: async () => {},
        async close() {
          await Promise.all([port.http.close(), withBadKey.http.close()]);
          await sandbox.close();
        },
      };
    },
  ],
];

describe.each(adapters)('the %s screening adapter keeps the port contract', (_name, start) => {
  let adapter: SandboxedAdapter;
  const received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  let receiver: http.Server;
  let receiverUrl = '';

  beforeAll(async () => {
    adapter = await start();
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    await adapter.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('lists the packages the account may order', async () => {
    const packages = await adapter.port.listPackages({});
    expect(packages.length).toBeGreaterThan(0);
    for (const p of packages) expect(p).toMatchObject({ id: expect.any(String), name: expect.any(String) });
  });

  it('creates a candidate once for our id, however often it is asked', async () => {
    const input = { externalId: 'pla-1', firstName: 'Ava', lastName: 'Clear', email: 'ava@example.org' };
    const first = await adapter.port.ensureCandidate(input, {});
    const again = await adapter.port.ensureCandidate(input, { correlationId: 'retry' });
    expect(again.candidateId).toBe(first.candidateId);
  });

  it('orders once for our order id, answers where the candidate applies, and a clear result once researched', async () => {
    const [pkg] = await adapter.port.listPackages({});
    const { candidateId } = await adapter.port.ensureCandidate(
      { externalId: 'pla-2', firstName: 'Ben', lastName: 'Clear', email: 'ben@example.org' },
      {},
    );
    const order = { externalId: 'order-2', candidateId, packageId: pkg!.id };
    const report = await adapter.port.orderReport(order, {});
    expect(report).toMatchObject({
      status: 'awaiting_candidate',
      externalId: 'order-2',
      applyUrl: expect.any(String),
    });
    expect((await adapter.port.orderReport(order, {})).id).toBe(report.id);

    await adapter.completeIntake(report.applyUrl!);
    expect(await adapter.port.getReport(report.id, {})).toMatchObject({
      status: 'in_progress',
      applyUrl: null,
    });
    await adapter.advanceDays(2);
    const done = await adapter.port.getReport(report.id, {});
    // Reviewers open the vendor's own page of a finished report.
    expect(done).toMatchObject({
      status: 'clear',
      completedAt: expect.any(Date),
      reportUrl: expect.any(String),
    });
  });

  it('reports a record that needs a reviewer as needs_review', async () => {
    const [pkg] = await adapter.port.listPackages({});
    const { candidateId } = await adapter.port.ensureCandidate(
      { externalId: 'pla-3', firstName: 'Cy', lastName: 'Consider', email: 'cy@example.org' },
      {},
    );
    const report = await adapter.port.orderReport(
      { externalId: 'order-3', candidateId, packageId: pkg!.id },
      {},
    );
    await adapter.completeIntake(report.applyUrl!);
    await adapter.advanceDays(2);
    expect((await adapter.port.getReport(report.id, {})).status).toBe('needs_review');
  });

  it('orders the sex offender search product: no hit reads no records, a possible match reads the record', async (ctx) => {
    const registry = adapter.port.getRegistryRecords?.bind(adapter.port);
    if (!registry) return ctx.skip();
    const sor = (await adapter.port.listPackages({})).find(
      (p) => p.kind !== 'monitor' && p.searches.length === 1 && /sex offender/i.test(p.searches[0]!),
    );
    expect(sor).toBeDefined();
    const run = async (externalId: string, lastName: string) => {
      const { candidateId } = await adapter.port.ensureCandidate(
        {
          externalId,
          firstName: 'Eve',
          lastName,
          email: `${externalId}@example.org`,
          dateOfBirth: '1990-03-04',
        },
        {},
      );
      const report = await adapter.port.orderReport({ externalId, candidateId, packageId: sor!.id }, {});
      expect(await registry(report.id, {})).toEqual([]);
      await adapter.completeIntake(report.applyUrl!);
      await adapter.advanceDays(2);
      return { report: await adapter.port.getReport(report.id, {}), records: await registry(report.id, {}) };
    };
    const noHit = await run('sor-clear', 'Clear');
    expect([noHit.report.status, noHit.records]).toEqual(['clear', []]);
    const hit = await run('sor-match', 'Sor');
    expect(hit.report.status).toBe('needs_review');
    expect(hit.records).toEqual([
      {
        id: expect.any(String),
        fullName: 'Eve Sor',
        aliases: expect.any(Array),
        dateOfBirth: '1990-03-04',
        // The photo is kept inline, as read when the match was found.
        photoUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        jurisdiction: 'OR',
        registryUrl: expect.stringMatching(/^http/),
        offenses: [expect.any(String)],
      },
    ]);
    expect(Buffer.from(hit.records[0]!.photoUrl!.split(',')[1]!, 'base64').toString()).toContain('SANDBOX');
  });

  it('monitors continuously: evergreen consent, enrol once, list, inspect, a hit reported with its monitor, unenrol', async (ctx) => {
    const monitoring = adapter.port.monitoring;
    if (!monitoring || !adapter.plantRegistryHit) return ctx.skip();
    const monitorPackage = (await adapter.port.listPackages({})).find((p) => p.kind === 'monitor');
    expect(monitorPackage).toBeDefined();
    const packageId = monitorPackage!.id;
    const person = (externalId: string) => ({
      externalId,
      firstName: 'Mo',
      lastName: 'Clear',
      email: `${externalId}@example.org`,
      dateOfBirth: '1988-07-09',
      address: { line1: '1 Main St', line2: '', city: 'Portland', state: 'OR', postalCode: '97201' },
    });
    // A candidate of a one-off search has no evergreen consent: the vendor refuses to enrol them.
    const { candidateId: oneOff } = await adapter.port.ensureCandidate(person('mon-0'), {});
    const refused = await monitoring.enroll({ candidateId: oneOff, packageId }, {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VendorHttpError);
    expect(refused).toMatchObject({ status: 422, body: { errors: { candidate: [expect.any(String)] } } });
    // Consent given later is the same candidate, who may then be enrolled.
    expect((await monitoring.ensureEvergreenCandidate(person('mon-0'), {})).candidateId).toBe(oneOff);
    expect((await monitoring.enroll({ candidateId: oneOff, packageId }, {})).active).toBe(true);

    const { candidateId } = await monitoring.ensureEvergreenCandidate(person('mon-1'), {});
    expect((await monitoring.ensureEvergreenCandidate(person('mon-1'), {})).candidateId).toBe(candidateId);
    const monitor = await monitoring.enroll({ candidateId, packageId }, {});
    expect(monitor).toMatchObject({
      active: true,
      vendorStatus: 'active',
      candidateId,
      packageId,
      deactivatedAt: null,
      reportIds: [],
    });
    expect((await monitoring.enroll({ candidateId, packageId }, { correlationId: 'retry' })).id).toBe(
      monitor.id,
    );
    expect(await monitoring.listMonitors({ candidateId }, {})).toEqual([monitor]);
    expect(await monitoring.getMonitor(monitor.id, {})).toEqual(monitor);

    await adapter.advanceDays(1);
    expect((await monitoring.getMonitor(monitor.id, {})).reportIds).toEqual([]);
    await adapter.plantRegistryHit(candidateId);
    await adapter.advanceDays(1);
    const [reportId, ...more] = (await monitoring.getMonitor(monitor.id, {})).reportIds;
    expect(more).toEqual([]);
    expect(await adapter.port.getReport(reportId!, {})).toMatchObject({
      status: 'needs_review',
      externalId: null,
      candidateId,
      monitorId: monitor.id,
    });
    expect(await adapter.port.getRegistryRecords!(reportId!, {})).toEqual([
      expect.objectContaining({ fullName: 'Mo Clear', dateOfBirth: '1988-07-09' }),
    ]);

    const ended = await monitoring.unenroll(monitor.id, {});
    expect(ended).toMatchObject({ active: false, vendorStatus: 'inactive', deactivatedAt: expect.any(Date) });
    expect((await monitoring.unenroll(monitor.id, {})).deactivatedAt).toEqual(ended.deactivatedAt);
    await adapter.plantRegistryHit(candidateId);
    await adapter.advanceDays(1);
    expect((await monitoring.getMonitor(monitor.id, {})).reportIds).toEqual([reportId]);
    await expect(adapter.withBadKey.monitoring!.getMonitor(monitor.id, {})).rejects.toMatchObject({
      status: 401,
    });
  });

  it('signs every webhook so that the adapter accepts it, and refuses one altered by a byte', async (ctx) => {
    if (!adapter.webhooks) {
      // A vendor that sends none: anything arriving in its name is refused, and its orders are re-read instead.
      expect(() => adapter.port.readWebhook({}, Buffer.from('{"id":"x"}'))).toThrow(InvalidWebhookSignature);
      ctx.skip();
    }
    adapter.sendWebhooksTo(receiverUrl, { duplicates: 1 });
    const [pkg] = await adapter.port.listPackages({});
    const { candidateId } = await adapter.port.ensureCandidate(
      { externalId: 'pla-4', firstName: 'Di', lastName: 'Clear', email: 'di@example.org' },
      {},
    );
    const report = await adapter.port.orderReport(
      { externalId: 'order-4', candidateId, packageId: pkg!.id },
      {},
    );
    await adapter.webhooksIdle();
    const hints = received.map((delivery) => adapter.port.readWebhook(delivery.headers, delivery.body));
    expect(hints.filter((h) => h.objectId === report.id)).toHaveLength(2);
    expect(new Set(hints.map((h) => h.eventId)).size).toBe(hints.length / 2);
    // One byte changed: the status word's first letter, upper-cased.
    const tampered = Buffer.from(received[0]!.body.toString('utf8').replace('"status":"c', '"status":"C'));
    expect(tampered.equals(received[0]!.body)).toBe(false);
    expect(() => adapter.port.readWebhook(received[0]!.headers, tampered)).toThrow(InvalidWebhookSignature);
    expect(() => adapter.port.readWebhook({}, received[0]!.body)).toThrow(InvalidWebhookSignature);
  });

  it('surfaces refused credentials as the vendor status, not as a result', async () => {
    await expect(adapter.withBadKey.listPackages({})).rejects.toMatchObject({ status: 401 });
    await expect(adapter.withBadKey.listPackages({})).rejects.toBeInstanceOf(VendorHttpError);
  });
});
