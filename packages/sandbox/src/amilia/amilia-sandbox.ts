import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createSandbox, type Sandbox } from '../harness.ts';
import { registerMemberPortal, type TouchlineClient } from '../member-portal.ts';
import { WebhookDispatcher } from '../webhooks.ts';

/**
 * An Amilia registration as the v3 organization API answers `GET api/V3/{language}/org/{orgIdentifier}/registrations
 * /{registrationId}` ("the webhook payload associated with the registration id"): the published fields
 * (RegistrationId, Program, Activity, DateCreated, Person, AccountOwner, IsCancelled) plus `DateModified`, which the
 * docs do not show (ADR 041) and the reconciliation listing pages by.
 */
export type AmiliaRegistration = {
  RegistrationId: string;
  Program: { Id: number; Name: string };
  Activity: { Id: number; Name: string };
  DateCreated: string;
  DateModified: string;
  Person: {
    Id: number;
    FirstName: string;
    LastName: string;
    FullName: string;
    DateOfBirth: string | null;
    Email: string | null;
    Address?: { Address1?: string; City?: string; StateProvince?: string; ZipPostalCode?: string } | null;
  };
  AccountOwner: {
    Id: number;
    FirstName: string;
    LastName: string;
    Email: string | null;
    Phone?: string | null;
  };
  IsCancelled: boolean;
};

type Organization = {
  identifier: string;
  name: string;
  registrations: Map<string, AmiliaRegistration>;
  /** The webhook subscription: its secret and its own deliveries (one endpoint per subscription). */
  webhook: { secret: string; dispatcher: WebhookDispatcher } | null;
};

export type AmiliaSandbox = Sandbox & {
  addOrganization(identifier: string, name: string): void;
  /** Issues an API key/secret pair for an organization (Amilia's back-office "Account → API Tokens"). */
  createApiKey(identifier: string): { apiKey: string; apiSecret: string };
  /** Subscribes a URL to the organization's registration webhooks; answers the signing secret. */
  subscribeWebhook(identifier: string, url: string): { secret: string };
  /** Adds or changes a registration (DateModified moves to the clock's now) and sends its webhook. */
  putRegistration(
    identifier: string,
    registration: Omit<AmiliaRegistration, 'DateCreated' | 'DateModified'>,
    options?: { silent?: boolean },
  ): AmiliaRegistration;
  registrations(identifier: string): AmiliaRegistration[];
  /** Resolves once every organization's webhooks are delivered (or given up). */
  webhooksIdle(): Promise<void>;
  /** Delivers every held (reordered) webhook now. */
  flushWebhooks(): void;
  /** Points the member portal at Touchline and the OAuth client Touchline registered for it (ADR 041). */
  connectTouchline(client: TouchlineClient): void;
  /** The member portal's OAuth callback, Touchline's registered redirect URI for this sandbox. */
  portalCallbackUrl(): string;
};

/** The header names of a delivery's signature (not published by Amilia: ADR 041). */
export const amiliaSignatureHeader = 'x-amilia-signature';
export const amiliaTimestampHeader = 'x-amilia-timestamp';

/** HMAC-SHA256 over `{timestamp}.{body}` with the subscription's secret, hex, as `sha256=…`. */
export function signAmiliaWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const perPageDefault = 200;

/**
 * A local server in the shape of Amilia's published v3 organization API (amilia.com/ApiDocs): the authenticate call
 * (Basic with the API key and secret → a JWT-like bearer token), `api/V3/{language}/org/{orgIdentifier}` and its
 * `registrations` (one by id — the webhook payload — and, for reconciliation, a list paged by `page`/`perPage`
 * (default 200) with `modifiedSince`), and signed registration webhooks per subscription that repeat and reorder on
 * demand. A clock and a fault switch come from the harness. Never Amilia: `x-sandbox: amilia` on every answer.
 */
