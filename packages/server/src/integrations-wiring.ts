import { paidWorkStarters } from './paid-work.ts';
import type { Config } from './config.ts';
import { stripeAdapter } from './integrations/billing/stripe.adapter.ts';
import { stripeIdentityAdapter } from './integrations/identity/stripe-identity.adapter.ts';
import type { HttpLogger } from './integrations/http/http-client.ts';
import { usSoccerAdapter } from './integrations/licenses/us-soccer.adapter.ts';
import { talentLmsAdapter } from './integrations/training/talentlms.adapter.ts';
import { yardstikAdapter } from './integrations/screening/yardstik.adapter.ts';
import { openAccountKey, sealAccountKey } from './integrations/screening/account-keys.ts';
import { tazworksAgencies } from './integrations/screening/tazworks-agency.ts';
import { processAmiliaWebhook } from './modules/partners/amilia-webhooks.ts';
import { buildPartnerIntegrations } from './integrations/partners/partners-wiring.ts';
import type { Integrations, WebhookProcessor, WebhookSource, YardstikSubAccounts } from './deps.ts';

export type { Integrations, YardstikSubAccounts } from './deps.ts';
import { processStripeWebhook } from './modules/billing/billing-sync.ts';
import {
  identitySessionObject,
  processIdentityWebhook,
} from './modules/verification/identity-session.jobs.ts';
import {
  refreshScreeningReport,
  yardstikPortOfReport,
} from './modules/background-checks/background-check-orders.ts';
import { processTrainingWebhook } from './modules/abuse-prevention-training/abuse-prevention-training.sync.ts';
import { adoptUnknownYardstikReport } from './modules/sex-offender-search/sex-offender-monitor-reports.ts';

