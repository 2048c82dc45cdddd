import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace';
import { createOtlpSandbox, type OtlpSandbox } from './otlp-sandbox.ts';

// The OTLP/HTTP receiver sandbox (issue 32): requests serialized by OpenTelemetry's own serializers (the ones its
// exporters use) in both encodings, over real HTTP; what the sandbox decodes must be what was sent.

let sandbox: OtlpSandbox;
let sent: ReadableSpan[];

/** A parent and a child span with every kind of attribute, an event, a link and an error status. */
async function makeSpans(): Promise<ReadableSpan[]> {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
  const tracer = provider.getTracer('sandbox-test', '1.2.3');
  const parent = tracer.startSpan('GET /things/:id', {
    kind: SpanKind.SERVER,
    attributes: { 'http.route': '/things/:id', 'http.response.status_code': 200, ratio: 0.5, ok: true },
  });
  const child = tracer.startSpan(
    'SELECT things',
    {
      kind: SpanKind.CLIENT,
      attributes: { tags: ['a', 'b'] },
      links: [{ context: { traceId: 'ab'.repeat(16), spanId: 'cd'.repeat(8), traceFlags: 1 } }],
    },
    trace.setSpan(context.active(), parent),
  );
  child.addEvent('exception', { 'exception.type': 'Error' });
  child.setStatus({ code: SpanStatusCode.ERROR, message: 'failed' });
  child.end();
  parent.end();
  await provider.forceFlush();
  return memory.getFinishedSpans();
}

beforeAll(async () => {
  sandbox = createOtlpSandbox();
  await sandbox.listen();
  sent = await makeSpans();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.spans.length = 0;
});

const post = (body: Uint8Array | string, type: string, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.endpoint()}/v1/traces`, {
    method: 'POST',
    body,
    headers: { 'content-type': type, ...headers },
  });

function expectDecoded() {
  const [child, parent] = sent;
  const got = (id: string) => sandbox.spans.find((s) => s.spanId === id);
  const server = got(parent!.spanContext().spanId);
  const client = got(child!.spanContext().spanId);
  expect(server).toMatchObject({
    traceId: parent!.spanContext().traceId,
    parentSpanId: null,
    name: 'GET /things/:id',
    kind: 2,
    attributes: { 'http.route': '/things/:id', 'http.response.status_code': 200, ratio: 0.5, ok: true },
    scope: { name: 'sandbox-test', version: '1.2.3' },
  });
  expect(client).toMatchObject({
    traceId: parent!.spanContext().traceId,
    parentSpanId: parent!.spanContext().spanId,
    kind: 3,
    attributes: { tags: ['a', 'b'] },
    events: [{ name: 'exception', attributes: { 'exception.type': 'Error' } }],
    links: [{ traceId: 'ab'.repeat(16), spanId: 'cd'.repeat(8) }],
    status: { code: 2, message: 'failed' },
  });
  expect(BigInt(client!.endTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(client!.startTimeUnixNano));
  expect(typeof server!.resource['service.name']).toBe('string');
}

describe('OTLP/HTTP trace receiver sandbox', () => {
  it('decodes binary protobuf as the OTLP exporters send it, answering an empty protobuf response', async () => {
    const res = await post(ProtobufTraceSerializer.serializeRequest(sent)!, 'application/x-protobuf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-protobuf');
    expect(res.headers.get('x-sandbox')).toBe('otlp');
    expectDecoded();
  });

  it('decodes OTLP/JSON, gzipped too', async () => {
    const json = JsonTraceSerializer.serializeRequest(sent)!;
    expect((await post(json, 'application/json')).status).toBe(200);
    expectDecoded();
    sandbox.spans.length = 0;
    const res = await post(gzipSync(json), 'application/json', { 'content-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expectDecoded();
  });

  it('refuses other content types with 415 and a malformed body with 400, keeping nothing', async () => {
    expect((await post('x', 'text/plain')).status).toBe(415);
    expect(
      (await post('{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"zz"}]}]}]}', 'application/json'))
        .status,
    ).toBe(400);
    expect((await post(new Uint8Array([0x0a, 0x05, 0x01]), 'application/x-protobuf')).status).toBe(400);
    expect(sandbox.spans).toHaveLength(0);
  });

  it('lists recent traces with their root span, newest first, as JSON and as a page', async () => {
    await post(ProtobufTraceSerializer.serializeRequest(sent)!, 'application/x-protobuf');
    const { traces } = (await (await fetch(`${sandbox.baseUrl()}/__sandbox/traces.json`)).json()) as {
      traces: { traceId: string; rootName: string; spans: number; error: boolean }[];
    };
    expect(traces).toEqual([
      expect.objectContaining({
        traceId: sent[0]!.spanContext().traceId,
        rootName: 'GET /things/:id',
        spans: 2,
        error: true,
      }),
    ]);
    const page = await fetch(sandbox.viewerUrl());
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('a stand-in, never a vendor');
    expect(html).toContain('GET /things/:id');
  });

  it('asks for the collector headers it was given', async () => {
    const guarded = createOtlpSandbox({ requiredHeaders: { 'x-api-key': 'k1' } });
    const base = await guarded.listen();
    try {
      const body = JsonTraceSerializer.serializeRequest(sent)!;
      const refused = await fetch(`${base}/v1/traces`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(refused.status).toBe(401);
      const accepted = await fetch(`${base}/v1/traces`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-api-key': 'k1' },
      });
      expect(accepted.status).toBe(200);
      expect(guarded.spans).toHaveLength(2);
    } finally {
      await guarded.close();
    }
  });
});
