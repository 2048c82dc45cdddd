import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTalentSandbox } from '@touchline/sandbox/talentlms/talentlms-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorHttpError } from '../http/vendor-errors.ts';
import { InvalidWebhookSignature } from '../screening/port.ts';
import { enrollmentObjectId, type TrainingProviderPort } from './port.ts';
import { talentDate, talentLmsAdapter } from './talentlms.adapter.ts';

/** What the contract needs of each adapter's sandbox beyond the port: play the learner, faults, webhooks. */
type SandboxedAdapter = {
  port: TrainingProviderPort;
  withBadKey: TrainingProviderPort;
  /** The learner in the browser: opens the launch link, and with `finish` completes the course. */
  takeCourse(launchUrl: string, finish: boolean): Promise<string>;
  sendWebhooksTo(url: string, behaviour: { duplicates?: number; reorder?: boolean }): void;
  webhooksIdle(): Promise<void>;
  failNext(status: number, count: number): Promise<void>;
  close(): Promise<void>;
};

const quiet = { info() {}, warn() {} };

const adapters: [string, () => Promise<SandboxedAdapter>][] = [
  [
    'talentlms',
    async () => {
      const sandbox = createTalentSandbox({ apiKey: 'sandbox-key', webhookSecret: 'hook-secret' });
      const baseUrl = await sandbox.listen();
      const make = (apiKey: string) =>
        talentLmsAdapter({
          baseUrl,
          apiKey,
          webhookSecret: 'hook-secret',
          courseId: '101',
          logger: quiet,
          timeoutMs: 2000,
          sandbox: true,
        });
      const port = make('sandbox-key');
      const withBadKey = make('wrong-key');
      return {
        port,
        withBadKey,
        async takeCourse(launchUrl, finish) {
          const opened = await fetch(launchUrl);
          expect(opened.status).toBe(200);
          if (!finish) return opened.text();
          const done = await fetch(launchUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'acknowledge=on',
          });
          expect(done.status).toBe(200);
          return done.text();
        },
        sendWebhooksTo(url, behaviour) {
          sandbox.webhooks.addEndpoint(url);
          sandbox.webhooks.configure({ duplicates: 0, reorder: false, reorderWindowMs: 50, ...behaviour });
        },
        webhooksIdle: () => sandbox.webhooks.idle(),
        async failNext(status, count) {
          sandbox.faults.arm({ mode: 'error', remaining: count, status, pathPrefix: '/api/v1/' });
        },
        async close() {
          await Promise.all([port.http.close(), withBadKey.http.close()]);
          await sandbox.close();
        },
      };
    },
  ],
];

