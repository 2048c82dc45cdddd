import { createPrivateKey, sign } from 'node:crypto';
import { createVendorHttpClient, type HttpLogger } from '../http/http-client.ts';
import { VendorHttpError } from '../http/vendor-errors.ts';
import {
  PartnerCredentialsRefused,
  type PartnerCallContext,
  type PartnerCursor,
  type PartnerPort,
  type PartnerRegistration,
} from './port.ts';

/** LeagueApps' production hosts (leagueapps.com/api): the Private API and the OAuth 2 token service. */
export const leagueAppsProductionUrls = {
  apiUrl: 'https://admin.leagueapps.io',
  authUrl: 'https://auth.leagueapps.io',
} as const;

export type LeagueAppsSettings = {
  apiUrl: string;
  authUrl: string;
  siteId: string;
  /** The Private API key's client id (the service account). */
  clientId: string;
  /** The service account's private key, PEM (LeagueApps issues it in a .p12; ADR 041). */
  privateKeyPem: string;
  logger: HttpLogger;
  timeoutMs?: number;
  /** Now, for the assertion's times (tests bend it with the sandbox's clock). */
  clock?: () => Date;
  /** Where "Return to LeagueApps" goes; the site's console unless a sandbox's member portal stands in. */
  returnUrl?: string;
};

type LeagueAppsRow = {
  id: string | number;
  lastUpdated: number;
  programId: string | number;
  programName?: string;
  userId: string | number;
  role?: string;
  registrationStatus?: string;
  paymentStatus?: string;
  placed?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  birthDate?: string;
  phone?: string;
  address?: { address1?: string; city?: string; state?: string; zipCode?: string };
  parent?: { firstName?: string; lastName?: string; email?: string };
  emergencyContact?: { name?: string; phone?: string };
};

const jwtBearer = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The partner port on LeagueApps' published API: an access token from `POST {auth}/v2/auth/token` for a JWT-bearer
 * assertion (RFC 7523) signed RS256 with the service account's key (iss = sub = client id, aud = the token URL, at
 * most five minutes), kept until shortly before it expires; the Private API export `registrations-2` paged by
 * `last-updated` and `last-id`; the Public API site (`x-api-key`: the client id) for "connected as". 429s are
 * retried by the shared client with backoff (LeagueApps asks for truncated exponential backoff).
 */
export function leagueAppsAdapter(settings: LeagueAppsSettings): PartnerPort {
  const clock = settings.clock ?? (() => new Date());
  const key = createPrivateKey(settings.privateKeyPem);
  const tokenUrl = `${settings.authUrl.replace(/\/$/, '')}/v2/auth/token`;
  const auth = createVendorHttpClient({
    vendor: 'leagueapps',
    baseUrl: settings.authUrl,
    logger: settings.logger,
    timeoutMs: settings.timeoutMs,
  });
  const api = createVendorHttpClient({
    vendor: 'leagueapps',
    baseUrl: settings.apiUrl,
    logger: settings.logger,
    timeoutMs: settings.timeoutMs,
  });
  let token: { value: string; until: number } | null = null;

  const assertion = () => {
    const now = Math.floor(clock().getTime() / 1000);
    const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({
      iss: settings.clientId,
      sub: settings.clientId,
      aud: tokenUrl,
      iat: now,
      exp: now + 300,
    })}`;
    return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), key).toString('base64url')}`;
  };
  const accessToken = async (ctx: PartnerCallContext) => {
    if (token && token.until > clock().getTime()) return token.value;
    try {
      const { body } = await auth.call<{ access_token: string; expires_in?: number }>({
        method: 'POST',
        path: '/v2/auth/token',
        form: { grant_type: jwtBearer, assertion: assertion() },
        correlationId: ctx.correlationId,
      });
      const ttl = Math.max(60, body.expires_in ?? 3600) - 60;
      token = { value: body.access_token, until: clock().getTime() + ttl * 1000 };
      return token.value;
    } catch (err) {
      if (err instanceof VendorHttpError && (err.status === 400 || err.status === 401))
        throw new PartnerCredentialsRefused(
          'LeagueApps refused the service account (check the client id and key)',
        );
      throw err;
    }
  };
  const sitePath = `/v2/sites/${encodeURIComponent(settings.siteId)}`;

  return {
    providerType: 'LeagueApps',
    returnUrl:
      settings.returnUrl ??
      `https://manager.leagueapps.com/console/sites/${encodeURIComponent(settings.siteId)}`,
    async test(ctx) {
      await accessToken(ctx);
      try {
        const { body } = await api.call<{ name?: string }>({
          method: 'GET',
          path: `/v1/sites/${encodeURIComponent(settings.siteId)}`,
          headers: { 'x-api-key': settings.clientId },
          correlationId: ctx.correlationId,
        });
        // The export must answer for this site too (a key of another site is refused here).
        await this.exportRegistrations({ lastUpdated: Number.MAX_SAFE_INTEGER, lastId: '0' }, ctx);
        return { connectedAs: `${body.name ?? 'LeagueApps site'} (site ${settings.siteId})` };
      } catch (err) {
        if (err instanceof VendorHttpError && [401, 403, 404].includes(err.status))
          throw new PartnerCredentialsRefused(`LeagueApps site ${settings.siteId} is not this key’s`);
        throw err;
      }
    },
    async exportRegistrations(cursor, ctx) {
      const from: PartnerCursor = cursor ?? { lastUpdated: 0, lastId: '0' };
      const page = async () =>
        api.call<LeagueAppsRow[]>({
          method: 'GET',
          path: `${sitePath}/export/registrations-2`,
          query: { 'last-updated': from.lastUpdated, 'last-id': from.lastId },
          headers: { authorization: `Bearer ${await accessToken(ctx)}` },
          correlationId: ctx.correlationId,
        });
      let body: LeagueAppsRow[];
      try {
        ({ body } = await page());
      } catch (err) {
        // An access token LeagueApps no longer honours (expired early, revoked): a new one, once.
        if (!(err instanceof VendorHttpError && err.status === 401)) throw err;
        token = null;
        ({ body } = await page());
      }
      const registrations = body.map(toRegistration);
      const last = body.at(-1);
      return {
        registrations,
        next: last ? { lastUpdated: last.lastUpdated, lastId: String(last.id) } : cursor,
      };
    },
    async close() {
      await Promise.all([auth.close(), api.close()]);
    },
  };
}

const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

function toRegistration(row: LeagueAppsRow): PartnerRegistration {
  return {
    registrationId: String(row.id),
    memberId: String(row.userId),
    programId: String(row.programId),
    programName: row.programName ?? `Program ${row.programId}`,
    role: row.role ?? 'PLAYER',
    withdrawn: row.registrationStatus === 'WITHDRAWN',
    ready: row.paymentStatus === 'PAID' && row.placed !== false,
    updatedAt: row.lastUpdated,
    person: {
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      email: row.email ?? '',
      dateOfBirth: orNull(row.birthDate),
      phone: orNull(row.phone),
      address: row.address
        ? {
            line1: orNull(row.address.address1),
            city: orNull(row.address.city),
            state: orNull(row.address.state),
            postalCode: orNull(row.address.zipCode),
          }
        : null,
      guardian: row.parent
        ? {
            firstName: orNull(row.parent.firstName),
            lastName: orNull(row.parent.lastName),
            email: orNull(row.parent.email),
          }
        : null,
      emergencyContact: row.emergencyContact
        ? { name: orNull(row.emergencyContact.name), phone: orNull(row.emergencyContact.phone) }
        : null,
    },
  };
}
