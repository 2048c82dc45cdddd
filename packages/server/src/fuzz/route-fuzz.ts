import fc from 'fast-check';

/** The parts of a JSON Schema the OpenAPI document's route schemas use. */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
/** The OpenAPI document as far as the fuzzer reads it. */
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** One route of the document: method, path template and its parameter and body schemas. */
export type FuzzRoute = {
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: JsonSchema;
};

/** One generated request, as app.inject takes it, plus whether it is sent signed in. */
export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  signedIn: boolean;
};

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, except the document's own UI. */
export function routesOf(doc: OpenApiDocument): FuzzRoute[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method) && !path.startsWith('/api/docs'))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      })),
  );
}

/** Strings no field should store or choke on: NUL and other controls, huge, odd Unicode, injection-shaped. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'x\u001b[31m',
    'line\nbreak',
    'tab\there',
    '\u007f\u0085',
    '\ud800',
    '😀'.repeat(50),
    "'; DROP TABLE profiles; --",
    '../../etc/passwd',
    '%00',
    '%',
    '',
    ' ',
    '<script>alert(1)</script>',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    '-1',
    '1e309',
    'NaN',
    'null',
    '[]',
    '{}',
  ),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Values of any JSON type, hostile strings among them, for a field that expects something else. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 53), 1.5, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.constant(JSON.parse('['.repeat(200) + ']'.repeat(200)) as unknown),
);

const isoDate = '2026-01-15';
const isoDateTime = '2026-01-15T10:00:00.000Z';

/** A value that fits the schema, ids taken from the fuzzed organization so requests reach past lookups. */
export function validValue(schema: JsonSchema | undefined, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => validValue(s, ids, depth + 1)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], ids, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (schema.format === 'email') return fc.constant('fuzz@example.org');
      if (schema.format === 'date-time') return fc.constant(isoDateTime);
      if (schema.format === 'date') return fc.constant(isoDate);
      return fc.oneof(fc.constantFrom('Fuzz', 'a', isoDate), fc.string({ maxLength: 12 }));
    case 'integer':
      return fc.integer({ min: 0, max: 100 });
    case 'number':
      return fc.double({ min: 0, max: 100, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, ids, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = schema.properties ?? {};
      const required = schema.required ?? [];
      return fc.record(
        Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validValue(s, ids, depth + 1)])),
        { requiredKeys: required.filter((k) => k in props) },
      );
    }
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null));
  }
}

/** A body made invalid one way: a field replaced or removed, the whole body replaced, or wrong at the top. */
function invalidBody(schema: JsonSchema | undefined, ids: string[]): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema?.properties ?? {});
  const base = validValue(schema, ids);
  const mutated = keys.length
    ? fc.tuple(base, fc.constantFrom(...keys), hostileValue, fc.boolean()).map(([value, key, bad, drop]) => {
        const copy = { ...(value as Record<string, unknown>) };
        if (drop) delete copy[key];
        else copy[key] = bad;
        return copy;
      })
    : hostileValue;
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: base },
    { weight: 2, arbitrary: hostileValue },
  );
}

/** A raw body with the wrong framing: broken JSON, a JSON body sent as another type, multipart without parts. */
const wrongFraming: fc.Arbitrary<{ contentType: string; payload: string }> = fc.oneof(
  fc
    .constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":"\\u0000"}', '\u0000', '{"__proto__":{"x":1}}')
    .map((payload) => ({ contentType: 'application/json', payload })),
  fc
    .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data')
    .map((contentType) => ({
      contentType,
      payload: contentType.includes('urlencoded') ? 'a=%00&b' : '{"a":1}',
    })),
  fc.constant({
    contentType: 'multipart/form-data; boundary=xyz',
    payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
  }),
);

/** Percent-encodes a value; a lone surrogate (not encodable) goes out as the invalid UTF-8 it would be. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

/** A URL for the route: each path parameter a real id, a valid-looking value or a hostile one; query likewise. */
function urlFor(route: FuzzRoute, ids: string[]): fc.Arbitrary<string> {
  const segment = (p: Parameter) =>
    fc.oneof(
      validValue(p.schema, ids).map(encode),
      hostileString.map(encode),
      fc.constantFrom('%00', '%E0%A4%A', '..'),
    );
  const pathArb = fc
    .tuple(...route.pathParams.map(segment))
    .map((values) =>
      route.pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] ?? ''), route.path),
    );
  const queryArb = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...route.queryParams.map((p) => p.name), 'unknown'),
        hostileString.map((s) => s.slice(0, 20)),
      ),
      fc.oneof(hostileValue, ...route.queryParams.map((p) => validValue(p.schema, ids))),
    ),
    { maxLength: 4 },
  );
  return fc.tuple(pathArb, queryArb).map(([path, query]) => {
    const qs = query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
    return qs ? `${path}?${qs}` : path;
  });
}

/** Requests for one route: a URL with hostile params or query, and a JSON body (valid, mutated) or wrong framing. */
export function requestFor(route: FuzzRoute, ids: string[]): fc.Arbitrary<FuzzRequest> {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = hasBody
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: invalidBody(route.body, ids).map((value) => ({
            contentType: 'application/json',
            payload: JSON.stringify(value) ?? 'null',
          })),
        },
        { weight: 1, arbitrary: wrongFraming },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);
  return fc.tuple(urlFor(route, ids), body, fc.boolean()).map(([url, framed, signedIn]): FuzzRequest => ({
    method: route.method,
    url,
    headers: framed ? { 'content-type': framed.contentType } : ({} as Record<string, string>),
    payload: framed?.payload,
    signedIn,
  }));
}

/**
 * The route's body with every string field (at any depth) a lone UTF-16 surrogate: valid JSON, not valid Unicode,
 * refused by PostgreSQL; each route must answer 4xx (issue 28 item 4). Null for a route with no string field.
 */
export function loneSurrogateBody(route: FuzzRoute, ids: string[], seed: number): string | null {
  if (!route.body) return null;
  const [valid] = fc.sample(validValue(route.body, ids), { numRuns: 1, seed });
  let replaced = 0;
  const swap = (value: unknown): unknown => {
    if (typeof value === 'string') {
      replaced += 1;
      return '\ud800';
    }
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
    return value;
  };
  const body = swap(valid);
  return replaced > 0 ? JSON.stringify(body) : null;
}

/**
 * Sends `bytes` of body to `path` on a real connection and reads the whole answer: a client that sends too much must
 * read the 413 (issue 28 item 4), never an EPIPE or a reset. Resolves with the status line and any socket error.
 */
export async function sendOversized(
  address: { host: string; port: number },
  request: { method: string; path: string; headers: Record<string, string> },
  bytes: number,
): Promise<{ status: number | null; error?: string }> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect(address.port, address.host);
    let answer = '';
    let error: string | undefined;
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const end = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      if (end >= 0 && length !== undefined && answer.length >= end + 4 + Number(length)) socket.end();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1];
      resolve({ status: status ? Number(status) : null, ...(error ? { error } : {}) });
    });
    socket.on('connect', () => {
      const headers = Object.entries({ 'content-type': 'application/json', ...request.headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(
        `${request.method} ${request.path} HTTP/1.1\r\nHost: ${address.host}\r\n${headers}Content-Length: ${bytes}\r\n\r\n`,
      );
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < bytes && !socket.destroyed) {
          const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
          sent += part.length;
          if (!socket.write(part)) return void socket.once('drain', more);
        }
      };
      more();
    });
  });
}
