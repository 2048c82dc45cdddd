import { generateKeyPairSync, randomUUID, verify, type KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createSandbox, type Sandbox } from '../harness.ts';
import { registerMemberPortal, type TouchlineClient } from '../member-portal.ts';

/**
 * A LeagueApps site's registration as the Private API's `export/registrations-2` answers it: one row per member and
 * program, `lastUpdated` in epoch milliseconds (LeagueApps' date format), ordered by (lastUpdated, id). The member's
 * details ride along for prefill. Field names beyond `id`, `lastUpdated`, `userId`, `programId` are ours (ADR 041).
 */
export type LeagueAppsRegistration = {
  id: string;
  lastUpdated: number;
  programId: string;
  programName: string;
  userId: string;
  role: 'PLAYER' | 'COACH' | 'PARENT';
  registrationStatus: 'ACTIVE' | 'WITHDRAWN';
  paymentStatus: 'PAID' | 'UNPAID' | 'PARTIAL';
  /** Placed on a team (or the program takes no placement): only then is the player ready to invite. */
  placed: boolean;
  firstName: string;
  lastName: string;
  /** Empty for a child registered by a parent (the parent's address is in `parent`). */
  email: string;
  birthDate?: string;
  phone?: string;
  address?: { address1?: string; city?: string; state?: string; zipCode?: string };
  parent?: { firstName?: string; lastName?: string; email?: string };
  emergencyContact?: { name?: string; phone?: string };
};

type Site = { siteId: string; name: string; registrations: Map<string, LeagueAppsRegistration> };
type ServiceAccount = { clientId: string; siteId: string; publicKey: KeyObject };

export type LeagueAppsSandboxOptions = {
  /** Rows per export page (LeagueApps returns "a limited number of results per request"). */
  pageSize?: number;
  /** Requests per minute a service account may make before 429 (the sandbox clock's minutes); unlimited when absent. */
  requestsPerMinute?: number;
};

export type LeagueAppsSandbox = Sandbox & {
  /** Creates a site (a league's LeagueApps site) with its immutable numeric id. */
  addSite(siteId: string, name: string): void;
  /** Issues a Private API key (service account) for a site: the client id and the RS256 private key (PEM). */
  createServiceAccount(siteId: string): { clientId: string; privateKeyPem: string };
  /** Adds or changes a registration; `lastUpdated` moves to the sandbox clock's now (and past any earlier row). */
  putRegistration(
    siteId: string,
    registration: Omit<LeagueAppsRegistration, 'lastUpdated'>,
  ): LeagueAppsRegistration;
  registrations(siteId: string): LeagueAppsRegistration[];
  /** Revokes every access token issued (as when LeagueApps rotates them): the next call with one is 401. */
  revokeTokens(): void;
  /** A fault mid-export: after `pages` good export answers, the next `times` export requests answer 500. */
  failExportAfter(pages: number, times: number): void;
  /** Points the member portal at Touchline and the OAuth client Touchline registered for it (ADR 041). */
  connectTouchline(client: TouchlineClient): void;
  /** The member portal's OAuth callback, Touchline's registered redirect URI for this sandbox. */
  portalCallbackUrl(): string;
};

const jwtBearer = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * A local server that speaks LeagueApps' published API (leagueapps.com/api): the OAuth 2 token endpoint
 * `/v2/auth/token` taking a JWT-bearer assertion signed RS256 with the service account's key, the Private API export
 * `/v2/sites/{siteId}/export/registrations-2?last-updated=&last-id=` (both 0 at first, then the last record's
 * `lastUpdated` and `id`; repeat until an empty page), the Public API site `/v1/sites/{siteId}` by API key, 429 on
 * the request quota, dates as epoch milliseconds. Never LeagueApps: `x-sandbox: leagueapps` on every answer.
 */
