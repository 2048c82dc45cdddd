import { createHmac, timingSafeEqual } from 'node:crypto';
import { createVendorHttpClient, type HttpLogger } from '../http/http-client.ts';
import { VendorHttpError } from '../http/vendor-errors.ts';
import {
  PartnerCredentialsRefused,
  type PartnerCallContext,
  type PartnerPort,
  type PartnerRegistration,
} from './port.ts';

/** Amilia's production host (amilia.com/ApiDocs: base URL `https://app.amilia.com/api/v3/{language}/`). */
export const amiliaProductionUrl = 'https://app.amilia.com';

export type AmiliaSettings = {
  apiUrl: string;
  /** The organization identifier (its number or URL identifier, e.g. `forest-explorers`). */
  orgIdentifier: string;
  /** The API key/secret pair from Amilia's back-office (Account → API Tokens). */
  apiKey: string;
  apiSecret: string;
  logger: HttpLogger;
  timeoutMs?: number;
  /** Rows per reconciliation page (Amilia's default is 200). */
  perPage?: number;
  /** Where "Return to Amilia" goes; the organization's store unless a sandbox's member portal stands in. */
  returnUrl?: string;
};

type AmiliaRow = {
  RegistrationId: string;
  Program?: { Id: number | string; Name?: string };
  DateCreated?: string;
  DateModified?: string;
  Person?: {
    Id: number | string;
    FirstName?: string;
    LastName?: string;
    DateOfBirth?: string | null;
    Email?: string | null;
    Address?: { Address1?: string; City?: string; StateProvince?: string; ZipPostalCode?: string } | null;
  };
  AccountOwner?: {
    Id?: number | string;
    FirstName?: string;
    LastName?: string;
    Email?: string | null;
    Phone?: string | null;
  };
  IsCancelled?: boolean;
};

/**
 * The partner port on Amilia's published v3 organization API: a bearer token from `POST /api/v3/authenticate` (Basic
 * with the API key and secret; kept until its `Expiration`, renewed once on a 401), the registration re-read
 * `GET api/V3/en/org/{org}/registrations/{id}` behind every webhook, and for the daily reconciliation the
 * registrations list paged by `page`/`perPage` from `modifiedSince` (the cursor's time). "Connected as": the
 * organization's name. What the docs do not confirm is in ADR 041.
 */
export function amiliaAdapter(settings: AmiliaSettings): PartnerPort {
  const api = createVendorHttpClient({
    vendor: 'amilia',
    baseUrl: settings.apiUrl,
    logger: settings.logger,
    timeoutMs: settings.timeoutMs,
    headers: { 'x-amilia-origin': 'Touchline' },
  });
  const org = `/api/V3/en/org/${encodeURIComponent(settings.orgIdentifier)}`;
  const perPage = settings.perPage ?? 200;
  let token: { value: string; until: number } | null = null;

  const accessToken = async (ctx: PartnerCallContext) => {
    if (token && token.until > Date.now()) return token.value;
    try {
      const { body } = await api.call<{ Token: string; Expiration?: string }>({
        method: 'POST',
        path: '/api/v3/authenticate',
        headers: {
          authorization: `Basic ${Buffer.from(`${settings.apiKey}:${settings.apiSecret}`).toString('base64')}`,
        },
        correlationId: ctx.correlationId,
      });
      const expires = body.Expiration ? Date.parse(body.Expiration) : Number.NaN;
      token = { value: body.Token, until: Number.isNaN(expires) ? Date.now() + 3600_000 : expires - 60_000 };
      return token.value;
    } catch (err) {
      if (err instanceof VendorHttpError && (err.status === 400 || err.status === 401))
        throw new PartnerCredentialsRefused('Amilia refused the API key and secret');
      throw err;
    }
  };
  const get = async <T>(path: string, ctx: PartnerCallContext, query?: Record<string, string | number>) => {
    const once = async () =>
      api.call<T>({
        method: 'GET',
        path,
        query,
        headers: { authorization: `Bearer ${await accessToken(ctx)}` },
        correlationId: ctx.correlationId,
      });
    try {
      return (await once()).body;
    } catch (err) {
      if (!(err instanceof VendorHttpError && err.status === 401)) throw err;
      token = null;
      return (await once()).body;
    }
  };

  return {
    providerType: 'Amilia',
    returnUrl:
      settings.returnUrl ??
      `https://app.amilia.com/store/en/${encodeURIComponent(settings.orgIdentifier)}/shop`,
    async test(ctx) {
      await accessToken(ctx);
      try {
        const body = await get<{ Name?: string }>(org, ctx);
        return { connectedAs: `${body.Name ?? 'Amilia organization'} (${settings.orgIdentifier})` };
      } catch (err) {
        if (err instanceof VendorHttpError && [401, 403, 404].includes(err.status))
          throw new PartnerCredentialsRefused(
            `Amilia organization ${settings.orgIdentifier} is not this key’s`,
          );
        throw err;
      }
    },
    async readRegistration(registrationId, ctx) {
      try {
        return toRegistration(
          await get<AmiliaRow>(`${org}/registrations/${encodeURIComponent(registrationId)}`, ctx),
        );
      } catch (err) {
        if (err instanceof VendorHttpError && err.status === 404) return null;
        throw err;
      }
    },
    async exportRegistrations(cursor, ctx) {
      // From the cursor's time (inclusive), oldest change first; rows at or before the cursor are skipped.
      const since = new Date(cursor?.lastUpdated ?? 0).toISOString();
      for (let page = 1; page <= 1000; page++) {
        const body = await get<{ Items: AmiliaRow[]; Paging?: { Next?: string | null } }>(
          `${org}/registrations`,
          ctx,
          { modifiedSince: since, page, perPage },
        );
        const rows = body.Items.map(toRegistration).filter(
          (r) =>
            !cursor ||
            r.updatedAt > cursor.lastUpdated ||
            (r.updatedAt === cursor.lastUpdated && r.registrationId > cursor.lastId),
        );
        const last = rows.at(-1);
        if (last)
          return { registrations: rows, next: { lastUpdated: last.updatedAt, lastId: last.registrationId } };
        if (!body.Paging?.Next) break;
      }
      return { registrations: [], next: cursor };
    },
    async close() {
      await api.close();
    },
  };
}

