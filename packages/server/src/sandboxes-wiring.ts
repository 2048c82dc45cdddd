import { tazworksAgencies } from '@touchline/contracts/background-checks';
import type { Config } from './config.ts';

/** The sandboxes running in this process and how to reach and stop them. */
export type RunningSandboxes = {
  /** The Yardstik settings that point the adapter at the Yardstik sandbox. */
  yardstik: NonNullable<Config['yardstik']>;
  /** The settings that point the TazWorks-platform adapter at its sandbox agency (ADR 034). */
  tazworks: NonNullable<Config['tazworks']>;
  /** The LeagueApps sandbox: its hosts, and a demo site with its own service account (issue 31). */
  leagueApps: NonNullable<Config['leagueApps']>;
  /** The Amilia sandbox: its host, a demo organization with an API key, and webhook subscriptions (issue 31). */
  amilia: NonNullable<Config['amilia']>;
  /** The Stripe settings that point the billing adapter at the Stripe sandbox. */
  stripe: NonNullable<Config['stripe']>;
  /** The settings that point the US Soccer license adapter at its sandbox (ADR 032). */
  usSoccer: NonNullable<Config['usSoccer']>;
  /** The settings that point the training-provider adapter at the TalentLMS sandbox (ADR 032). */
  talentLms: NonNullable<Config['talentLms']>;
  /** The DSN of our Sentry-compatible envelope sink, for error monitoring without a Sentry account (ADR 042). */
  sentryDsn: string;
  /** Our OTLP/HTTP trace receiver: where spans go without a collector, and its recent-traces page (ADR 042). */
  otlp: { tracesUrl: string; recentTracesUrl: string };
  /**
   * The OAuth clients Touchline registers for the partner sandboxes' member portals (ADR 041): the LeagueApps
   * sandbox's and the Amilia sandbox's, each with its one redirect URI, the portal's callback.
   */
  partnerClients: Array<{
    clientId: string;
    name: string;
    provider: 'LeagueApps' | 'Amilia';
    secret: string;
    redirectUris: string[];
  }>;
  /** Points the partner sandboxes' member portals at this deployment (its identity issuer and web app). */
  connectPartnerPortals(appUrl: string): void;
  /** Lines for the start-up banner: each sandbox by name and address. */
  describe(): string[];
  /** Registers our webhook route with each sandbox, once the server listens. */
  sendWebhooksTo(serverUrl: string): void;
  close(): Promise<void>;
};

const sandboxApiKey = 'sandbox-api-key-not-a-real-key';
const sandboxWebhookSecret = 'sandbox-webhook-secret-not-a-real-secret';
const stripeSandboxKeys = {
  secretKey: 'sk_test_sandbox_not_a_real_key',
  publishableKey: 'pk_test_sandbox_not_a_real_key',
  webhookSecret: 'whsec_sandbox_not_a_real_secret',
};

/**
 * Starts our own vendor sandboxes (packages/sandbox) for development, so integrations work with nothing installed
 * and no network (ADR 027). Loaded only when asked for, and never in production (the config refuses it there).
 */