export function createAmiliaSandbox(options: { perPage?: number } = {}): AmiliaSandbox {
  const orgs = new Map<string, Organization>();
  const keys = new Map<string, { secret: string; identifier: string }>();
  const tokens = new Map<string, { identifier: string; expiresAt: number }>();
  let lastStamp = 0;

  const grantOf = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const grant = token ? tokens.get(token) : undefined;
    return grant && grant.expiresAt > sandbox.clock.now().getTime() ? grant : undefined;
  };
  const sandbox = createSandbox({
    vendor: 'amilia',
    authenticate: (request) => grantOf(request) !== undefined,
    errorBody: (status, message) => ({ Message: message, StatusCode: status }),
    signWebhook: () => ({}),
    publicPaths: ['/api/v3/authenticate', '/sandbox/portal/'],
  });
  const app = sandbox.app;
  // The member portal (ADR 041): Amilia's member side, by organization and person (`Person.Id`); the account owner
  // signs in for a child whose own e-mail is not theirs.
  const portal = registerMemberPortal(app, {
    partner: 'Amilia',
    baseUrl: () => sandbox.baseUrl(),
    siteName: (identifier) => orgs.get(identifier)?.name,
    member: (identifier, personId) => {
      const org = orgs.get(identifier);
      const row = [...(org?.registrations.values() ?? [])].find(
        (r) => String(r.Person.Id) === personId && !r.IsCancelled,
      );
      return org && row
        ? {
            siteId: identifier,
            siteName: org.name,
            memberId: personId,
            name: row.Person.FullName,
            program: row.Program.Name,
            forChild: row.AccountOwner.Id !== row.Person.Id,
          }
        : undefined;
    },
  });

  app.post('/api/v3/authenticate', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const decoded = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8')
      : '';
    const [apiKey, ...rest] = decoded.split(':');
    const key = apiKey ? keys.get(apiKey) : undefined;
    if (!key || key.secret !== rest.join(':'))
      return reply.code(401).send({ Message: 'Invalid credentials', StatusCode: 401 });
    const token = `amilia-sandbox.${randomUUID()}`;
    const expiresAt = sandbox.clock.now().getTime() + 365 * 86_400_000;
    tokens.set(token, { identifier: key.identifier, expiresAt });
    return { Token: token, Expiration: new Date(expiresAt).toISOString() };
  });

  const orgFor = (request: FastifyRequest<{ Params: { lang: string; org: string } }>) => {
    const grant = grantOf(request)!;
    const org = orgs.get(request.params.org);
    if (!['en', 'fr'].includes(request.params.lang) || !org) return null;
    return grant.identifier === org.identifier ? org : 'forbidden';
  };

  app.get<{ Params: { lang: string; org: string } }>('/api/V3/:lang/org/:org', async (request, reply) => {
    const org = orgFor(request);
    if (org === 'forbidden') return reply.code(403).send({ Message: 'Forbidden', StatusCode: 403 });
    if (!org) return reply.code(404).send({ Message: 'Organization not found', StatusCode: 404 });
    return { Identifier: org.identifier, Name: org.name };
  });

  app.get<{ Params: { lang: string; org: string; id: string } }>(
    '/api/V3/:lang/org/:org/registrations/:id',
    async (request, reply) => {
      const org = orgFor(request);
      if (org === 'forbidden') return reply.code(403).send({ Message: 'Forbidden', StatusCode: 403 });
      const row = org?.registrations.get(request.params.id);
      if (!row) return reply.code(404).send({ Message: 'Registration not found', StatusCode: 404 });
      return row;
    },
  );

  app.get<{ Params: { lang: string; org: string }; Querystring: Record<string, string> }>(
    '/api/V3/:lang/org/:org/registrations',
    async (request, reply) => {
      const org = orgFor(request);
      if (org === 'forbidden') return reply.code(403).send({ Message: 'Forbidden', StatusCode: 403 });
      if (!org) return reply.code(404).send({ Message: 'Organization not found', StatusCode: 404 });
      const page = Number(request.query.page ?? '1');
      const perPage = Number(request.query.perPage ?? String(options.perPage ?? perPageDefault));
      const since = request.query.modifiedSince ? Date.parse(request.query.modifiedSince) : 0;
      if (
        !Number.isInteger(page) ||
        page < 1 ||
        !Number.isInteger(perPage) ||
        perPage < 1 ||
        Number.isNaN(since)
      )
        return reply
          .code(400)
          .send({ Message: 'page, perPage or modifiedSince is not valid', StatusCode: 400 });
      const size = Math.min(perPage, options.perPage ?? perPageDefault);
      const all = [...org.registrations.values()]
        .filter((r) => Date.parse(r.DateModified) >= since)
        .sort(
          (a, b) =>
            Date.parse(a.DateModified) - Date.parse(b.DateModified) ||
            (a.RegistrationId < b.RegistrationId ? -1 : a.RegistrationId > b.RegistrationId ? 1 : 0),
        );
      const items = all.slice((page - 1) * size, page * size);
      const more = page * size < all.length;
      return {
        Items: items,
        Paging: {
          TotalCount: all.length,
          Next: more ? `${request.url.split('?')[0]}?page=${page + 1}` : null,
        },
      };
    },
  );

  const emit = (org: Organization, row: AmiliaRegistration, type: string) => {
    if (!org.webhook) return;
    // The subscription follows the sandbox's webhook behaviour (duplicates, reordering, retries) and fault switch.
    org.webhook.dispatcher.behaviour = sandbox.webhooks.behaviour;
    org.webhook.dispatcher.emit(randomUUID(), {
      EventId: randomUUID(),
      EventType: type,
      OrgIdentifier: org.identifier,
      RegistrationId: row.RegistrationId,
      OccurredAt: row.DateModified,
      Payload: row,
    });
  };

  return Object.assign(sandbox, {
    addOrganization(identifier: string, name: string) {
      orgs.set(identifier, { identifier, name, registrations: new Map(), webhook: null });
    },
    createApiKey(identifier: string) {
      if (!orgs.has(identifier)) throw new Error(`no organization ${identifier}`);
      const apiKey = `ak_${randomBytes(8).toString('hex')}`;
      const apiSecret = randomBytes(24).toString('base64url');
      keys.set(apiKey, { secret: apiSecret, identifier });
      return { apiKey, apiSecret };
    },
    subscribeWebhook(identifier: string, url: string) {
      const org = orgs.get(identifier);
      if (!org) throw new Error(`no organization ${identifier}`);
      org.webhook?.dispatcher.close();
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const dispatcher = new WebhookDispatcher(
        (body, sentAt) => {
          const timestamp = String(Math.floor(sentAt.getTime() / 1000));
          return {
            [amiliaTimestampHeader]: timestamp,
            [amiliaSignatureHeader]: signAmiliaWebhook(secret, timestamp, body),
          };
        },
        sandbox.faults,
        sandbox.clock.now,
      );
      dispatcher.addEndpoint(url);
      org.webhook = { secret, dispatcher };
      return { secret };
    },
    putRegistration(
      identifier: string,
      registration: Omit<AmiliaRegistration, 'DateCreated' | 'DateModified'>,
      opts: { silent?: boolean } = {},
    ) {
      const org = orgs.get(identifier);
      if (!org) throw new Error(`no organization ${identifier}`);
      lastStamp = Math.max(lastStamp + 1, sandbox.clock.now().getTime());
      const before = org.registrations.get(registration.RegistrationId);
      const row: AmiliaRegistration = {
        ...registration,
        DateCreated: before?.DateCreated ?? new Date(lastStamp).toISOString(),
        DateModified: new Date(lastStamp).toISOString(),
      };
      org.registrations.set(row.RegistrationId, row);
      if (!opts.silent)
        emit(
          org,
          row,
          row.IsCancelled ? 'RegistrationCancelled' : before ? 'RegistrationUpdated' : 'Registration',
        );
      return row;
    },
    registrations(identifier: string) {
      return [...(orgs.get(identifier)?.registrations.values() ?? [])];
    },
    async webhooksIdle() {
      for (const org of orgs.values()) if (org.webhook) await org.webhook.dispatcher.idle();
    },
    flushWebhooks() {
      for (const org of orgs.values()) org.webhook?.dispatcher.flush();
    },
    connectTouchline: portal.connectTouchline,
    portalCallbackUrl: portal.callbackUrl,
    async close() {
      for (const org of orgs.values()) org.webhook?.dispatcher.close();
      sandbox.webhooks.close();
      await app.close();
    },
  });
}
