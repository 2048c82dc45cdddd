import { createVendorHttpClient, type HttpLogger, type VendorHttpClient } from '../http/http-client.ts';
import { InvalidWebhookSignature, type ScreeningPort, type ScreeningReport } from './port.ts';
import { screeningStatusFromTazworks } from './tazworks-status.ts';

/** TazAPI's production host (its sandbox is https://api-sandbox.instascreen.net). */
export const tazworksProductionUrl = 'https://api.instascreen.net';

/** An organization's account at a TazWorks-platform agency (JDP, NCSI, ScoutLogic…) as configured in Touchline. */
export type TazworksSettings = {
  baseUrl: string;
  /** The API application's token (a JWT the agency's TazAPI console issues). */
  token: string;
  /** The organization's client at the agency: every call is under /v1/clients/{clientGuid}. */
  clientGuid: string;
  logger: HttpLogger;
  timeoutMs?: number;
  /** Now, for whether a QuickApp link has expired (the adapter's own clock in tests). */
  clock?: () => Date;
};

type TazworksProduct = { clientProductGuid: string; productName: string; usesQuickapp?: boolean };
type TazworksApplicant = { applicantGuid: string; firstName: string; lastName: string; email: string };
type TazworksOrder = {
  orderGuid: string;
  orderStatus: string;
  searchFlagged: boolean;
  externalIdentifier?: string;
  applicantGuid?: string;
  completedDate?: number;
  quickappApplicantLink?: string;
  quickappInfo?: { dateExpires?: number };
};

const pageSize = 100;

/**
 * The screening port on TazAPI (docs.developer.tazworks.com), the REST API of the TazWorks platform that JDP, NCSI
 * and ScoutLogic run on: `Authorization: Bearer <token>`, everything under the organization's client. TazAPI has no
 * idempotency key and no field for our id on an applicant, so an applicant is found by e-mail and name before one
 * is created, and an order carries our order id as `externalIdentifier` and is looked for before one is placed. It
 * sends no webhooks to API clients: orders are re-read (the daily sweep and on demand) to learn where they stand.
 */
export function tazworksAdapter(settings: TazworksSettings): ScreeningPort & { http: VendorHttpClient } {
  const http = createVendorHttpClient({
    vendor: 'tazworks',
    baseUrl: settings.baseUrl,
    headers: { authorization: `Bearer ${settings.token}` },
    timeoutMs: settings.timeoutMs,
    logger: settings.logger,
  });
  const clock = settings.clock ?? (() => new Date());
  const client = `/v1/clients/${encodeURIComponent(settings.clientGuid)}`;

  const toReport = (order: TazworksOrder, reportUrl: string | null = null): ScreeningReport => {
    const status = screeningStatusFromTazworks(
      {
        orderStatus: order.orderStatus,
        searchFlagged: order.searchFlagged,
        quickappExpiresAt: order.quickappInfo?.dateExpires ?? null,
      },
      clock(),
    );
    return {
      id: order.orderGuid,
      externalId: order.externalIdentifier ?? null,
      status,
      vendorStatus: order.searchFlagged ? `${order.orderStatus} (flagged)` : order.orderStatus,
      applyUrl: status === 'awaiting_candidate' ? (order.quickappApplicantLink ?? null) : null,
      reportUrl,
      completedAt: order.completedDate ? new Date(order.completedDate) : null,
    };
  };

  /** Every row of a paged list: TazAPI pages from 0; a page shorter than asked for is the last. */
  async function findAll<T>(path: string, query: Record<string, string>, correlationId?: string) {
    const rows: T[] = [];
    for (let page = 0; ; page++) {
      const { body } = await http.call<T[]>({
        method: 'GET',
        path,
        query: { ...query, page, size: pageSize },
        correlationId,
      });
      rows.push(...body);
      if (body.length < pageSize) return rows;
    }
  }

  return {
    vendor: 'tazworks',
    http,

    async listPackages(ctx) {
      const products = await findAll<TazworksProduct>(`${client}/products`, {}, ctx.correlationId);
      // The member applies on the agency's QuickApp; a product without it needs an operator to key the applicant in.
      return products
        .filter((p) => p.usesQuickapp !== false)
        .map((p) => ({ id: p.clientProductGuid, name: p.productName, searches: [] }));
    },

    async ensureCandidate(input, ctx) {
      const email = input.email.trim().toLowerCase();
      const existing = (
        await findAll<TazworksApplicant>(`${client}/applicants`, { email }, ctx.correlationId)
      ).find(
        (a) =>
          a.email.toLowerCase() === email &&
          a.firstName.toLowerCase() === input.firstName.toLowerCase() &&
          a.lastName.toLowerCase() === input.lastName.toLowerCase(),
      );
      if (existing) return { candidateId: existing.applicantGuid };
      const { body } = await http.call<TazworksApplicant>({
        method: 'POST',
        path: `${client}/applicants`,
        body: {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          clientGuid: settings.clientGuid,
          ...(input.dateOfBirth ? { dateOfBirth: input.dateOfBirth } : {}),
        },
        correlationId: ctx.correlationId,
      });
      return { candidateId: body.applicantGuid };
    },

    async orderReport(input, ctx) {
      const placed = (
        await findAll<TazworksOrder>(
          `${client}/orders`,
          { externalIdentifier: input.externalId },
          ctx.correlationId,
        )
      ).find((o) => o.externalIdentifier === input.externalId);
      if (placed) return toReport(placed);
      const { body } = await http.call<TazworksOrder>({
        method: 'POST',
        path: `${client}/orders`,
        body: {
          applicantGuid: input.candidateId,
          clientProductGuid: input.packageId,
          useQuickApp: true,
          externalIdentifier: input.externalId,
        },
        correlationId: ctx.correlationId,
      });
      return toReport(body);
    },

    async getReport(orderGuid, ctx) {
      const path = `${client}/orders/${encodeURIComponent(orderGuid)}`;
      const { body } = await http.call<TazworksOrder>({
        method: 'GET',
        path,
        correlationId: ctx.correlationId,
      });
      if (body.orderStatus !== 'complete') return toReport(body);
      // The report's page is on the order's status, once there is a report.
      const status = await http.call<{ orderDetail?: { reportUrl?: string } }>({
        method: 'GET',
        path: `${path}/status`,
        correlationId: ctx.correlationId,
      });
      return toReport(body, status.body.orderDetail?.reportUrl ?? null);
    },

    readWebhook() {
      // TazAPI posts nothing to its API clients; anything arriving as a TazWorks webhook is not one.
      throw new InvalidWebhookSignature('tazworks');
    },
  };
}
