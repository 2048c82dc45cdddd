import { gunzipSync } from 'node:zlib';
import { createSandbox, type Sandbox } from '../harness.ts';

// A Sentry-compatible envelope sink (issue 32, ADR 042): what the official Sentry SDKs send to a DSN, received and
// kept in memory so tests prove what is sent and what is dropped, and development needs no Sentry account. Never
// Sentry: it says so in every answer's `x-sandbox` header and at /__sandbox/state.

/** One item of a received envelope: its type ('event', 'transaction', 'replay_event'…) and its parsed payload. */
export type SentryItem = { type: string; payload: unknown; receivedAt: string };

/** The sink's key and project: its DSN is `http://<key>@<host>/<project>`. */
export type SentrySandboxOptions = { publicKey: string; projectId: string };

/** A running sink and what it received. */
export type SentrySandbox = Sandbox & {
  items: SentryItem[];
  /** The DSN the SDKs are configured with to send here (once listening). */
  dsn(): string;
};

/** The items of one envelope: a header line, then each item's header line and its payload (JSON when it parses). */
export function parseEnvelope(body: Buffer): { type: string; payload: unknown }[] {
  const text = body.toString('utf8');
  const lines = text.split('\n');
  const items: { type: string; payload: unknown }[] = [];
  for (let i = 1; i < lines.length; i += 2) {
    const header = lines[i];
    if (!header) continue;
    const { type } = JSON.parse(header) as { type?: string };
    const raw = lines[i + 1] ?? '';
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      payload = raw;
    }
    items.push({ type: type ?? 'unknown', payload });
  }
  return items;
}

const keyOf = (auth: string | undefined, query: Record<string, string | undefined>) =>
  query.sentry_key ?? /sentry_key=([^,\s]+)/.exec(auth ?? '')?.[1];

/** Starts building the sink (call `listen()`); `items` fills as SDKs send. */
export function createSentrySandbox(options: SentrySandboxOptions): SentrySandbox {
  const sandbox = createSandbox({
    vendor: 'sentry',
    authenticate: (request) =>
      keyOf(
        request.headers['x-sentry-auth'] as string | undefined,
        request.query as Record<string, string | undefined>,
      ) === options.publicKey,
    errorBody: (_status, message) => ({ detail: message }),
    signWebhook: () => ({}),
  });
  const items: SentryItem[] = [];
  const { app } = sandbox;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // Browsers send from the app's origin (a simple text/plain POST); the answer may be read from anywhere.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('access-control-allow-origin', '*');
  });
  app.options('/api/:project/envelope/', async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type, x-sentry-auth')
      .code(204)
      .send(),
  );
  app.post<{ Params: { project: string } }>('/api/:project/envelope/', async (request, reply) => {
    if (request.params.project !== options.projectId)
      return reply.code(404).send({ detail: 'Unknown project' });
    const raw = request.body as Buffer;
    const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
    const receivedAt = new Date().toISOString();
    for (const item of parseEnvelope(body)) items.push({ ...item, receivedAt });
    return reply.code(200).send({ id: null });
  });
  app.get('/__sandbox/items', async () => ({ items }));
  app.delete('/__sandbox/items', async () => {
    items.length = 0;
    return { items };
  });
  return {
    ...sandbox,
    items,
    dsn: () => {
      const url = new URL(sandbox.baseUrl());
      return `${url.protocol}//${options.publicKey}@${url.host}/${options.projectId}`;
    },
  };
}
