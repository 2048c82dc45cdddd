import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { createSandbox, VendorError, type Sandbox } from '../harness.ts';
import { quickappDonePage, quickappPage, reportPage } from './tazworks-quickapp-page.ts';
import { publicApplicant, publicOrder, TazworksStore } from './tazworks-store.ts';

/** The sandbox agency's credentials and its first client. */
export type TazworksSandboxOptions = {
  /** The API token the sandbox accepts (`Authorization: Bearer <token>`). */
  token: string;
  /** The client created at start (an organization's account at the agency); its id is fixed when given. */
  clientGuid?: string;
  clientName?: string;
  /**
   * The agencies this one sandbox serves by name (JDP, NCSI, ScoutLogic: all run on the TazWorks platform), each its
   * own API token and first client; an agency sees only its own clients. Absent: one agency, `token`'s.
   */
  agencies?: TazworksSandboxAgency[];
};

/** One agency the sandbox serves: its name, its API token and the client created for it at start. */
export type TazworksSandboxAgency = { name: string; token: string; clientGuid?: string; clientName?: string };

/** A TazWorks-platform sandbox and its data, for tests that look inside. */
export type TazworksSandbox = Sandbox & {
  store: TazworksStore;
  /** Adds a client at an agency (by its token), as the agency would for a new customer. */
  addClient(token: string, name: string, clientGuid?: string): string;
};

/**
 * A local server that speaks TazAPI (TazWorks' REST API for its consumer reporting agencies, the platform JDP,
 * NCSI and ScoutLogic run on): `Authorization: Bearer <token>`, `/v1/clients`, a client's products, applicants and
 * orders, bare JSON arrays paged by `page` (from 0) and `size` (default 30), errors as `{code, message}`, times as
 * epoch milliseconds. TazWorks documents no webhooks to API clients, so this sandbox sends none: an order is read
 * again (polled) to learn where it stands. The applicant's QuickApp is served at `/orderquickapp/index.taz`.
 */
