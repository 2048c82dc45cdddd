import { gunzipSync } from 'node:zlib';
import { createSandbox, type Sandbox } from '../harness.ts';
import { decodeTraceRequest, type OtlpSpan, type OtlpValue } from './otlp-protobuf.ts';

// An OTLP/HTTP trace receiver (issue 32, ADR 042): what an OpenTelemetry exporter sends to a collector's `/v1/traces`,
// in binary protobuf or in JSON as the OTLP specification defines them, received and kept in memory so tests prove
// what a server exports and development shows recent traces without a collector. A stand-in, never a vendor or a
// collector: it says so in every answer's `x-sandbox` header and keeps only the newest spans.

export type { OtlpSpan, OtlpValue } from './otlp-protobuf.ts';

export type OtlpSandboxOptions = {
  /** Headers an exporter must send (a collector's key, as OTEL_EXPORTER_OTLP_HEADERS sets them); none by default. */
  requiredHeaders?: Record<string, string>;
  /** Spans kept, the oldest dropped first (default 5000). */
  maxSpans?: number;
};

/** A trace as the viewer lists it: its root span (or its earliest), how many spans, how long. */
export type OtlpTraceSummary = {
  traceId: string;
  rootName: string;
  service: string | null;
  spans: number;
  startedAt: string;
  durationMs: number;
  error: boolean;
};

export type OtlpSandbox = Sandbox & {
  spans: (OtlpSpan & { receivedAt: string })[];
  /** The newest traces first. */
  traces(limit?: number): OtlpTraceSummary[];
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to so an exporter sends here (once listening). */
  endpoint(): string;
  /** The HTML page listing recent traces (for the /admin health page's link in development). */
  viewerUrl(): string;
};

type JsonKeyValue = { key?: string; value?: JsonAnyValue };
type JsonAnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: JsonAnyValue[] };
  kvlistValue?: { values?: JsonKeyValue[] };
  bytesValue?: string;
};
type JsonSpan = {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  traceState?: string;
  name?: string;
  kind?: number;
  startTimeUnixNano?: string | number;
  endTimeUnixNano?: string | number;
  attributes?: JsonKeyValue[];
  events?: { name?: string; timeUnixNano?: string | number; attributes?: JsonKeyValue[] }[];
  links?: { traceId?: string; spanId?: string; attributes?: JsonKeyValue[] }[];
  status?: { code?: number; message?: string };
};
type JsonRequest = {
  resourceSpans?: {
    resource?: { attributes?: JsonKeyValue[] };
    scopeSpans?: { scope?: { name?: string; version?: string }; spans?: JsonSpan[] }[];
  }[];
};

function jsonValue(v: JsonAnyValue | undefined): OtlpValue {
  if (!v) return null;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(jsonValue);
  if (v.kvlistValue) return jsonAttributes(v.kvlistValue.values);
  if (v.bytesValue !== undefined) return v.bytesValue;
  return null;
}

function jsonAttributes(list: JsonKeyValue[] | undefined): Record<string, OtlpValue> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key ?? '', jsonValue(kv.value)]));
}

/** The spans of an OTLP/JSON ExportTraceServiceRequest (ids are hex in OTLP/JSON, not base64). */
export function decodeJsonTraceRequest(body: unknown): OtlpSpan[] {
  if (!body || typeof body !== 'object') throw new Error('not an ExportTraceServiceRequest');
  const request = body as JsonRequest;
  const spans: OtlpSpan[] = [];
  for (const rs of request.resourceSpans ?? []) {
    const resource = jsonAttributes(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      const scope = { name: ss.scope?.name ?? '', version: ss.scope?.version || null };
      for (const s of ss.spans ?? [])
        spans.push({
          traceId: (s.traceId ?? '').toLowerCase(),
          spanId: (s.spanId ?? '').toLowerCase(),
          parentSpanId: s.parentSpanId ? s.parentSpanId.toLowerCase() : null,
          traceState: s.traceState || null,
          name: s.name ?? '',
          kind: Number(s.kind ?? 0),
          startTimeUnixNano: String(s.startTimeUnixNano ?? '0'),
          endTimeUnixNano: String(s.endTimeUnixNano ?? '0'),
          attributes: jsonAttributes(s.attributes),
          events: (s.events ?? []).map((e) => ({
            name: e.name ?? '',
            timeUnixNano: String(e.timeUnixNano ?? '0'),
            attributes: jsonAttributes(e.attributes),
          })),
          links: (s.links ?? []).map((l) => ({
            traceId: (l.traceId ?? '').toLowerCase(),
            spanId: (l.spanId ?? '').toLowerCase(),
            attributes: jsonAttributes(l.attributes),
          })),
          status: { code: Number(s.status?.code ?? 0), message: s.status?.message || null },
          resource,
          scope,
        });
    }
  }
  const malformed = spans.find((s) => !/^[0-9a-f]{32}$/.test(s.traceId) || !/^[0-9a-f]{16}$/.test(s.spanId));
  if (malformed) throw new Error('a span without a valid traceId or spanId');
  return spans;
}

const ns = (s: OtlpSpan) => BigInt(s.startTimeUnixNano);