export async function startSandboxes(): Promise<RunningSandboxes> {
  const { createYardstikSandbox } = await import('@touchline/sandbox/yardstik/yardstik-sandbox');
  const yardstik = createYardstikSandbox({ apiKey: sandboxApiKey, webhookSecret: sandboxWebhookSecret });
  const apiUrl = await yardstik.listen();
  const { createStripeSandbox } = await import('@touchline/sandbox/stripe/stripe-sandbox');
  const stripe = createStripeSandbox(stripeSandboxKeys);
  const stripeUrl = await stripe.listen();
  const { createUsSoccerSandbox } = await import('@touchline/sandbox/us-soccer/us-soccer-sandbox');
  const usSoccer = createUsSoccerSandbox({ apiKey: sandboxApiKey });
  const usSoccerUrl = await usSoccer.listen();
  const { createTalentSandbox } = await import('@touchline/sandbox/talentlms/talentlms-sandbox');
  const talent = createTalentSandbox({ apiKey: sandboxApiKey, webhookSecret: sandboxWebhookSecret });
  const talentUrl = await talent.listen();
  const { createTazworksSandbox } = await import('@touchline/sandbox/tazworks/tazworks-sandbox');
  // One sandbox serves the three TazWorks-platform agencies by name, each its own token and client (ADR 041).
  const tazworksSandboxAgencies = tazworksAgencies.map((a) => ({
    id: a.id,
    name: a.name,
    token: `${sandboxApiKey}-${a.id}`,
    clientName: `Demo league (${a.name} sandbox client)`,
  }));
  const tazworks = createTazworksSandbox({ token: sandboxApiKey, agencies: tazworksSandboxAgencies });
  const tazworksUrl = await tazworks.listen();
  const { createLeagueAppsSandbox } = await import('@touchline/sandbox/leagueapps/leagueapps-sandbox');
  const leagueApps = createLeagueAppsSandbox();
  const leagueAppsUrl = await leagueApps.listen();
  const leagueAppsSite = seedLeagueAppsSandbox(leagueApps);
  const { createSentrySandbox } = await import('@touchline/sandbox/sentry/sentry-sandbox');
  const sentry = createSentrySandbox({ publicKey: 'sandboxsentrykey', projectId: '1' });
  const sentryUrl = await sentry.listen();
  const { createOtlpSandbox } = await import('@touchline/sandbox/otlp/otlp-sandbox');
  const otlp = createOtlpSandbox();
  const otlpUrl = await otlp.listen();
  const { createAmiliaSandbox } = await import('@touchline/sandbox/amilia/amilia-sandbox');
  const amilia = createAmiliaSandbox();
  const amiliaUrl = await amilia.listen();
  amilia.addOrganization('demo-league', 'Demo league (Amilia sandbox organization)');
  const amiliaKey = amilia.createApiKey('demo-league');
  // Two registrations already there: the connection's first sync (the reconciliation) brings them in.
  for (const [n, first, owner] of [
    [1, 'Mia', 'Dana'],
    [2, 'Leo', 'Sam'],
  ] as const)
    amilia.putRegistration(
      'demo-league',
      {
        RegistrationId: `AM-${n}`,
        Program: { Id: 3101, Name: 'U10 Fall Soccer (Amilia sandbox)' },
        Activity: { Id: 31010, Name: 'Saturdays 9am' },
        Person: {
          Id: 7000 + n,
          FirstName: first,
          LastName: 'Sandbox',
          FullName: `${first} Sandbox`,
          DateOfBirth: '2016-04-02T00:00:00',
          Email: null,
          Address: {
            Address1: '1 Demo Way',
            City: 'Springfield',
            StateProvince: 'IL',
            ZipPostalCode: '62701',
          },
        },
        AccountOwner: {
          Id: 8000 + n,
          FirstName: owner,
          LastName: 'Sandbox',
          Email: `${owner.toLowerCase()}.sandbox@example.org`,
        },
        IsCancelled: false,
      },
      { silent: true },
    );
  let webhookBase = '';
  const leagueAppsClient = {
    clientId: 'leagueapps-sandbox',
    name: 'LeagueApps sandbox',
    provider: 'LeagueApps' as const,
    secret: 'sandbox-leagueapps-oauth-secret-not-a-real-secret',
    redirectUris: [leagueApps.portalCallbackUrl()],
  };
  const amiliaClient = {
    clientId: 'amilia-sandbox',
    name: 'Amilia sandbox',
    provider: 'Amilia' as const,
    secret: 'sandbox-amilia-oauth-secret-not-a-real-secret',
    redirectUris: [amilia.portalCallbackUrl()],
  };
  return {
    partnerClients: [leagueAppsClient, amiliaClient],
    connectPartnerPortals: (appUrl) => {
      for (const [portal, client] of [
        [leagueApps, leagueAppsClient],
        [amilia, amiliaClient],
      ] as const)
        portal.connectTouchline({
          issuer: appUrl,
          appUrl,
          clientId: client.clientId,
          clientSecret: client.secret,
        });
    },
    sentryDsn: sentry.dsn(),
    otlp: { tracesUrl: `${otlp.endpoint()}/v1/traces`, recentTracesUrl: otlp.viewerUrl() },
    yardstik: { apiUrl, apiKey: sandboxApiKey, webhookSecret: sandboxWebhookSecret, sandbox: true },
    stripe: { apiUrl: stripeUrl, ...stripeSandboxKeys, sandbox: true },
    usSoccer: { apiUrl: usSoccerUrl, apiKey: sandboxApiKey, sandbox: true },
    talentLms: {
      apiUrl: talentUrl,
      apiKey: sandboxApiKey,
      webhookSecret: sandboxWebhookSecret,
      courseId: '101',
      sandbox: true,
    },
    tazworks: tazworksSandboxAgencies.map((a) => ({
      id: a.id,
      apiUrl: tazworksUrl,
      token: a.token,
      sandbox: true,
    })),
    leagueApps: {
      apiUrl: leagueAppsUrl,
      authUrl: leagueAppsUrl,
      sandbox: true,
      sandboxSite: leagueAppsSite,
      memberPortalUrl: `${leagueAppsUrl}/sandbox/portal`,
    },
    amilia: {
      apiUrl: amiliaUrl,
      sandbox: true,
      sandboxOrganization: { siteId: 'demo-league', ...amiliaKey },
      subscribeSandboxWebhook: (siteId, organizationId) =>
        amilia.subscribeWebhook(siteId, `${webhookBase}/api/webhooks/amilia/${organizationId}`),
      memberPortalUrl: `${amiliaUrl}/sandbox/portal`,
    },
    describe: () => [
      `Amilia sandbox (a stand-in, never Amilia) at ${amiliaUrl}, organization demo-league, member portal ${amiliaUrl}/sandbox/portal/sites/demo-league`,
      `LeagueApps sandbox (a stand-in, never LeagueApps) at ${leagueAppsUrl}, site ${leagueAppsSite.siteId}`,
      `Yardstik sandbox (a stand-in, never the vendor) at ${apiUrl}`,
      `Stripe sandbox (a stand-in, never the vendor) at ${stripeUrl}`,
      `US Soccer license sandbox (a stand-in, never the federation) at ${usSoccerUrl}`,
      `TalentLMS training sandbox (a stand-in course, never the vendor) at ${talentUrl}`,
      `TazWorks-platform sandbox serving JDP, NCSI and ScoutLogic (stand-ins, never the agencies) at ${tazworksUrl}`,
      `Sentry envelope sink sandbox (error monitoring stand-in, never Sentry) at ${sentryUrl}`,
      `OTLP/HTTP trace receiver sandbox (a stand-in, never a vendor or a collector) at ${otlpUrl}, recent traces at ${otlp.viewerUrl()}`,
    ],
    sendWebhooksTo(serverUrl) {
      webhookBase = serverUrl.replace(/\/$/, '');
      yardstik.webhooks.addEndpoint(`${serverUrl.replace(/\/$/, '')}/api/webhooks/yardstik`);
      stripe.webhooks.addEndpoint(`${serverUrl.replace(/\/$/, '')}/api/webhooks/stripe`);
      talent.webhooks.addEndpoint(`${serverUrl.replace(/\/$/, '')}/api/webhooks/talentlms`);
    },
    close: async () => {
      await Promise.all([
        sentry.close(),
        otlp.close(),
        yardstik.close(),
        stripe.close(),
        usSoccer.close(),
        talent.close(),
        tazworks.close(),
        leagueApps.close(),
        amilia.close(),
      ]);
    },
  };
}

