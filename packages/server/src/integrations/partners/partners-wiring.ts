import type { PartnerProviderType } from '@touchline/contracts/integrations';
import type { HttpLogger } from '../http/http-client.ts';
import { openAccountKey, sealAccountKey } from '../screening/account-keys.ts';
import { amiliaAdapter, amiliaProductionUrl } from './amilia.adapter.ts';
import { leagueAppsAdapter, leagueAppsProductionUrls } from './leagueapps.adapter.ts';
import type { PartnerPort } from './port.ts';
import { testPartnerAdapter } from './test-partner.adapter.ts';

/** Where LeagueApps is reached (production unless a sandbox stands in), and the sandbox site's own key in dev. */
export type LeagueAppsConfig = {
  apiUrl: string;
  authUrl: string;
  sandbox?: boolean;
  /** The sandbox site's credentials, offered on the connect screen in development only (named a sandbox). */
  sandboxSite?: { siteId: string; clientId: string; privateKeyPem: string };
  /** The sandbox's member portal (development only): a sandbox connection's "Return to" address (ADR 041). */
  memberPortalUrl?: string;
};

/** Where Amilia is reached (production unless our sandbox stands in), and the sandbox organization in dev. */
export type AmiliaConfig = {
  apiUrl: string;
  sandbox?: boolean;
  /** The sandbox organization and its API key (development only, named a sandbox). */
  sandboxOrganization?: { siteId: string; apiKey: string; apiSecret: string };
  /**
   * Subscribes an organization's webhook URL (`/api/webhooks/amilia/{organizationId}`) at the sandbox (development
   * only): answers the subscription's signing secret.
   */
  subscribeSandboxWebhook?: (siteId: string, organizationId: string) => { secret: string };
  /** The sandbox's member portal (development only): a sandbox connection's "Return to" address (ADR 041). */
  memberPortalUrl?: string;
};

/**
 * A connection's credentials as sealed: LeagueApps' service account; Amilia's API key and secret and the webhook
 * subscription's signing secret; Test has none.
 */
export type PartnerCredentials = {
  clientId?: string;
  privateKeyPem?: string;
  apiKey?: string;
  apiSecret?: string;
  webhookSecret?: string;
};

/**
 * The partners of this deployment (issue 31, ADR 041): unlike vendors, each organization brings its own partner
 * credentials, so ports are built per connection from its sealed credentials. Sealing reuses the sealed-credentials
 * code of ADR 030 (AES-256-GCM, a key derived by HKDF from the deployment's secret, bound to the connection id).
 */
export type PartnerIntegrations = {
  leagueApps: LeagueAppsConfig & { sandbox: boolean };
  amilia: AmiliaConfig & { sandbox: boolean };
  seal(connectionId: string, credentials: PartnerCredentials): string;
  open(connectionId: string, sealed: string): PartnerCredentials | null;
  portFor(
    connection: { providerType: string; siteId: string },
    credentials: PartnerCredentials,
    appUrl: string,
  ): PartnerPort;
  /** Whether the partner behind a provider type is our sandbox (Test is ours: never a sandbox of someone). */
  isSandbox(providerType: string): boolean;
};

export function buildPartnerIntegrations(
  settings: {
    sealSecret: string;
    leagueApps?: LeagueAppsConfig | undefined;
    amilia?: AmiliaConfig | undefined;
  },
  logger: HttpLogger,
): PartnerIntegrations {
  const leagueApps = {
    ...leagueAppsProductionUrls,
    ...settings.leagueApps,
    sandbox: settings.leagueApps?.sandbox === true,
  };
  const amilia = {
    apiUrl: amiliaProductionUrl,
    ...settings.amilia,
    sandbox: settings.amilia?.sandbox === true,
  };
  return {
    leagueApps,
    amilia,
    seal: (connectionId, credentials) =>
      sealAccountKey(settings.sealSecret, connectionId, JSON.stringify(credentials)),
    open(connectionId, sealed) {
      const text = openAccountKey(settings.sealSecret, connectionId, sealed);
      return text === null ? null : (JSON.parse(text) as PartnerCredentials);
    },
    portFor(connection, credentials, appUrl) {
      const type = connection.providerType as PartnerProviderType;
      if (type === 'LeagueApps')
        return leagueAppsAdapter({
          apiUrl: leagueApps.apiUrl,
          authUrl: leagueApps.authUrl,
          siteId: connection.siteId,
          clientId: credentials.clientId ?? '',
          privateKeyPem: credentials.privateKeyPem ?? '',
          logger,
          ...(leagueApps.memberPortalUrl
            ? { returnUrl: `${leagueApps.memberPortalUrl}/sites/${encodeURIComponent(connection.siteId)}` }
            : {}),
        });
      if (type === 'Amilia')
        return amiliaAdapter({
          apiUrl: amilia.apiUrl,
          orgIdentifier: connection.siteId,
          apiKey: credentials.apiKey ?? '',
          apiSecret: credentials.apiSecret ?? '',
          logger,
          ...(amilia.memberPortalUrl
            ? { returnUrl: `${amilia.memberPortalUrl}/sites/${encodeURIComponent(connection.siteId)}` }
            : {}),
        });
      if (type === 'Test') return testPartnerAdapter({ siteId: connection.siteId, appUrl });
      throw new Error(`No adapter for partner ${connection.providerType}`);
    },
    isSandbox: (providerType) =>
      (providerType === 'LeagueApps' && leagueApps.sandbox) || (providerType === 'Amilia' && amilia.sandbox),
  };
}