/** Builds the integrations from the configuration (a vendor left unconfigured is simply absent). */
export function buildIntegrations(
  config: Pick<Config, 'yardstik'> &
    Partial<
      Pick<
        Config,
        'stripe' | 'billingTrialDays' | 'usSoccer' | 'talentLms' | 'tazworks' | 'leagueApps' | 'amilia'
      >
    > & { partnerSealSecret?: string | undefined },
  logger: HttpLogger,
): Integrations {
  const usSoccer = config.usSoccer
    ? usSoccerAdapter({
        baseUrl: config.usSoccer.apiUrl,
        apiKey: config.usSoccer.apiKey,
        sandbox: config.usSoccer.sandbox === true,
        logger,
      })
    : null;
  const yardstik = config.yardstik
    ? yardstikAdapter({
        baseUrl: config.yardstik.apiUrl,
        apiKey: config.yardstik.apiKey,
        webhookSecret: config.yardstik.webhookSecret,
        logger,
      })
    : null;
  const subAccountPorts = new Map<string, ReturnType<typeof yardstikAdapter>>();
  const yardstikSettings = config.yardstik;
  const yardstikAccounts: YardstikSubAccounts | null = yardstikSettings
    ? {
        seal: (accountId, authorization) => sealAccountKey(yardstikSettings.apiKey, accountId, authorization),
        portFor(accountId, sealedKey) {
          const authorization = openAccountKey(yardstikSettings.apiKey, accountId, sealedKey);
          if (!authorization) return null;
          const cacheKey = `${accountId}:${authorization}`;
          let port = subAccountPorts.get(cacheKey);
          if (!port) {
            port = yardstikAdapter({
              baseUrl: yardstikSettings.apiUrl,
              apiKey: yardstikSettings.apiKey,
              webhookSecret: yardstikSettings.webhookSecret,
              authorization,
              logger,
            });
            subAccountPorts.set(cacheKey, port);
          }
          return port;
        },
      }
    : null;
  const tazworks = config.tazworks?.length
    ? tazworksAgencies(
        config.tazworks.map((a) => ({ id: a.id, baseUrl: a.apiUrl, token: a.token, sandbox: a.sandbox })),
        { logger },
      )
    : null;
  const webhookSources: WebhookSource[] = [];
  const webhookProcessors: Record<string, WebhookProcessor> = {};
  if (yardstik) {
    webhookSources.push({
      provider: 'yardstik',
      sandbox: config.yardstik?.sandbox === true,
      read: (headers, raw) => yardstik.readWebhook(headers, raw),
    });
    // The report is re-read with the key of the account it was ordered on (a sub-account's own, ADR 030).
    webhookProcessors.yardstik = async (deps, event) => {
      if (event.objectType !== 'report') return { outcome: 'ignored' };
      const screening = await yardstikPortOfReport(deps.db, deps.integrations, event.objectId);
      const ctx = { correlationId: event.eventRowId };
      const result = screening
        ? await refreshScreeningReport({ db: deps.db, screening, jobs: deps.jobs }, ctx, event.objectId)
        : { outcome: 'ignored' as const };
      // A report none of our orders names may be a monitor's hit (continuous monitoring, ADR 032).
      return result.outcome === 'ignored' ? adoptUnknownYardstikReport(deps, ctx, event.objectId) : result;
    };
  }
  const stripe = config.stripe ? stripeAdapter({ ...config.stripe, logger }) : null;
  if (stripe) {
    webhookSources.push({
      provider: 'stripe',
      sandbox: config.stripe?.sandbox === true,
      read: (headers, raw) => stripe.readWebhook(headers, raw),
    });
    // Stripe Identity's events come on the same endpoint (one account, ADR 039): the verification module re-reads them.
    webhookProcessors.stripe = (deps, event) =>
      event.objectType === identitySessionObject
        ? processIdentityWebhook(deps, event)
        : processStripeWebhook(deps, event);
  }
  const talent = config.talentLms
    ? talentLmsAdapter({
        baseUrl: config.talentLms.apiUrl,
        apiKey: config.talentLms.apiKey,
        webhookSecret: config.talentLms.webhookSecret,
        courseId: config.talentLms.courseId,
        sandbox: config.talentLms.sandbox === true,
        logger,
      })
    : null;
  if (talent) {
    webhookSources.push({
      provider: 'talentlms',
      sandbox: config.talentLms?.sandbox === true,
      read: (headers, raw) => talent.readWebhook(headers, raw),
    });
    webhookProcessors.talentlms = processTrainingWebhook;
  }
  // Amilia's webhooks arrive on their own route (a secret per connection) and are processed from the shared inbox.
  if (config.partnerSealSecret) webhookProcessors.amilia = processAmiliaWebhook;
  return {
    screening: yardstik,
    screeningAccounts: yardstik,
    yardstikAccounts,
    tazworks,
    billing: stripe ? { port: stripe, trialDays: config.billingTrialDays ?? 30 } : null,
    licenses: usSoccer,
    training: talent,
    // Stripe Identity rides on the same Stripe account (or sandbox) as billing (ADR 039).
    identity: config.stripe ? stripeIdentityAdapter({ ...config.stripe, logger }) : null,
    webhookSources,
    webhookProcessors,
    paidWork: paidWorkStarters,
    partners: config.partnerSealSecret
      ? buildPartnerIntegrations(
          { sealSecret: config.partnerSealSecret, leagueApps: config.leagueApps, amilia: config.amilia },
          logger,
        )
      : null,
    close: async () => {
      await yardstik?.http.close();
      await Promise.all([...subAccountPorts.values()].map((p) => p.http.close()));
      await tazworks?.close();
      await stripe?.close();
      await usSoccer?.http.close();
      await talent?.http.close();
    },
  };
}

/** No vendor at all: for processes and tests that run jobs which call none. */
export const noIntegrations: Integrations = {
  screening: null,
  screeningAccounts: null,
  yardstikAccounts: null,
  tazworks: null,
  billing: null,
  licenses: null,
  training: null,
  identity: null,
  webhookSources: [],
  webhookProcessors: {},
  paidWork: paidWorkStarters,
  close: async () => {},
};