/** The LeagueApps sandbox's demo site: a service account and a few registrations to sync (issue 31). */
function seedLeagueAppsSandbox(sandbox: {
  addSite(siteId: string, name: string): void;
  createServiceAccount(siteId: string): { clientId: string; privateKeyPem: string };
  putRegistration(siteId: string, registration: LeagueAppsRegistrationSeed): unknown;
}) {
  const siteId = '10001';
  sandbox.addSite(siteId, 'Demo league (LeagueApps sandbox site)');
  const account = sandbox.createServiceAccount(siteId);
  const people = [
    ['501', '9001', 'Riley', 'Sandbox', 'PLAYER', 'PAID'],
    ['502', '9002', 'Casey', 'Sandbox', 'COACH', 'PAID'],
    ['503', '9003', 'Morgan', 'Sandbox', 'PLAYER', 'UNPAID'],
  ] as const;
  // Riley's registration carries what LeagueApps knows of a player (prefill, issue 31): date of birth, phone, address.
  const known = {
    birthDate: '2014-05-17',
    phone: '217-555-0142',
    address: { address1: '12 Sandbox Lane', city: 'Springfield', state: 'IL', zipCode: '62704' },
  };
  for (const [id, userId, firstName, lastName, role, paymentStatus] of people)
    sandbox.putRegistration(siteId, {
      ...(userId === '9001' ? known : {}),
      id,
      userId,
      programId: '7001',
      programName: 'U12 Spring League (sandbox)',
      role,
      registrationStatus: 'ACTIVE',
      paymentStatus,
      placed: true,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.sandbox@example.org`,
    });
  return { siteId, ...account };
}

type LeagueAppsRegistrationSeed = {
  id: string;
  userId: string;
  programId: string;
  programName: string;
  role: 'PLAYER' | 'COACH' | 'PARENT';
  registrationStatus: 'ACTIVE' | 'WITHDRAWN';
  paymentStatus: 'PAID' | 'UNPAID' | 'PARTIAL';
  placed: boolean;
  firstName: string;
  lastName: string;
  email: string;
  birthDate?: string;
  phone?: string;
  address?: { address1?: string; city?: string; state?: string; zipCode?: string };
};
