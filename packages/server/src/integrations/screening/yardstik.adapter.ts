import { createHmac, timingSafeEqual } from 'node:crypto';
import { createVendorHttpClient, type HttpLogger, type VendorHttpClient } from '../http/http-client.ts';
import {
  InvalidWebhookSignature,
  type RegistryRecord,
  type ScreeningAccount,
  type ScreeningAccountsPort,
  type ScreeningPort,
  type ScreeningReport,
  type ScreeningWebhookHint,
} from './port.ts';
import { screeningStatusFromYardstik } from './yardstik-status.ts';
import { yardstikMonitoring } from './yardstik-monitoring.adapter.ts';

/** Yardstik's production API; its staging API is https://api.yardstik-staging.com. */
export const yardstikProductionUrl = 'https://api.yardstik.com';

/** An organization's Yardstik account as configured in Touchline. */
export type YardstikSettings = {
  baseUrl: string;
  apiKey: string;
  /** The account's `WEBHOOK_SIGNATURE` API key, which Yardstik signs webhooks with. */
  webhookSecret: string;
  logger: HttpLogger;
  timeoutMs?: number;
  /**
   * The `Authorization` header to send instead of `Account <apiKey>`: a sub-account's own key (minted with
   * `POST /accounts/{id}/api_token`), so candidates and reports are created in that account.
   */
  authorization?: string;
};

type YardstikList<T> = { object: 'list'; meta: { page: number; total_pages: number }; data: T[] };
type YardstikCandidate = { id: string; external_id: string | null };
type YardstikReport = {
  id: string;
  status: string;
  completed_at: string | null;
  external_reference?: Record<string, unknown> | null;
  candidate_id?: string | null;
  monitor?: { id: string } | null;
  meta?: { apply?: string; report_url?: string };
};
type YardstikPackage = {
  id: string;
  name: string;
  package: string;
  action_type?: string;
  screenings?: { label: string }[];
};
type YardstikScreening = {
  id: string;
  screening_type: string;
  status: string;
  records?: {
    id: string;
    full_name: string;
    aliases?: string[] | null;
    date_of_birth?: string | null;
    photo_url?: string | null;
    jurisdiction: string;
    registry_url?: string | null;
    offenses?: { description: string }[] | null;
  }[];
};
type YardstikAccount = { id: string; external_id: string | null; status: string };
type YardstikEvent = { id?: string; resource_type?: string; resource_id?: string; timestamp?: string };

const referenceKey = 'touchline_order_id';

/** The screening types of Yardstik's sex offender registry search (its account packages name it "Sex Offender"). */
const sexOffenderScreeningTypes = new Set(['sex offender', 'sex_offender', 'sex_offender_search']);

/** The registry photo types a reviewer's page embeds, and the largest photo kept (registries publish small ones). */
const photoTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml']);
const photoMaxBytes = 512 * 1024;

/**
 * A registry photo as a `data:` URL, read once when the possible match is read, so the reviewer's page shows it
 * without loading a registry's host (the app's content policy allows only its own and `data:` images) and the
 * evidence stays as it was when reviewed. A photo that cannot be read keeps its link instead (the page links it).
 */
async function inlinePhoto(url: string, timeoutMs: number): Promise<string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!response.ok || !photoTypes.has(type)) return url;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > photoMaxBytes) return url;
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch {
    return url;
  }
}

/**
 * The screening port on Yardstik's REST API (developer.yardstik.com): `Authorization: Account <key>`, candidates
 * found by `external_id` before one is created, reports found by our order id in `external_reference` before one
 * is ordered (Yardstik documents no idempotency key, so a retried order looks before it creates), and webhooks
 * checked against `x-yardstik-webhook-signature`, the hex HMAC-SHA256 of the exact body. A sex offender search is
 * an account package whose screening is the "Sex Offender Registry" (ordered like any report); its possible
 * matches are read from the report's screenings (ADR 032 says which part of that is not confirmed).
 */