export function createLeagueAppsSandbox(options: LeagueAppsSandboxOptions = {}): LeagueAppsSandbox {
  const sites = new Map<string, Site>();
  const accounts = new Map<string, ServiceAccount>();
  const tokens = new Map<string, { siteId: string; clientId: string; expiresAt: number }>();
  const usage = new Map<string, { minute: number; count: number }>();
  const pageSize = options.pageSize ?? 100;
  let lastStamp = 0;
  let exportCalls = 0;
  let exportFault: { after: number; times: number } | null = null;

  const bearerOf = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const grant = token ? tokens.get(token) : undefined;
    return grant && grant.expiresAt > sandbox.clock.now().getTime() ? grant : undefined;
  };
  const sandbox = createSandbox({
    vendor: 'leagueapps',
    authenticate: (request) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/v1/')) {
        const key = request.headers['x-api-key'];
        return typeof key === 'string' && accounts.has(key);
      }
      return bearerOf(request) !== undefined;
    },
    errorBody: (status, message) => ({ status, message }),
    signWebhook: () => ({}),
    publicPaths: ['/v2/auth/token', '/sandbox/portal/'],
  });
  const app = sandbox.app;
  const portal = registerMemberPortal(app, {
    partner: 'LeagueApps',
    baseUrl: () => sandbox.baseUrl(),
    siteName: (siteId) => sites.get(siteId)?.name,
    member: (siteId, memberId) => {
      const site = sites.get(siteId);
      const row = [...(site?.registrations.values() ?? [])].find((r) => String(r.userId) === memberId);
      return site && row
        ? {
            siteId,
            siteName: site.name,
            memberId,
            name: `${row.firstName} ${row.lastName}`,
            program: row.programName,
            // A registration with a parent and no e-mail of the player's own (or the parent's): a child, whom
            // the parent signs in for (Touchline places the child under the parent, ADR 041).
            forChild: Boolean(
              row.parent?.email && (!row.email || row.parent.email.toLowerCase() === row.email.toLowerCase()),
            ),
          }
        : undefined;
    },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const quota = (clientId: string) => {
    if (!options.requestsPerMinute) return true;
    const minute = Math.floor(sandbox.clock.now().getTime() / 60_000);
    const used = usage.get(clientId);
    const count = used && used.minute === minute ? used.count + 1 : 1;
    usage.set(clientId, { minute, count });
    return count <= options.requestsPerMinute;
  };

  app.post<{ Body: Record<string, string> }>('/v2/auth/token', async (request, reply) => {
    const invalid = (description: string) =>
      reply.code(400).send({ error: 'invalid_grant', error_description: description });
    const { grant_type: grantType, assertion } = request.body ?? {};
    if (grantType !== jwtBearer)
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'grant_type' });
    const claims = verifyAssertion(assertion ?? '', (clientId) => accounts.get(clientId)?.publicKey);
    if (!claims) return invalid('The assertion is not a JWT signed RS256 by a known service account');
    const now = Math.floor(sandbox.clock.now().getTime() / 1000);
    if (claims.aud !== `${sandbox.baseUrl()}/v2/auth/token`) return invalid('aud must be the token URL');
    if (claims.sub !== claims.iss) return invalid('sub must be the client id');
    if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp - now > 300)
      return invalid('exp must be in the next 5 minutes');
    const account = accounts.get(claims.iss)!;
    const token = randomUUID();
    tokens.set(token, {
      siteId: account.siteId,
      clientId: account.clientId,
      expiresAt: sandbox.clock.now().getTime() + 3600_000,
    });
    return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
  });

  app.get<{ Params: { siteId: string } }>('/v1/sites/:siteId', async (request, reply) => {
    const site = sites.get(request.params.siteId);
    const key = request.headers['x-api-key'] as string;
    if (!site || accounts.get(key)?.siteId !== site.siteId)
      return reply.code(404).send({ status: 404, message: 'Site not found' });
    return { siteId: Number(site.siteId), name: site.name };
  });

  app.get<{ Params: { siteId: string }; Querystring: Record<string, string> }>(
    '/v2/sites/:siteId/export/registrations-2',
    async (request, reply) => {
      const grant = bearerOf(request)!;
      if (grant.siteId !== request.params.siteId)
        return reply.code(403).send({ status: 403, message: 'Forbidden for this site' });
      if (!quota(grant.clientId))
        // LeagueApps documents 429 and truncated exponential backoff, no Retry-After header (ADR 041).
        return reply.code(429).send({ status: 429, message: 'Too Many Requests' });
      exportCalls++;
      if (exportFault && exportCalls > exportFault.after && exportFault.times > 0) {
        exportFault.times--;
        return reply.code(500).send({ status: 500, message: 'Sandbox fault: internal error' });
      }
      const lastUpdated = Number(request.query['last-updated']);
      const lastId = request.query['last-id'];
      if (!Number.isFinite(lastUpdated) || lastId === undefined)
        return reply.code(400).send({ status: 400, message: 'last-updated and last-id are required' });
      const site = sites.get(request.params.siteId)!;
      const rows = [...site.registrations.values()]
        .sort((a, b) => a.lastUpdated - b.lastUpdated || compareIds(a.id, b.id))
        .filter(
          (r) =>
            r.lastUpdated > lastUpdated || (r.lastUpdated === lastUpdated && compareIds(r.id, lastId) > 0),
        );
      return rows.slice(0, pageSize);
    },
  );

  return Object.assign(sandbox, {
    addSite(siteId: string, name: string) {
      sites.set(siteId, { siteId, name, registrations: new Map() });
    },
    createServiceAccount(siteId: string) {
      if (!sites.has(siteId)) throw new Error(`no site ${siteId}`);
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const clientId = `sandbox-${randomUUID()}`;
      accounts.set(clientId, { clientId, siteId, publicKey });
      return {
        clientId,
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim(),
      };
    },
    putRegistration(siteId: string, registration: Omit<LeagueAppsRegistration, 'lastUpdated'>) {
      const site = sites.get(siteId);
      if (!site) throw new Error(`no site ${siteId}`);
      lastStamp = Math.max(lastStamp + 1, sandbox.clock.now().getTime());
      const row = { ...registration, lastUpdated: lastStamp };
      site.registrations.set(row.id, row);
      return row;
    },
    revokeTokens() {
      tokens.clear();
    },
    failExportAfter(pages: number, times: number) {
      exportCalls = 0;
      exportFault = { after: pages, times };
    },
    connectTouchline: portal.connectTouchline,
    portalCallbackUrl: portal.callbackUrl,
    registrations(siteId: string) {
      return [...(sites.get(siteId)?.registrations.values() ?? [])];
    },
  });
}

/** Numeric ids compare as numbers (LeagueApps' ids are numbers), others as strings. */
function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

type Claims = { iss: string; sub?: string; aud?: string; exp?: number; iat?: number };

/** The claims of a compact JWS signed RS256 by the key its `iss` names, or null. */
function verifyAssertion(jwt: string, keyOf: (clientId: string) => KeyObject | undefined): Claims | null {
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    if (head.alg !== 'RS256' || typeof claims.iss !== 'string') return null;
    const key = keyOf(claims.iss);
    if (!key) return null;
    const ok = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      key,
      Buffer.from(signature, 'base64url'),
    );
    return ok ? claims : null;
  } catch {
    return null;
  }
}