describe.each(adapters)('the %s training adapter keeps the port contract', (_name, start) => {
  let adapter: SandboxedAdapter;
  let receiver: http.Server;
  let receiverUrl = '';
  const received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const learner = (n: number) => ({
    externalId: `0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`,
    firstName: 'Pat',
    lastName: `Learner${n}`,
    email: `pat${n}@example.org`,
  });

  beforeAll(async () => {
    adapter = await start();
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
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

  it('enrols a learner once however often it is asked, and reports the course not started', async () => {
    const course = adapter.port.defaultCourseId;
    const first = await adapter.port.enroll(learner(1), course, { correlationId: 'contract' });
    const again = await adapter.port.enroll(learner(1), course, {});
    expect(again.learnerId).toBe(first.learnerId);
    expect(first).toMatchObject({ courseId: course, enrolledAt: expect.any(Date) });
    expect(await adapter.port.progress(first, {})).toEqual({
      state: 'not_started',
      percent: 0,
      completedAt: null,
      certificate: null,
    });
  });

  it('launches the learner into the course, in progress once opened, completed with a certificate PDF', async () => {
    const enrollment = await adapter.port.enroll(learner(2), adapter.port.defaultCourseId, {});
    const url = await adapter.port.launchUrl(enrollment, 'https://touchline.test/back?x=1,2', {});
    expect(url).toMatch(/^https?:\/\//);
    expect(await adapter.takeCourse(url, false)).toContain('Sandbox');
    const opened = await adapter.port.progress(enrollment, {});
    expect(opened.state).toBe('in_progress');
    expect(opened.percent).toBeGreaterThan(0);

    const page = await adapter.takeCourse(url, true);
    expect(page).toContain('https://touchline.test/back?x=1,2');
    const done = await adapter.port.progress(enrollment, {});
    expect(done).toMatchObject({ state: 'completed', percent: 100, completedAt: expect.any(Date) });
    expect(done.certificate).toMatchObject({ id: expect.any(String), issuedAt: expect.any(Date) });
    const pdf = await adapter.port.certificatePdf(done.certificate!, {});
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('Learner2');
  });

  it('lists the account’s courses, the default among them', async () => {
    const courses = await adapter.port.listCourses({});
    expect(courses.length).toBeGreaterThan(0);
    expect(courses.map((c) => c.id)).toContain(adapter.port.defaultCourseId);
    expect(courses.every((c) => typeof c.name === 'string' && c.name.length > 0)).toBe(true);
  });

  it('restarts a finished course: not started again, then a second completion with its own certificate', async () => {
    const enrollment = await adapter.port.enroll(learner(7), adapter.port.defaultCourseId, {});
    const url = await adapter.port.launchUrl(enrollment, null, {});
    await adapter.takeCourse(url, true);
    const first = await adapter.port.progress(enrollment, {});
    expect(first.state).toBe('completed');
    await adapter.port.restart(enrollment, {});
    await adapter.port.restart(enrollment, {}); // a retried job: still one fresh enrolment
    expect(await adapter.port.progress(enrollment, {})).toMatchObject({
      state: 'not_started',
      certificate: null,
    });
    await adapter.takeCourse(await adapter.port.launchUrl(enrollment, null, {}), true);
    const second = await adapter.port.progress(enrollment, {});
    expect(second.state).toBe('completed');
    expect(second.certificate!.id).not.toBe(first.certificate!.id);
  });

  it('signs each start and completion webhook; duplicates and reordering keep the signature and the ids', async () => {
    adapter.sendWebhooksTo(receiverUrl, { duplicates: 1, reorder: true });
    const enrollment = await adapter.port.enroll(learner(3), adapter.port.defaultCourseId, {});
    await adapter.takeCourse(await adapter.port.launchUrl(enrollment, null, {}), true);
    await adapter.webhooksIdle();
    const hints = received.map((d) => adapter.port.readWebhook(d.headers, d.body));
    const ours = hints.filter(
      (h) => h.objectId === enrollmentObjectId(enrollment.learnerId, enrollment.courseId),
    );
    expect(ours).toHaveLength(4);
    expect(new Set(ours.map((h) => h.eventId)).size).toBe(2);
    expect(ours.every((h) => h.objectType === 'enrollment')).toBe(true);
    const tampered = Buffer.from(received[0]!.body.toString('utf8').replace('"user.course', '"User.course'));
    expect(tampered.equals(received[0]!.body)).toBe(false);
    expect(() => adapter.port.readWebhook(received[0]!.headers, tampered)).toThrow(InvalidWebhookSignature);
    expect(() => adapter.port.readWebhook({}, received[0]!.body)).toThrow(InvalidWebhookSignature);
  });

  it('retries a passing vendor failure on reads, names one that lasts, and refuses a wrong key', async () => {
    const enrollment = await adapter.port.enroll(learner(4), adapter.port.defaultCourseId, {});
    await adapter.failNext(503, 1);
    expect((await adapter.port.progress(enrollment, {})).state).toBe('not_started');
    // Three failures: the first attempt and both retries of a GET.
    await adapter.failNext(500, 3);
    await expect(adapter.port.progress(enrollment, {})).rejects.toBeInstanceOf(VendorHttpError);
    await expect(adapter.withBadKey.progress(enrollment, {})).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a certificate link off the account’s domain rather than send it the key', async () => {
    await expect(
      adapter.port.certificatePdf(
        { id: 'x', issuedAt: null, expiresAt: null, downloadUrl: 'https://evil.test/c' },
        {},
      ),
    ).rejects.toThrow(/domain/);
  });
});

describe('talentDate', () => {
  it('reads the account format and ISO, and nothing else', () => {
    expect(talentDate('27/11/2026, 14:05:09')?.toISOString()).toBe('2026-11-27T14:05:09.000Z');
    expect(talentDate('2026-11-27T00:00:00Z')?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(talentDate('soon')).toBeNull();
    expect(talentDate('')).toBeNull();
  });
});