export function yardstikAdapter(
  settings: YardstikSettings,
): ScreeningPort & ScreeningAccountsPort & { http: VendorHttpClient } {
  const http = createVendorHttpClient({
    vendor: 'yardstik',
    baseUrl: settings.baseUrl,
    headers: { authorization: settings.authorization ?? `Account ${settings.apiKey}` },
    timeoutMs: settings.timeoutMs,
    logger: settings.logger,
  });

  const toReport = (report: YardstikReport): ScreeningReport => {
    const status = screeningStatusFromYardstik(report.status);
    const reference = report.external_reference?.[referenceKey];
    return {
      id: report.id,
      externalId: typeof reference === 'string' ? reference : null,
      status,
      vendorStatus: report.status,
      applyUrl: status === 'awaiting_candidate' ? (report.meta?.apply ?? null) : null,
      reportUrl: report.meta?.report_url ?? null,
      completedAt: report.completed_at ? new Date(report.completed_at) : null,
      candidateId: report.candidate_id ?? null,
      monitorId: report.monitor?.id ?? null,
    };
  };

  const toAccount = (account: YardstikAccount): ScreeningAccount => ({
    id: account.id,
    externalId: account.external_id,
    active: account.status === 'active',
    vendorStatus: account.status,
  });

  async function findAll<T>(
    path: string,
    query: Record<string, string>,
    correlationId?: string,
  ): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const { body } = await http.call<YardstikList<T>>({
        method: 'GET',
        path,
        query: { ...query, page, per_page: 100 },
        correlationId,
      });
      rows.push(...body.data);
      if (page >= body.meta.total_pages) return rows;
    }
  }

  return {
    vendor: 'yardstik',
    http,
    monitoring: yardstikMonitoring(http, findAll),

    async listPackages(ctx) {
      const { body } = await http.call<YardstikPackage[]>({
        method: 'GET',
        path: '/account_packages',
        correlationId: ctx.correlationId,
      });
      return body.map((p) => ({
        id: p.id,
        name: p.name || p.package,
        searches: (p.screenings ?? []).map((s) => s.label),
        kind: p.action_type === 'monitor' ? ('monitor' as const) : ('report' as const),
      }));
    },

    async ensureCandidate(input, ctx) {
      const [existing] = await findAll<YardstikCandidate>(
        '/candidates',
        { 'query[external_id_eq]': input.externalId },
        ctx.correlationId,
      );
      if (existing) return { candidateId: existing.id };
      const { body } = await http.call<YardstikCandidate>({
        method: 'POST',
        path: '/candidates',
        body: {
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          external_id: input.externalId,
          ...(input.dateOfBirth ? { date_of_birth: input.dateOfBirth } : {}),
        },
        correlationId: ctx.correlationId,
      });
      return { candidateId: body.id };
    },

    async orderReport(input, ctx) {
      const reports = await findAll<YardstikReport>(
        '/reports',
        { 'query[candidate_id_eq]': input.candidateId },
        ctx.correlationId,
      );
      const existing = reports.find((r) => r.external_reference?.[referenceKey] === input.externalId);
      if (existing) return toReport(existing);
      const { body } = await http.call<YardstikReport>({
        method: 'POST',
        path: '/reports',
        body: {
          candidate_id: input.candidateId,
          account_package_id: input.packageId,
          account_candidate_consented: false,
          external_reference: { [referenceKey]: input.externalId },
        },
        correlationId: ctx.correlationId,
      });
      return toReport(body);
    },

    async openAccount(input, ctx) {
      const [existing] = await findAll<YardstikAccount>(
        '/accounts',
        { 'query[external_id_eq]': input.externalId },
        ctx.correlationId,
      );
      if (existing) return toAccount(existing);
      const { body } = await http.call<YardstikAccount>({
        method: 'POST',
        path: '/accounts',
        body: {
          name: input.name,
          legal_name: input.legalName,
          ein: input.ein,
          external_id: input.externalId,
          permissible_purpose: input.permissiblePurpose,
          address: {
            line1: input.address.line1,
            line2: input.address.line2 || null,
            city: input.address.city,
            state: input.address.state,
            zip_code: input.address.postalCode,
          },
          owner: {
            first_name: input.owner.firstName,
            last_name: input.owner.lastName,
            email: input.owner.email,
            phone: input.owner.phone || null,
          },
        },
        correlationId: ctx.correlationId,
      });
      return toAccount(body);
    },

    async getAccount(accountId, ctx) {
      const { body } = await http.call<YardstikAccount>({
        method: 'GET',
        path: `/accounts/${encodeURIComponent(accountId)}`,
        correlationId: ctx.correlationId,
      });
      return toAccount(body);
    },

    async createAccountKey(accountId, ctx) {
      const { body } = await http.call<{ api_token: string; header?: string | null }>({
        method: 'POST',
        path: `/accounts/${encodeURIComponent(accountId)}/api_token`,
        body: { name: 'Touchline orders' },
        correlationId: ctx.correlationId,
      });
      // Yardstik answers the header to send with the key ("Authorization: User <token>" in its reference).
      const header = /^authorization:\s*(.+)$/i.exec(body.header?.trim() ?? '')?.[1];
      return { authorization: header ?? `User ${body.api_token}` };
    },

    async getReport(reportId, ctx) {
      const { body } = await http.call<YardstikReport>({
        method: 'GET',
        path: `/reports/${encodeURIComponent(reportId)}`,
        correlationId: ctx.correlationId,
      });
      return toReport(body);
    },

    async getRegistryRecords(reportId, ctx): Promise<RegistryRecord[]> {
      const screenings = await findAll<YardstikScreening>(
        `/reports/${encodeURIComponent(reportId)}/screenings`,
        {},
        ctx.correlationId,
      );
      const records = screenings
        .filter((s) => sexOffenderScreeningTypes.has(s.screening_type.toLowerCase()))
        .flatMap((s) => s.records ?? []);
      return Promise.all(
        records.map(async (r) => ({
          id: r.id,
          fullName: r.full_name,
          aliases: r.aliases ?? [],
          dateOfBirth: r.date_of_birth ?? null,
          photoUrl: r.photo_url ? await inlinePhoto(r.photo_url, settings.timeoutMs ?? 5000) : null,
          jurisdiction: r.jurisdiction,
          registryUrl: r.registry_url ?? null,
          offenses: (r.offenses ?? []).map((o) => o.description),
        })),
      );
    },

    readWebhook(headers, rawBody): ScreeningWebhookHint {
      const given = headers['x-yardstik-webhook-signature'];
      const signature = Array.isArray(given) ? given[0] : given;
      const expected = createHmac('sha256', settings.webhookSecret).update(rawBody).digest('hex');
      if (
        !signature ||
        signature.length !== expected.length ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      )
        throw new InvalidWebhookSignature('yardstik');
      const event = JSON.parse(rawBody.toString('utf8')) as YardstikEvent;
      const objectType =
        event.resource_type === 'report' || event.resource_type === 'candidate'
          ? event.resource_type
          : 'other';
      return {
        eventId: String(event.id ?? ''),
        objectType,
        objectId: String(event.resource_id ?? ''),
        occurredAt: event.timestamp ? new Date(event.timestamp) : null,
      };
    },
  };
}
