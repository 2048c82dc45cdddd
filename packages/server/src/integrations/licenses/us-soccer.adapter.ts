import { createVendorHttpClient, type HttpLogger, type VendorHttpClient } from '../http/http-client.ts';
import type { LicenseHolder, LicenseProviderPort } from './port.ts';

/**
 * An organization's access to the US Soccer license lookup as configured in Touchline. US Soccer publishes no
 * public API reference for its Learning Center (learning.ussoccer.com); the wire format below is the partner
 * lookup as ADR 032 records it, with what could not be confirmed listed there.
 */
export type UsSoccerSettings = {
  baseUrl: string;
  apiKey: string;
  logger: HttpLogger;
  sandbox?: boolean;
  timeoutMs?: number;
};

/** The provider's license entry. */
type UsSoccerLicense = {
  discipline?: string;
  license_level?: string;
  issue_date?: string | null;
  expiration_date?: string | null;
  status?: string;
};
/** The provider's person record, in its `data` envelope. */
type UsSoccerPerson = {
  data: {
    ussf_id: string;
    first_name: string;
    last_name: string;
    birth_date?: string | null;
    licenses?: UsSoccerLicense[];
  };
};

const inForceStatuses = new Set(['active', 'current', 'valid']);
const dateOnly = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

/**
 * The license-provider port on the US Soccer license lookup: `Authorization: Bearer <key>`, `GET
 * /v1/people/{ussfId}/licenses` answering the person and their licenses in a `data` envelope, 404 for an unknown
 * id, errors as `{errors: [{code, detail}]}`. Only GETs, retried by the one outbound client.
 */
export function usSoccerAdapter(
  settings: UsSoccerSettings,
): LicenseProviderPort & { http: VendorHttpClient } {
  const http = createVendorHttpClient({
    vendor: 'us-soccer',
    baseUrl: settings.baseUrl,
    headers: { authorization: `Bearer ${settings.apiKey}`, accept: 'application/json' },
    timeoutMs: settings.timeoutMs,
    logger: settings.logger,
  });
  return {
    provider: 'us-soccer',
    sandbox: settings.sandbox === true,
    http,
    async lookup(ussfId, ctx): Promise<LicenseHolder | null> {
      const { status, body } = await http.call<UsSoccerPerson>({
        method: 'GET',
        path: `/v1/people/${encodeURIComponent(ussfId)}/licenses`,
        correlationId: ctx.correlationId,
        accept: [404],
      });
      if (status === 404) return null;
      const person = body.data;
      return {
        ussfId: person.ussf_id,
        firstName: person.first_name,
        lastName: person.last_name,
        dateOfBirth: dateOnly(person.birth_date),
        licenses: (person.licenses ?? []).map((l) => ({
          discipline: l.discipline ?? '',
          grade: l.license_level ?? '',
          issuedOn: dateOnly(l.issue_date),
          expiresOn: dateOnly(l.expiration_date),
          inForce: inForceStatuses.has((l.status ?? '').toLowerCase()),
        })),
      };
    },
  };
}