export function createTazworksSandbox(options: TazworksSandboxOptions): TazworksSandbox {
  const agencies: TazworksSandboxAgency[] = options.agencies ?? [
    {
      name: 'TazWorks agency',
      token: options.token,
      clientGuid: options.clientGuid,
      clientName: options.clientName,
    },
  ];
  const agencyOf = (authorization: string | undefined) =>
    agencies.find((a) => authorization === `Bearer ${a.token}`);
  const sandbox = createSandbox({
    vendor: 'tazworks',
    authenticate: (request) => agencyOf(request.headers.authorization) !== undefined,
    errorBody: (status, message) => ({
      code:
        status === 401
          ? 'UNAUTHORIZED'
          : status === 404
            ? 'NOT_FOUND'
            : status < 500
              ? 'VALIDATION_EXCEPTION'
              : 'INTERNAL_ERROR',
      message,
    }),
    // TazAPI pushes nothing to its API clients; the harness's dispatcher stays unused.
    signWebhook: () => ({}),
    publicPaths: ['/orderquickapp/'],
  });
  const store = new TazworksStore(sandbox.baseUrl, sandbox.clock.now);
  // Which agency (by its token) each client is at: one platform, many agencies, each seeing only its own clients.
  const clientAgency = new Map<string, string>();
  for (const agency of agencies) {
    const client = store.addClient(
      agency.clientName ?? 'Touchline Sandbox League',
      agency.clientGuid ?? randomUUID(),
    );
    clientAgency.set(client.clientGuid, agency.token);
  }
  sandbox.clock.onAdvance(() => store.catchUp());
  const app = sandbox.app;
  type Q = { Querystring: Record<string, string> };
  type ClientParams = { Params: { clientGuid: string } };

  // Another agency's client answers as TazAPI answers an unknown one.
  app.addHook('preHandler', async (request) => {
    const guid = (request.params as { clientGuid?: string } | undefined)?.clientGuid;
    const token = agencyOf(request.headers.authorization)?.token;
    if (guid !== undefined && token !== undefined && clientAgency.get(guid) !== token)
      throw new VendorError(404, { code: 'NOT_FOUND', message: `Client ${guid} was not found.` });
  });
  app.get<Q>('/v1/clients', async (request, reply) => {
    const token = agencyOf(request.headers.authorization)?.token;
    const own = [...store.clients.values()].filter((c) => clientAgency.get(c.clientGuid) === token);
    return paged(reply, own, request.query);
  });
  app.get<ClientParams>('/v1/clients/:clientGuid', async (request) =>
    store.client(request.params.clientGuid),
  );
  app.get<ClientParams & Q>('/v1/clients/:clientGuid/products', async (request, reply) => {
    store.client(request.params.clientGuid);
    return paged(reply, store.products.get(request.params.clientGuid) ?? [], request.query);
  });

  app.get<ClientParams & Q>('/v1/clients/:clientGuid/applicants', async (request, reply) => {
    store.client(request.params.clientGuid);
    const email = request.query.email?.toLowerCase();
    const rows = [...store.applicants.values()].filter(
      (a) =>
        a.clientGuid === request.params.clientGuid &&
        (email === undefined || a.email.toLowerCase() === email),
    );
    return paged(reply, rows.map(publicApplicant), request.query);
  });
  app.post<ClientParams & { Body: Record<string, unknown> }>(
    '/v1/clients/:clientGuid/applicants',
    async (request, reply) =>
      reply.code(201).send(store.createApplicant(request.params.clientGuid, request.body ?? {})),
  );
  app.get<{ Params: { clientGuid: string; applicantGuid: string } }>(
    '/v1/clients/:clientGuid/applicants/:applicantGuid',
    async (request) => store.applicant(request.params.clientGuid, request.params.applicantGuid),
  );

  app.get<ClientParams & Q>('/v1/clients/:clientGuid/orders', async (request, reply) => {
    store.client(request.params.clientGuid);
    const { externalIdentifier, applicantGuid } = request.query;
    const rows = [...store.orders.values()].filter(
      (o) =>
        o.clientGuid === request.params.clientGuid &&
        (externalIdentifier === undefined || o.externalIdentifier === externalIdentifier) &&
        (applicantGuid === undefined || o.applicantGuid === applicantGuid),
    );
    return paged(reply, rows.map(publicOrder), request.query);
  });
  app.post<ClientParams & { Body: Record<string, unknown> }>(
    '/v1/clients/:clientGuid/orders',
    async (request, reply) =>
      reply.code(201).send(store.createOrder(request.params.clientGuid, request.body ?? {})),
  );
  type OrderParams = { Params: { clientGuid: string; orderGuid: string } };
  app.get<OrderParams>('/v1/clients/:clientGuid/orders/:orderGuid', async (request) =>
    publicOrder(store.order(request.params.clientGuid, request.params.orderGuid)),
  );
  app.get<OrderParams>('/v1/clients/:clientGuid/orders/:orderGuid/status', async (request) => {
    const order = store.order(request.params.clientGuid, request.params.orderGuid);
    return {
      orderDetail: {
        ...(order.externalIdentifier ? { externalIdentifier: order.externalIdentifier } : {}),
        fileNumber: order.fileNumber,
        status: order.orderStatus,
        ...(order.orderStatus === 'complete'
          ? {
              reportUrl: `${sandbox.baseUrl()}/orderquickapp/report.taz?file=${order.fileNumber}&x=${order.quickappToken}`,
            }
          : {}),
      },
      coApplicantDetails: [],
    };
  });
  app.get<OrderParams>('/v1/clients/:clientGuid/orders/:orderGuid/resultsAsPdf', async (request, reply) => {
    const order = store.order(request.params.clientGuid, request.params.orderGuid);
    if (order.orderStatus !== 'complete')
      return reply.code(400).send({
        code: 'VALIDATION_EXCEPTION',
        message: `Report results are not available for orders in ${order.orderStatus} status.`,
      });
    return {
      resultsUrl: `${sandbox.baseUrl()}/orderquickapp/report.taz?file=${order.fileNumber}&x=${order.quickappToken}`,
    };
  });

  type QuickappQuery = { Querystring: { x?: string; y?: string } };
  const quickappOrder = (query: { x?: string; y?: string }) =>
    query.x && query.y ? store.quickappOrder(query.x, Number(query.y)) : null;
  const expired = (order: { quickappInfo?: { dateExpires: number } }) =>
    (order.quickappInfo?.dateExpires ?? Infinity) <= sandbox.clock.now().getTime();
  const invalidLink = (reply: FastifyReply) =>
    reply.code(404).type('text/html').send('<h1>This link is not valid.</h1>');

  app.get<QuickappQuery>('/orderquickapp/index.taz', async (request, reply) => {
    const order = quickappOrder(request.query);
    if (!order) return invalidLink(reply);
    const open = order.orderStatus === 'app-pending' && !expired(order);
    return reply.type('text/html').send(open ? quickappPage(order) : quickappDonePage(order, expired(order)));
  });
  app.post<QuickappQuery & { Body: Record<string, string> }>(
    '/orderquickapp/index.taz',
    async (request, reply) => {
      const order = quickappOrder(request.query);
      if (!order) return invalidLink(reply);
      if (order.orderStatus !== 'app-pending' || expired(order))
        return reply.type('text/html').send(quickappDonePage(order, expired(order)));
      const body = request.body ?? {};
      if (body.disclosure !== 'on' || body.authorization !== 'on')
        return reply
          .code(422)
          .type('text/html')
          .send(quickappPage(order, 'Please accept both documents to continue.'));
      store.submitQuickapp(order.orderGuid);
      return reply.type('text/html').send(quickappDonePage(order, false));
    },
  );
  // The report link the status call answers: public like the agency's interchange view, keyed by the link's token.
  app.get<{ Querystring: { file?: string; x?: string } }>(
    '/orderquickapp/report.taz',
    async (request, reply) => {
      const order =
        request.query.x && request.query.file
          ? store.quickappOrder(request.query.x, Number(request.query.file))
          : null;
      if (!order || order.orderStatus !== 'complete') return invalidLink(reply);
      return reply.type('text/html').send(reportPage(order));
    },
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  return Object.assign(sandbox, {
    store,
    addClient(token: string, name: string, clientGuid?: string) {
      const client = store.addClient(name, clientGuid ?? randomUUID());
      clientAgency.set(client.clientGuid, token);
      return client.clientGuid;
    },
  });
}

/** TazAPI's paging: a bare array of page `page` (from 0) of `size` rows (default 30, at most 100). */
function paged<T>(reply: FastifyReply, rows: T[], query: Record<string, string>): T[] {
  const size = Math.min(100, Math.max(1, Number(query.size) || 30));
  const page = Math.max(0, Number(query.page) || 0);
  void reply.header('x-total-count', String(rows.length));
  return rows.slice(page * size, (page + 1) * size);
}
