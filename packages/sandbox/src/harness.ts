import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createSandboxClock, type SandboxClock } from './clock.ts';
import { FaultSwitch, type FaultMode } from './faults.ts';
import { WebhookDispatcher, type WebhookBehaviour, type WebhookSigner } from './webhooks.ts';

/** What a vendor's sandbox tells the harness about its wire format. */
export type SandboxOptions = {
  /** The vendor's name, in logs and in the control API's answers ("yardstik", "stripe"…). */
  vendor: string;
  /** True when the request carries the vendor's credentials (the vendor's own auth header scheme). */
  authenticate(request: FastifyRequest): boolean;
  /** The vendor's error body for a status and message (each vendor has its own envelope). */
  errorBody(status: number, message: string): unknown;
  /** How the vendor signs a webhook delivery. */
  signWebhook: WebhookSigner;
  /** Where the clock starts (default: now). */
  clockStart?: Date;
  /** Path prefixes a browser reaches without the vendor's credentials (a hosted apply page). */
  publicPaths?: string[];
};

/** A running sandbox: its Fastify app (vendor routes are added to it), clock, fault switch and webhooks. */
export type Sandbox = {
  readonly vendor: string;
  readonly app: FastifyInstance;
  readonly clock: SandboxClock;
  readonly faults: FaultSwitch;
  readonly webhooks: WebhookDispatcher;
  /** Listens on 127.0.0.1 (port 0 = a free one) and answers the base URL. */
  listen(port?: number): Promise<string>;
  /** Where it listens once listening (links it hands out name it), `http://127.0.0.1` before. */
  baseUrl(): string;
  close(): Promise<void>;
};

/** An answer in the vendor's own error envelope, thrown from a vendor route (e.g. a 422 with field errors). */
export class VendorError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`vendor error ${status}`);
  }
}

const faultModes = ['error', 'timeout', 'drop-webhooks'] as const satisfies readonly FaultMode[];

/**
 * The shared frame of every vendor sandbox: the vendor's auth check and error envelope on every vendor route, a
 * fault switch in front of them, a controllable clock, signed webhooks, and a control API under `/__sandbox/`
 * that tests, demos and the developer use to bend time and cause faults. Never a vendor: it says so in every
 * answer's `x-sandbox` header.
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  // Vendors take long arguments in a path segment (TalentLMS's `key:value,…` with a return URL).
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 2048 },
  });
  const clock = createSandboxClock(options.clockStart);
  const faults = new FaultSwitch();
  const webhooks = new WebhookDispatcher(options.signWebhook, faults, clock.now);
  const vendorError = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send(options.errorBody(status, message));

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-sandbox', options.vendor);
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/__sandbox/')) return;
    const fault = faults.take(path, ['error', 'timeout']);
    if (fault?.mode === 'timeout') {
      // Held open and never answered, as a vendor that hangs; the client's own timeout must end it.
      reply.hijack();
      return;
    }
    if (fault?.mode === 'error')
      return vendorError(reply, fault.status ?? 500, 'Sandbox fault: internal error');
    if (options.publicPaths?.some((prefix) => path.startsWith(prefix))) return;
    if (!options.authenticate(request)) return vendorError(reply, 401, 'Unauthorized');
  });
  app.setNotFoundHandler((_request, reply) => vendorError(reply, 404, 'Not Found'));
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    if (error instanceof VendorError) return reply.code(error.status).send(error.body);
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return vendorError(reply, status, status === 500 ? 'Internal Server Error' : error.message);
  });

  registerControlRoutes(app, { vendor: options.vendor, clock, faults, webhooks });
  let baseUrl = 'http://127.0.0.1';

  return {
    vendor: options.vendor,
    app,
    clock,
    faults,
    webhooks,
    async listen(port = 0) {
      baseUrl = await app.listen({ port, host: '127.0.0.1' });
      return baseUrl;
    },
    baseUrl: () => baseUrl,
    async close() {
      webhooks.close();
      await app.close();
    },
  };
}

type ControlParts = Pick<Sandbox, 'vendor' | 'clock' | 'faults' | 'webhooks'>;

function registerControlRoutes(app: FastifyInstance, { vendor, clock, faults, webhooks }: ControlParts) {
  const state = () => ({
    sandbox: vendor,
    now: clock.now().toISOString(),
    faults: faults.list(),
    webhooks: { endpoints: webhooks.listEndpoints(), behaviour: webhooks.behaviour },
  });
  app.get('/__sandbox/state', async () => state());

  app.post<{ Body: { mode?: string; count?: number; pathPrefix?: string; status?: number } }>(
    '/__sandbox/faults',
    async (request, reply) => {
      const { mode, count, pathPrefix, status } = request.body ?? {};
      if (!faultModes.includes(mode as FaultMode))
        return reply.code(400).send({ error: `mode must be one of ${faultModes.join(', ')}` });
      if (count !== undefined && !(Number.isInteger(count) && count > 0))
        return reply.code(400).send({ error: 'count must be a positive whole number' });
      if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599))
        return reply.code(400).send({ error: 'status must be 400–599' });
      faults.arm({ mode: mode as FaultMode, remaining: count, pathPrefix, status });
      return state();
    },
  );
  app.delete('/__sandbox/faults', async () => {
    faults.clear();
    return state();
  });

  app.post<{ Body: { ms?: number; days?: number } }>('/__sandbox/clock/advance', async (request, reply) => {
    const { ms = 0, days = 0 } = request.body ?? {};
    const total = ms + days * 86_400_000;
    if (!Number.isFinite(total) || total < 0)
      return reply.code(400).send({ error: 'ms and days must be non-negative' });
    await clock.advance(total);
    return state();
  });

  app.post<{ Body: { url?: string } }>('/__sandbox/webhooks/endpoints', async (request, reply) => {
    const url = request.body?.url;
    if (!url || !URL.canParse(url)) return reply.code(400).send({ error: 'url must be an absolute URL' });
    webhooks.addEndpoint(url);
    return state();
  });
  app.delete('/__sandbox/webhooks/endpoints', async () => {
    webhooks.clearEndpoints();
    return state();
  });
  app.patch<{ Body: Partial<WebhookBehaviour> }>('/__sandbox/webhooks/behaviour', async (request, reply) => {
    const change = request.body ?? {};
    for (const [key, value] of Object.entries(change)) {
      const valid =
        key === 'reorder' ? typeof value === 'boolean' : Number.isInteger(value) && Number(value) >= 0;
      if (!(key in webhooks.behaviour) || !valid)
        return reply.code(400).send({ error: `${key} is not a webhook setting or has a bad value` });
    }
    webhooks.configure(change);
    return state();
  });
  app.post('/__sandbox/webhooks/flush', async () => {
    webhooks.flush();
    return state();
  });
  app.get('/__sandbox/webhooks/deliveries', async () => ({ deliveries: webhooks.deliveries() }));
}
