import { createHmac, randomUUID } from 'node:crypto';
import { createSandbox, type Sandbox } from '../harness.ts';
import {
  sandboxPackages,
  YardstikStore,
  type YardstikCandidate,
  type YardstikReport,
} from './yardstik-store.ts';
import { applyPage, appliedPage } from './yardstik-apply-page.ts';
import { registerAccountRoutes, YardstikAccounts } from './yardstik-accounts.ts';
import { registerMonitoringRoutes, YardstikMonitors } from './yardstik-monitoring.ts';

/** The sandbox account's credentials and names. */
export type YardstikSandboxOptions = {
  /** The API key the sandbox accepts (`Authorization: Account <key>`). */
  apiKey: string;
  /** The key webhooks are signed with (Yardstik signs with the account's `WEBHOOK_SIGNATURE` API key). */
  webhookSecret: string;
  accountId?: string;
  accountName?: string;
};

/** A Yardstik sandbox and its account's data, for tests that look inside. */
export type YardstikSandbox = Sandbox & {
  store: YardstikStore;
  accounts: YardstikAccounts;
  monitors: YardstikMonitors;
};

/** Yardstik's webhook signature: hex HMAC-SHA256 of the exact body bytes, keyed with the signing API key. */
export function signYardstikWebhook(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * A local server that speaks Yardstik's published REST API (api.yardstik.com): `Authorization: Account <key>`,
 * candidates, account packages and reports, list envelopes `{object: "list", meta, data}`, and webhooks signed in
 * `x-yardstik-webhook-signature`. Reports are researched a sandbox day after consent and end by the candidate's
 * last name (yardstik-outcomes.ts). The candidate's hosted apply page is served at `/apply/{reportId}`. Enrolled
 * candidates are monitored daily against the sex offender registry (yardstik-monitoring.ts).
 */
export function createYardstikSandbox(options: YardstikSandboxOptions): YardstikSandbox {
  const accountId = options.accountId ?? '5b0e9c2a-6f1d-4c3b-8a7e-2d9f0e1c4b5a';
  const accountName = options.accountName ?? 'Touchline Sandbox Account';
  // Which account a request acts for: the partner's key its own account; a key minted for a sub-account
  // (`POST /accounts/{id}/api_token`, sent as the `header` it answers: `Authorization: User <token>`) that one.
  const accountKeys = new Map<string, string>();
  const accountOf = (authorization: string | undefined): string | undefined =>
    authorization === `Account ${options.apiKey}`
      ? accountId
      : authorization?.startsWith('User ')
        ? accountKeys.get(authorization.slice(5))
        : undefined;
  const callerOf = (request: { headers: { authorization?: string } }) =>
    accountOf(request.headers.authorization) ?? accountId;
  const mine = <T extends { account_id?: string }>(
    request: { headers: { authorization?: string } },
    rows: T[],
  ) => rows.filter((row) => (row.account_id ?? accountId) === callerOf(request));
  const sandbox = createSandbox({
    vendor: 'yardstik',
    authenticate: (request) => accountOf(request.headers.authorization) !== undefined,
    errorBody: (status, message) => ({ error: message, status }),
    signWebhook: (body) => ({
      'x-yardstik-webhook-signature': signYardstikWebhook(options.webhookSecret, body),
    }),
    publicPaths: ['/apply/', '/registry/'],
  });
  const store = new YardstikStore(sandbox.baseUrl, sandbox.clock.now, (report, event) =>
    sandbox.webhooks.emit(randomUUID(), {
      id: randomUUID(),
      event,
      resource_id: report.id,
      account_id: report.account_id ?? accountId,
      account_name: report.account_id && report.account_id !== accountId ? report.account_id : accountName,
      resource_type: 'report',
      resource_url: `${sandbox.baseUrl()}/reports/${report.id}`,
      status: report.status,
      timestamp: sandbox.clock.now().toISOString(),
    }),
  );
  const monitors = new YardstikMonitors(store, sandbox.clock.now);
  sandbox.clock.onAdvance(() => {
    store.catchUp();
    monitors.catchUp();
  });
  const app = sandbox.app;

  app.get('/account_packages', async () => sandboxPackages);
  const accounts = new YardstikAccounts(sandbox.clock.now);
  registerAccountRoutes(app, accounts, (rows, query) => listEnvelope(rows, query, {}));
  app.post<{ Params: { id: string }; Body: { name?: string } }>(
    '/accounts/:id/api_token',
    async (request, reply) => {
      if (callerOf(request) !== accountId || !accounts.read(request.params.id))
        return reply.code(404).send({ error: 'Not Found', status: 404 });
      const token = randomUUID();
      accountKeys.set(token, request.params.id);
      return reply.code(201).send({
        id: randomUUID(),
        api_token: token,
        name: request.body?.name ?? null,
        header: `Authorization: User ${token}`,
      });
    },
  );

  app.get<{ Querystring: Record<string, string> }>('/candidates', async (request) =>
    listEnvelope(mine(request, [...store.candidates.values()]), request.query, {
      'query[external_id_eq]': (c: YardstikCandidate, v) => c.external_id === v,
      'query[email_eq]': (c: YardstikCandidate, v) => c.email === v,
    }),
  );
  app.post<{ Body: Record<string, unknown> }>('/candidates', async (request, reply) => {
    return reply.code(201).send(store.createCandidate(request.body ?? {}, callerOf(request)));
  });
  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/candidates/:id',
    async (request, reply) => {
      const candidate = store.candidates.get(request.params.id);
      if (!candidate || (candidate.account_id ?? accountId) !== callerOf(request))
        return reply.code(404).send({ error: 'Not Found', status: 404 });
      return store.updateCandidate(candidate, request.body ?? {});
    },
  );
  registerMonitoringRoutes(app, monitors, callerOf, accountId, (rows, query) =>
    listEnvelope(rows, query, {}),
  );
  app.get<{ Params: { id: string } }>('/candidates/:id', async (request, reply) => {
    const [candidate] = mine(
      request,
      [store.candidates.get(request.params.id)].filter((c) => c !== undefined),
    );
    return candidate ?? reply.code(404).send({ error: 'Not Found', status: 404 });
  });

  app.get<{ Querystring: Record<string, string> }>('/reports', async (request) =>
    listEnvelope(mine(request, [...store.reports.values()]), request.query, {
      'query[candidate_id_eq]': (r: YardstikReport, v) => r.candidate_id === v,
      'query[status_eq]': (r: YardstikReport, v) => r.status === v,
    }),
  );
  app.post<{ Body: Record<string, unknown> }>('/reports', async (request, reply) => {
    const candidate = store.candidates.get(String(request.body?.candidate_id ?? ''));
    // A candidate of another account is unknown to this one, as the candidate's own read says.
    if (candidate && (candidate.account_id ?? accountId) !== callerOf(request))
      return reply
        .code(422)
        .send({ error: 'Unprocessable Entity', status: 422, errors: { candidate_id: ['must exist'] } });
    return reply.code(201).send(store.createReport(request.body ?? {}, callerOf(request)));
  });
  app.get<{ Params: { id: string } }>('/reports/:id', async (request, reply) => {
    const [report] = mine(
      request,
      [store.reports.get(request.params.id)].filter((r) => r !== undefined),
    );
    return report ?? reply.code(404).send({ error: 'Not Found', status: 404 });
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    '/reports/:id/screenings',
    async (request, reply) => {
      const screenings = store.screeningsOf(request.params.id);
      if (!screenings) return reply.code(404).send({ error: 'Not Found', status: 404 });
      return listEnvelope(screenings, request.query, {});
    },
  );
  // The sandbox's stand-in for a jurisdiction's public registry page and its photo (a silhouette, no real person).
  app.get<{ Params: { id: string } }>('/registry/:id', async (request, reply) =>
    reply
      .type('text/html')
      .send(
        `<!doctype html><title>Sandbox registry record</title><h1>Sandbox registry record ${escapeText(request.params.id)}</h1>` +
          '<p>This is the Yardstik sandbox, a stand-in for testing: not a real sex offender registry.</p>',
      ),
  );
  app.get('/registry/:id/photo.svg', async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .send(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 150" width="120" height="150">' +
          '<rect width="120" height="150" fill="#d1d5db"/><circle cx="60" cy="55" r="28" fill="#6b7280"/>' +
          '<rect x="22" y="92" width="76" height="58" rx="30" fill="#6b7280"/>' +
          '<text x="60" y="144" font-size="11" text-anchor="middle" fill="#fff">SANDBOX</text></svg>',
      ),
  );

  app.get<{ Params: { id: string } }>('/apply/:id', async (request, reply) => {
    const report = store.reports.get(request.params.id);
    if (!report) return reply.code(404).type('text/html').send('<h1>This link is not valid.</h1>');
    return reply
      .type('text/html')
      .send(report.status === 'created' ? applyPage(report) : appliedPage(report));
  });
  app.post<{ Params: { id: string }; Body: Record<string, string> }>('/apply/:id', async (request, reply) => {
    const report = store.reports.get(request.params.id);
    if (!report) return reply.code(404).type('text/html').send('<h1>This link is not valid.</h1>');
    const body = request.body ?? {};
    if (body.disclosure !== 'on' || body.authorization !== 'on')
      return reply
        .code(422)
        .type('text/html')
        .send(applyPage(report, 'Please accept both documents to continue.'));
    store.consent(report.id);
    return reply.type('text/html').send(appliedPage(report));
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  return Object.assign(sandbox, { store, accounts, monitors });
}

function escapeText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Filters<T> = Record<string, (item: T, value: string) => boolean>;

/** Yardstik's paginated list envelope, with its `query[...]` filters, `page` and `per_page`. */
function listEnvelope<T extends { created_at: string }>(
  items: T[],
  query: Record<string, string>,
  filters: Filters<T>,
) {
  let rows = items;
  for (const [key, test] of Object.entries(filters)) {
    const value = query[key];
    if (value !== undefined) rows = rows.filter((item) => test(item, value));
  }
  rows = [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const perPage = Math.min(100, Math.max(1, Number(query.per_page) || 25));
  const page = Math.max(1, Number(query.page) || 1);
  return {
    object: 'list',
    meta: {
      page,
      per_page: perPage,
      total_count: rows.length,
      total_pages: Math.ceil(rows.length / perPage),
    },
    data: rows.slice((page - 1) * perPage, page * perPage),
  };
}
