import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtlpSandbox, type OtlpSandbox, type OtlpSpan } from '@touchline/sandbox/otlp/otlp-sandbox';
import type { TestApp } from '../../test/app.ts';
import { createTestSuite, type TestMember, type TestOrganization } from '../../test/factories.ts';
import { eventually } from '../../test/mail.ts';
import { createVendorHttpClient } from '../integrations/http/http-client.ts';
import { jobDepsOf } from '../jobs/job-deps.ts';
import { traceKey } from '../jobs/queue.ts';
import { invitee } from '../modules/invitations/invitations.test-support.ts';
import { serverMonitoringOptions } from '../modules/admin/error-monitoring.ts';
import { otlpTracesUrl } from './otlp-endpoint.ts';
import { startTracing, type Tracing } from './start-tracing.ts';
import { inSpan, SpanKind, tracer, tracingActive, tracingStatus } from './tracer.ts';

// Distributed tracing end to end (issue 32, ADR 042): the server's OTLP exporter sends over real HTTP to our OTLP
// receiver sandbox, and the test reads what arrived. A request continues its caller's W3C trace; its database
// statements, the job it enqueued (run later by a worker) and that job's statements are in the same trace; a vendor
// call sends its traceparent on; and no span says whose data it touched.

const Server = 2;
const Client = 3;
const Producer = 4;
const Consumer = 5;

let sink: OtlpSandbox;
let tracing: Tracing;
let t: TestApp;
let org: TestOrganization;
let admin: TestMember;

const spansOf = (traceId: string) => sink.spans.filter((s) => s.traceId === traceId);
const byId = (spans: OtlpSpan[], id: string | null) => spans.find((s) => s.spanId === id);
/** Whether `span` descends from `ancestor` through the spans received. */
function descends(spans: OtlpSpan[], span: OtlpSpan, ancestor: OtlpSpan): boolean {
  for (let at: OtlpSpan | undefined = span; at; at = byId(spans, at.parentSpanId))
    if (at.parentSpanId === ancestor.spanId) return true;
  return false;
}

beforeAll(async () => {
  sink = createOtlpSandbox();
  await sink.listen();
  tracing = startTracing({
    url: `${sink.endpoint()}/v1/traces`,
    serviceName: 'touchline-test',
    version: 'test',
    environment: 'test',
    immediate: true,
    recentTracesUrl: sink.viewerUrl(),
  });
  ({
    t,
    org,
    members: { admin },
  } = await createTestSuite({ admin: ['root', 'Admin'] }));
});

afterAll(async () => {
  await t?.close();
  // The module graph is shared with other test files (isolate: false): leave no tracer provider behind.
  await tracing?.shutdown();
  await sink?.close();
});

