import { createVendorHttpClient, type HttpLogger } from '../http/http-client.ts';
import type { ScreeningCallContext, ScreeningPort } from './port.ts';
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