/**
 * Verifies a delivery: `x-amilia-signature: sha256=<hex HMAC-SHA256(secret, "{x-amilia-timestamp}.{body}")>`, the
 * timestamp within five minutes (ADR 041: Amilia does not publish its signing scheme; the sandbox follows this one).
 */
export function verifyAmiliaSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
  now = Date.now(),
): boolean {
  const signature = headers['x-amilia-signature'];
  const timestamp = headers['x-amilia-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp))
    return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const orNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

function toRegistration(row: AmiliaRow): PartnerRegistration {
  const person = row.Person;
  const owner = row.AccountOwner;
  const modified = Date.parse(row.DateModified ?? row.DateCreated ?? '');
  // A person registered under someone else's account is a child: the account owner is the guardian (ADR 041 part
  // five; without the owner's id, an owner whose e-mail is not the person's).
  const ownerIsPerson =
    owner?.Id !== undefined && person?.Id !== undefined
      ? String(owner.Id) === String(person.Id)
      : owner?.Email === person?.Email;
  const guardian =
    owner && owner.Email && !ownerIsPerson
      ? { firstName: orNull(owner.FirstName), lastName: orNull(owner.LastName), email: orNull(owner.Email) }
      : null;
  const address = person?.Address;
  return {
    registrationId: String(row.RegistrationId),
    memberId: String(person?.Id ?? ''),
    programId: String(row.Program?.Id ?? ''),
    programName: row.Program?.Name ?? `Program ${row.Program?.Id ?? ''}`,
    role: 'PLAYER',
    withdrawn: row.IsCancelled === true,
    ready: row.IsCancelled !== true,
    updatedAt: Number.isNaN(modified) ? 0 : modified,
    person: {
      firstName: person?.FirstName ?? '',
      lastName: person?.LastName ?? '',
      // A child rarely has an address of their own: the invitation goes to the account owner's.
      email: orNull(person?.Email) ?? orNull(owner?.Email) ?? '',
      dateOfBirth: orNull(person?.DateOfBirth?.slice(0, 10)),
      phone: orNull(owner?.Phone),
      address: address
        ? {
            line1: orNull(address.Address1),
            city: orNull(address.City),
            state: orNull(address.StateProvince),
            postalCode: orNull(address.ZipPostalCode),
          }
        : null,
      guardian,
      emergencyContact: null,
    },
  };
}
