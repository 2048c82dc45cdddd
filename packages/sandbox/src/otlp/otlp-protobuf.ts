// The binary protobuf encoding of OTLP's ExportTraceServiceRequest (opentelemetry-proto, trace/v1 and common/v1), read
// field by field: the few messages a trace export holds, no generated code. Unknown fields are skipped, as protobuf
// readers must.

/** A decoded attribute value. */
export type OtlpValue = string | number | boolean | null | OtlpValue[] | { [key: string]: OtlpValue };

/** One span as the receiver keeps it, whichever encoding carried it (ids in lower-case hex). */
export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  traceState: string | null;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer (0 unspecified). */
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, OtlpValue>;
  events: { name: string; timeUnixNano: string; attributes: Record<string, OtlpValue> }[];
  links: { traceId: string; spanId: string; attributes: Record<string, OtlpValue> }[];
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string | null };
  resource: Record<string, OtlpValue>;
  scope: { name: string; version: string | null };
};

type Field = { no: number; wire: number; varint: bigint; bytes: Uint8Array };

/** The fields of one message, in order (repeated fields appear once per element). */
function fields(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (at >= buf.length) throw new Error('truncated varint');
      const byte = buf[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (at < buf.length) {
    const key = Number(varint());
    const no = key >>> 3;
    const wire = key & 7;
    const empty = new Uint8Array(0);
    if (wire === 0) out.push({ no, wire, varint: varint(), bytes: empty });
    else if (wire === 1) {
      if (at + 8 > buf.length) throw new Error('truncated fixed64');
      out.push({ no, wire, varint: view.getBigUint64(at, true), bytes: buf.subarray(at, at + 8) });
      at += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      if (at + length > buf.length) throw new Error('truncated field');
      out.push({ no, wire, varint: 0n, bytes: buf.subarray(at, at + length) });
      at += length;
    } else if (wire === 5) {
      if (at + 4 > buf.length) throw new Error('truncated fixed32');
      out.push({ no, wire, varint: BigInt(view.getUint32(at, true)), bytes: buf.subarray(at, at + 4) });
      at += 4;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function anyValue(buf: Uint8Array): OtlpValue {
  for (const f of fields(buf)) {
    if (f.no === 1) return text(f.bytes);
    if (f.no === 2) return f.varint !== 0n;
    if (f.no === 3) return Number(BigInt.asIntN(64, f.varint));
    if (f.no === 4) return new DataView(f.bytes.buffer, f.bytes.byteOffset, 8).getFloat64(0, true);
    if (f.no === 5)
      return fields(f.bytes)
        .filter((v) => v.no === 1)
        .map((v) => anyValue(v.bytes));
    if (f.no === 6) return attributesOf(fields(f.bytes).filter((v) => v.no === 1));
    if (f.no === 7) return Buffer.from(f.bytes).toString('base64');
  }
  return null;
}

/** KeyValue messages (key = 1, value = 2) as an object. */
function attributesOf(list: Field[]): Record<string, OtlpValue> {
  const out: Record<string, OtlpValue> = {};
  for (const kv of list) {
    let key = '';
    let value: OtlpValue = null;
    for (const f of fields(kv.bytes)) {
      if (f.no === 1) key = text(f.bytes);
      else if (f.no === 2) value = anyValue(f.bytes);
    }
    out[key] = value;
  }
  return out;
}

function span(buf: Uint8Array, resource: Record<string, OtlpValue>, scope: OtlpSpan['scope']): OtlpSpan {
  const s: OtlpSpan = {
    traceId: '',
    spanId: '',
    parentSpanId: null,
    traceState: null,
    name: '',
    kind: 0,
    startTimeUnixNano: '0',
    endTimeUnixNano: '0',
    attributes: {},
    events: [],
    links: [],
    status: { code: 0, message: null },
    resource,
    scope,
  };
  const attributes: Field[] = [];
  for (const f of fields(buf)) {
    if (f.no === 1) s.traceId = hex(f.bytes);
    else if (f.no === 2) s.spanId = hex(f.bytes);
    else if (f.no === 3) s.traceState = text(f.bytes) || null;
    else if (f.no === 4) s.parentSpanId = f.bytes.length > 0 ? hex(f.bytes) : null;
    else if (f.no === 5) s.name = text(f.bytes);
    else if (f.no === 6) s.kind = Number(f.varint);
    else if (f.no === 7) s.startTimeUnixNano = f.varint.toString();
    else if (f.no === 8) s.endTimeUnixNano = f.varint.toString();
    else if (f.no === 9) attributes.push(f);
    else if (f.no === 11) {
      const event = { name: '', timeUnixNano: '0', attributes: {} as Record<string, OtlpValue> };
      const eventAttributes: Field[] = [];
      for (const e of fields(f.bytes)) {
        if (e.no === 1) event.timeUnixNano = e.varint.toString();
        else if (e.no === 2) event.name = text(e.bytes);
        else if (e.no === 3) eventAttributes.push(e);
      }
      event.attributes = attributesOf(eventAttributes);
      s.events.push(event);
    } else if (f.no === 13) {
      const link = { traceId: '', spanId: '', attributes: {} as Record<string, OtlpValue> };
      const linkAttributes: Field[] = [];
      for (const l of fields(f.bytes)) {
        if (l.no === 1) link.traceId = hex(l.bytes);
        else if (l.no === 2) link.spanId = hex(l.bytes);
        else if (l.no === 4) linkAttributes.push(l);
      }
      link.attributes = attributesOf(linkAttributes);
      s.links.push(link);
    } else if (f.no === 15) {
      for (const st of fields(f.bytes)) {
        if (st.no === 2) s.status.message = text(st.bytes) || null;
        else if (st.no === 3) s.status.code = Number(st.varint);
      }
    }
  }
  s.attributes = attributesOf(attributes);
  return s;
}

/** Every span of a binary-protobuf ExportTraceServiceRequest, with its resource's attributes and its scope. */
export function decodeTraceRequest(buf: Uint8Array): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  for (const rs of fields(buf).filter((f) => f.no === 1)) {
    const parts = fields(rs.bytes);
    const resourceField = parts.find((f) => f.no === 1);
    const resource = resourceField ? attributesOf(fields(resourceField.bytes).filter((f) => f.no === 1)) : {};
    for (const ss of parts.filter((f) => f.no === 2)) {
      const scopeParts = fields(ss.bytes);
      const scope: OtlpSpan['scope'] = { name: '', version: null };
      const scopeField = scopeParts.find((f) => f.no === 1);
      for (const f of scopeField ? fields(scopeField.bytes) : []) {
        if (f.no === 1) scope.name = text(f.bytes);
        else if (f.no === 2) scope.version = text(f.bytes) || null;
      }
      for (const sp of scopeParts.filter((f) => f.no === 2)) spans.push(span(sp.bytes, resource, scope));
    }
  }
  return spans;
}