describe('tracing', () => {
  it('traces a request, its statements and the job it enqueued in the caller’s trace, with no personal data', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    const person = invitee(org.team.id, org.labelIds.member);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/invitation',
      headers: { ...admin.auth, traceparent: `00-${traceId}-${callerSpanId}-01` },
      payload: person,
    });
    expect(res.statusCode).toBe(201);
    await tracing.flush();

    const request = spansOf(traceId);
    const server = request.find((s) => s.kind === Server);
    expect(server).toMatchObject({
      name: 'POST /api/app/invitation',
      parentSpanId: callerSpanId,
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/api/app/invitation',
        'http.response.status_code': 201,
      },
      resource: { 'service.name': 'touchline-test' },
    });
    const statements = request.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) expect(descends(request, s, server!)).toBe(true);
    expect(statements.map((s) => s.name)).toContain('INSERT invitations');
    const sends = request.filter((s) => s.kind === Producer && s.name === 'send mail.send');
    expect(sends.length).toBeGreaterThan(0);
    for (const send of sends) expect(descends(request, send, server!)).toBe(true);

    // The job's row carries the sender's context beside its payload; a worker continues the trace from it.
    await t.app.jobs.startWorkers(jobDepsOf(t.app), { pollingIntervalSeconds: 0.5 });
    await eventually(async () => {
      await tracing.flush();
      return spansOf(traceId).some((s) => s.kind === Consumer);
    }, 'the job span');
    const all = spansOf(traceId);
    const job = all.find((s) => s.kind === Consumer)!;
    // A child of the span that enqueued it (and linked to it, as OpenTelemetry's messaging conventions ask).
    const send = sends.find((s) => s.spanId === job.parentSpanId);
    expect(send).toBeDefined();
    expect(job).toMatchObject({
      name: 'process mail.send',
      links: [{ traceId, spanId: send!.spanId }],
      attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': 'mail.send' },
    });
    await eventually(async () => {
      await tracing.flush();
      return spansOf(traceId).some(
        (s) => s.name === 'UPDATE mail_outbox' && descends(spansOf(traceId), s, job),
      );
    }, "the job's statements");

    // Nothing anywhere says whose data it was: not the invitee's address or names, not the administrator's address
    // (which the sign-ins before this test posted), not a token.
    expect(sink.spans.length).toBeGreaterThan(all.length);
    const exported = JSON.stringify(sink.spans);
    for (const secret of [person.email, person.lastName, admin.email, admin.auth.authorization.slice(7)])
      expect(exported).not.toContain(secret);
    expect(exported).not.toContain(traceKey);
  });

  it('sends the traceparent on a vendor call and scrubs an address out of its path', async () => {
    const seen: (string | undefined)[] = [];
    const vendor: FastifyInstance = Fastify({ logger: false });
    vendor.get('/users/*', async (request) => {
      seen.push(request.headers.traceparent as string | undefined);
      return { ok: true };
    });
    const base = await vendor.listen({ port: 0, host: '127.0.0.1' });
    const client = createVendorHttpClient({
      vendor: 'trace-test-vendor',
      baseUrl: base,
      logger: { info: () => undefined, warn: () => undefined },
    });
    try {
      const traceId = await inSpan('vendor test', { kind: SpanKind.INTERNAL }, async (span) => {
        await client.call({ method: 'GET', path: '/users/email:coach.carter@example.org' });
        return span.spanContext().traceId;
      });
      await tracing.flush();
      const call = spansOf(traceId).find((s) => s.kind === Client)!;
      expect(call).toMatchObject({
        name: 'GET trace-test-vendor',
        attributes: { 'url.path': '/users/email:[e-mail]', 'http.response.status_code': 200 },
      });
      expect(seen).toEqual([`00-${traceId}-${call.spanId}-01`]);
      expect(JSON.stringify(spansOf(traceId))).not.toContain('coach.carter');
    } finally {
      await client.close();
      await vendor.close();
    }
  });

  it('blanks attributes named for personal data and scrubs every text before export', async () => {
    const span = tracer().startSpan('scrub test', {
      attributes: { 'user.email': 'ada@example.org', 'url.query': 'q=Ada', note: 'mail ada@example.org' },
    });
    const { traceId } = span.spanContext();
    span.end();
    await tracing.flush();
    expect(spansOf(traceId)[0]?.attributes).toEqual({
      'user.email': '[redacted]',
      'url.query': '[redacted]',
      note: 'mail [e-mail]',
    });
  });

  it('says where traces go, for the health page', () => {
    expect(tracingActive()).toBe(true);
    expect(tracingStatus()).toEqual({
      exporting: true,
      endpoint: new URL(sink.endpoint()).origin,
      recentTracesUrl: sink.viewerUrl(),
    });
  });
});

describe('tracing configuration', () => {
  it('is off unless an endpoint is configured, and off when the SDK is disabled', () => {
    expect(otlpTracesUrl({})).toBeUndefined();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example/api/traces' })).toBe(
      'https://otlp.example/api/traces',
    );
    expect(
      otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
    expect(
      otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBeUndefined();
  });

  it('leaves OpenTelemetry’s globals to us: Sentry sets up no tracer provider of its own', () => {
    expect(serverMonitoringOptions('https://k@sentry.example/1', 'test', 'r').enableOpenTelemetrySetup).toBe(
      false,
    );
  });
});
