import { agencyDisplayName, type TazworksAgencyId } from '@touchline/contracts/background-checks';
import { createVendorHttpClient, type HttpLogger } from '../http/http-client.ts';
import { InvalidWebhookSignature, type ScreeningCallContext, type ScreeningPort } from './port.ts';
import { tazworksAdapter } from './tazworks.adapter.ts';

/** A TazWorks-platform agency (JDP, NCSI, ScoutLogic…) as this deployment reaches it: one API token, many clients. */
export type TazworksAgencySettings = {
  baseUrl: string;
  token: string;
  /** The agency's name as screens show it ("JDP"). */
  agencyName: string;
  logger: HttpLogger;
  timeoutMs?: number;
};

/** A client account at the agency (an organization orders through one). */
export type TazworksClientAccount = { id: string; name: string };

/** The agency: its clients (`GET /v1/clients`) and, per client, the screening port under /v1/clients/{guid}. */
export type TazworksAgency = {
  readonly agencyName: string;
  listClients(ctx: ScreeningCallContext): Promise<TazworksClientAccount[]>;
  portFor(clientGuid: string): ScreeningPort;
  close(): Promise<void>;
};

type TazworksClient = { clientGuid: string; name: string; status?: string };
const pageSize = 100;

/** Builds the agency's client list and its per-client ports (one adapter per client, made once). */
export function tazworksAgency(settings: TazworksAgencySettings): TazworksAgency {
  const http = createVendorHttpClient({
    vendor: 'tazworks',
    baseUrl: settings.baseUrl,
    headers: { authorization: `Bearer ${settings.token}` },
    timeoutMs: settings.timeoutMs,
    logger: settings.logger,
  });
  const ports = new Map<string, ReturnType<typeof tazworksAdapter>>();
  return {
    agencyName: settings.agencyName,
    async listClients(ctx) {
      const rows: TazworksClient[] = [];
      for (let page = 0; ; page++) {
        const { body } = await http.call<TazworksClient[]>({
          method: 'GET',
          path: '/v1/clients',
          query: { page, size: pageSize },
          correlationId: ctx.correlationId,
        });
        rows.push(...body);
        if (body.length < pageSize) break;
      }
      return rows
        .filter((c) => c.status === undefined || c.status === 'ACTIVE')
        .map((c) => ({ id: c.clientGuid, name: c.name }));
    },
    portFor(clientGuid) {
      let port = ports.get(clientGuid);
      if (!port) {
        port = tazworksAdapter({ ...settings, clientGuid });
        ports.set(clientGuid, port);
      }
      return port;
    },
    async close() {
      await http.close();
      await Promise.all([...ports.values()].map((p) => p.http.close()));
    },
  };
}

/** One configured agency of the platform, by its id and name, and whether our sandbox stands in for it. */
export type NamedTazworksAgency = TazworksAgency & { id: TazworksAgencyId; sandbox: boolean };

/** A client account and the agency it is at. */
export type TazworksAgencyClient = TazworksClientAccount & { agencyId: TazworksAgencyId };

/**
 * The TazWorks-platform agencies this deployment reaches (JDP, NCSI, ScoutLogic: each its own base URL and token,
 * ADR 041). An order stores only its client GUID, so {@link TazworksAgencies.portFor} finds the agency holding
 * that client (by each agency's client list, kept once found) when the port is first used.
 */
export type TazworksAgencies = {
  readonly agencies: readonly NamedTazworksAgency[];
  /** True when our sandbox stands in for every configured agency (screens say so). */
  readonly sandbox: boolean;
  agency(id: string): NamedTazworksAgency | undefined;
  /** Every agency's clients, each with its agency. */
  listClients(ctx: ScreeningCallContext): Promise<TazworksAgencyClient[]>;
  /** The port for a client GUID at whichever configured agency holds it. */
  portFor(clientGuid: string): ScreeningPort;
  close(): Promise<void>;
};

/** One agency's settings for {@link tazworksAgencies}. */
export type TazworksAgencyEntry = { id: TazworksAgencyId; baseUrl: string; token: string; sandbox?: boolean };

/** Builds the configured agencies, each from its own settings. */
export function tazworksAgencies(
  entries: readonly TazworksAgencyEntry[],
  common: { logger: HttpLogger; timeoutMs?: number },
): TazworksAgencies {
  const agencies: NamedTazworksAgency[] = entries.map((entry) =>
    Object.assign(
      tazworksAgency({
        baseUrl: entry.baseUrl,
        token: entry.token,
        agencyName: agencyDisplayName(entry.id),
        logger: common.logger,
        timeoutMs: common.timeoutMs,
      }),
      { id: entry.id, sandbox: entry.sandbox === true },
    ),
  );
  const holder = new Map<string, NamedTazworksAgency>();
  const listClients = async (ctx: ScreeningCallContext) => {
    const all: TazworksAgencyClient[] = [];
    for (const agency of agencies)
      for (const client of await agency.listClients(ctx)) {
        holder.set(client.id, agency);
        all.push({ ...client, agencyId: agency.id });
      }
    return all;
  };
  const resolve = async (clientGuid: string, ctx: ScreeningCallContext): Promise<ScreeningPort> => {
    let agency = holder.get(clientGuid);
    if (!agency) {
      await listClients(ctx);
      agency = holder.get(clientGuid);
    }
    if (!agency) throw new Error(`No configured TazWorks-platform agency holds client ${clientGuid}`);
    return agency.portFor(clientGuid);
  };
  const routed = (clientGuid: string): ScreeningPort => ({
    vendor: 'tazworks',
    listPackages: async (ctx) => (await resolve(clientGuid, ctx)).listPackages(ctx),
    ensureCandidate: async (input, ctx) => (await resolve(clientGuid, ctx)).ensureCandidate(input, ctx),
    orderReport: async (input, ctx) => (await resolve(clientGuid, ctx)).orderReport(input, ctx),
    getReport: async (reportId, ctx) => (await resolve(clientGuid, ctx)).getReport(reportId, ctx),
    readWebhook() {
      // TazAPI posts nothing to its API clients (ADR 034).
      throw new InvalidWebhookSignature('tazworks');
    },
  });
  return {
    agencies,
    sandbox: agencies.length > 0 && agencies.every((a) => a.sandbox),
    agency: (id) => agencies.find((a) => a.id === id),
    listClients,
    portFor(clientGuid) {
      const agency = holder.get(clientGuid);
      return agency ? agency.portFor(clientGuid) : routed(clientGuid);
    },
    async close() {
      await Promise.all(agencies.map((a) => a.close()));
    },
  };
}