/** Recent traces, newest first, from the spans kept. */
export function summarizeTraces(spans: OtlpSpan[], limit = 20): OtlpTraceSummary[] {
  const byTrace = new Map<string, OtlpSpan[]>();
  for (const s of spans) byTrace.set(s.traceId, [...(byTrace.get(s.traceId) ?? []), s]);
  const summaries = [...byTrace.entries()].map(([traceId, list]) => {
    const ids = new Set(list.map((s) => s.spanId));
    const root =
      list.find((s) => !s.parentSpanId || !ids.has(s.parentSpanId)) ??
      [...list].sort((a, b) => (ns(a) < ns(b) ? -1 : 1))[0]!;
    const start = list.reduce((m, s) => (ns(s) < m ? ns(s) : m), ns(list[0]!));
    const end = list.reduce((m, s) => (BigInt(s.endTimeUnixNano) > m ? BigInt(s.endTimeUnixNano) : m), 0n);
    const service = root.resource['service.name'];
    return {
      traceId,
      rootName: root.name,
      service: typeof service === 'string' ? service : null,
      spans: list.length,
      startedAt: new Date(Number(start / 1_000_000n)).toISOString(),
      durationMs: Number(end - start) / 1e6,
      error: list.some((s) => s.status.code === 2),
      start,
    };
  });
  return summaries
    .sort((a, b) => (a.start < b.start ? 1 : -1))
    .slice(0, limit)
    .map(({ start: _start, ...summary }) => summary);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts building the receiver (call `listen()`); `spans` fills as exporters send. */
export function createOtlpSandbox(options: OtlpSandboxOptions = {}): OtlpSandbox {
  const required = Object.entries(options.requiredHeaders ?? {}).map(([k, v]) => [k.toLowerCase(), v]);
  const maxSpans = options.maxSpans ?? 5000;
  const sandbox = createSandbox({
    vendor: 'otlp',
    authenticate: (request) => required.every(([k, v]) => request.headers[k!] === v),
    // OTLP answers failures with a google.rpc.Status; in JSON, its message.
    errorBody: (status, message) => ({ code: status === 401 ? 16 : 3, message }),
    signWebhook: () => ({}),
  });
  const spans: (OtlpSpan & { receivedAt: string })[] = [];
  const { app } = sandbox;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 8 * 1024 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
  app.post('/v1/traces', async (request, reply) => {
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    const raw = request.body as Buffer;
    let decoded: OtlpSpan[];
    try {
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      if (type === 'application/x-protobuf') decoded = decodeTraceRequest(body);
      else if (type === 'application/json')
        decoded = decodeJsonTraceRequest(JSON.parse(body.toString('utf8')));
      else return reply.code(415).send({ code: 3, message: `Unsupported content type ${type ?? ''}` });
    } catch (error) {
      return reply.code(400).send({ code: 3, message: `Bad request: ${(error as Error).message}` });
    }
    const receivedAt = new Date().toISOString();
    for (const s of decoded) spans.push({ ...s, receivedAt });
    if (spans.length > maxSpans) spans.splice(0, spans.length - maxSpans);
    // A full success: an empty ExportTraceServiceResponse in the request's encoding.
    if (type === 'application/x-protobuf')
      return reply.code(200).type('application/x-protobuf').send(Buffer.alloc(0));
    return reply.code(200).type('application/json').send({});
  });
  app.get<{ Querystring: { traceId?: string } }>('/__sandbox/spans', async (request) => ({
    spans: request.query.traceId ? spans.filter((s) => s.traceId === request.query.traceId) : spans,
  }));
  app.delete('/__sandbox/spans', async () => {
    spans.length = 0;
    return { spans };
  });
  app.get('/__sandbox/traces.json', async () => ({ traces: summarizeTraces(spans) }));
  app.get('/__sandbox/traces', async (_request, reply) => {
    const rows = summarizeTraces(spans, 50)
      .map(
        (t) =>
          `<tr><td>${escapeHtml(t.startedAt)}</td><td>${escapeHtml(t.service ?? '')}</td><td>${escapeHtml(t.rootName)}</td>` +
          `<td>${t.spans}</td><td>${t.durationMs.toFixed(1)} ms</td><td>${t.error ? 'error' : ''}</td>` +
          `<td><a href="/__sandbox/spans?traceId=${t.traceId}"><code>${t.traceId}</code></a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Recent traces · OTLP sandbox</title>` +
          `<h1>Recent traces</h1><p>OTLP/HTTP trace receiver sandbox — a stand-in, never a vendor or a collector. ` +
          `Newest first, ${spans.length} spans kept in memory.</p>` +
          `<table><thead><tr><th>Started</th><th>Service</th><th>Root span</th><th>Spans</th><th>Duration</th>` +
          `<th>Status</th><th>Trace</th></tr></thead><tbody>${rows}</tbody></table></html>`,
      );
  });
  return {
    ...sandbox,
    spans,
    traces: (limit) => summarizeTraces(spans, limit),
    endpoint: () => sandbox.baseUrl(),
    viewerUrl: () => `${sandbox.baseUrl()}/__sandbox/traces`,
  };
}
