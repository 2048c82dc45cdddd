import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { loggerOptions } from './logger.ts';
import { authenticate, type AccessTokenVerifier } from './plugins/authenticate.ts';
import { compression } from './plugins/compression.ts';
import { db } from './plugins/db.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { health } from './plugins/health.ts';
import { identityDirectoryPlugin, type IdentityDirectory } from './plugins/identity-directory.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { oversizedBody } from './plugins/oversized-body.ts';
import { openapi } from './plugins/openapi.ts';
import { apiRateLimit } from './plugins/rate-limit.ts';
import { staticWeb } from './plugins/static-web.ts';
import { transportSecurity } from './plugins/transport-security.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { jobDefinitions } from './jobs/definitions.ts';
import { openJobQueue, type JobQueue } from './jobs/queue.ts';
import { createMailTransport, type MailTransport } from './mail/mailer.ts';
import { outboxRoutes } from './mail/outbox.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { planRoutes } from './modules/plans/plans.routes.ts';
import { hierarchyRoutes } from './modules/hierarchy/hierarchy.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { invitationRoutes } from './modules/invitations/invitations.routes.ts';
import { labelRoutes } from './modules/labels/labels.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { memberRoutes } from './modules/members/members.routes.ts';
import { myRequirementsRoutes } from './modules/requirements/my-requirements.routes.ts';
import { accountRoutes } from './modules/profiles/account.routes.ts';
import { profileUpdateRoutes } from './modules/profiles/profile-updates.routes.ts';
import { profileContactRoutes } from './modules/profiles/profile-contact.routes.ts';
import { profileRoutes } from './modules/profiles/profiles.routes.ts';
import { requirementActionRoutes } from './modules/requirements/requirement-actions.routes.ts';
import { backgroundCheckRoutes } from './modules/background-checks/background-check.routes.ts';
import { backgroundCheckSetupRoutes } from './modules/background-checks/background-check-setup.routes.ts';
import { yardstikOnboardingRoutes } from './modules/background-checks/yardstik-onboarding.routes.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { incidentRoutes } from './modules/incidents/incidents.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import type { IdentityClient } from './session/identity-client.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { s3Storage } from './storage/s3-storage.ts';
import { storagePlugin } from './storage/storage-plugin.ts';
import { buildIntegrations, type Integrations } from './integrations-wiring.ts';
import { usSoccerRoutes } from './modules/us-soccer/us-soccer.routes.ts';
import { liveScanRoutes } from './modules/live-scan/live-scan.routes.ts';
import { abusePreventionTrainingRoutes } from './modules/abuse-prevention-training/abuse-prevention-training.routes.ts';
import { sexOffenderSearchRoutes } from './modules/sex-offender-search/sex-offender-search.routes.ts';
import { integrationRoutes } from './modules/integrations/integrations.routes.ts';
import { platformIntegrationRoutes } from './modules/integrations/platform-integrations.routes.ts';
import { partnerRoutes } from './modules/partners/partners.routes.ts';
import { webhookRoutes } from './plugins/webhooks.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { supportAccess, supportSessionRoutes } from './modules/admin/support-access.routes.ts';
import { errorMonitoring } from './modules/admin/monitoring.routes.ts';
import { monitoringOrigins } from './modules/admin/error-monitoring.ts';
import { intercomCspSources } from './modules/admin/support-chat-csp.ts';
import { metrics } from './modules/admin/metrics.routes.ts';
import { supportChatRoutes } from './modules/admin/support-chat.routes.ts';
import { imageRoutes } from './modules/images/images.routes.ts';
import { eligibilityRoutes } from './modules/eligibility/eligibility.routes.ts';
import { gameDayRoutes } from './modules/game-day/game-day.routes.ts';
import { credentialSharingRoutes } from './modules/credential-sharing/credential-sharing.routes.ts';
import { version } from './version.ts';
import { requestTracing } from './tracing/request-tracing.ts';
import { composeDeps, type Deps } from './deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where queued mail is delivered (SMTP or the development outbox); services queue mail through `jobs`. */
    mailer: MailTransport;
    /** The job queue: services enqueue in their own transaction (mail, later webhooks and vendor calls). */
    jobs: JobQueue;
    /** The app's public origin without a trailing slash, for links in e-mails. */
    appUrl: string;
    /** The vendor ports and webhook sources of this deployment (integrations-wiring.ts, ADR 027). */
    integrations: Integrations;
    /** The use cases' dependencies (src/deps.ts): routes pass these, never the app (ADR 028). */
    deps: Deps;
  }
}

/** What buildApp needs besides configuration: the database, and the identity wiring main (or a test) chose. */
export type AppDependencies = {
  database: DatabaseHandle;
  verifyAccessToken?: AccessTokenVerifier;
  /** How the web-session routes reach the identity service; built from the app for the in-process mount. */
  identityClient?: (app: FastifyInstance) => IdentityClient;
  /** The mail transport in use; the development outbox page exists only when it is the outbox. */
  mailer?: MailTransport;
  /** The job queue main opened; without one, buildApp opens an enqueue-only queue and closes it with the app. */
  jobs?: JobQueue;
  /** The identity calls besides tokens (accounts, current profile); required by the organization modules. */
  identityDirectory?: IdentityDirectory;
  /** Mounts other apps (identity) on the same server before the SPA fallback is registered. */
  mount?: (app: FastifyInstance) => Promise<void>;
  /** The vendor ports main built (pointed at the sandboxes in development); default: built from the config. */
  integrations?: Integrations;
};

/** Builds the product server: plugins first, then modules. Never listens, so tests inject requests. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: a request's span must be the context of every later hook (no-op unless tracing was started).
  await app.register(requestTracing);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(oversizedBody);
  const payments = paymentOrigins(config.stripe);
  const chat = intercomCspSources(config.intercomAppId);
  const frames = [...payments.frame, ...chat.frameSrc];
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets our own WebAssembly compile (the game-day QR decoder, zxing-wasm, ADR 044); it
        // allows no JavaScript eval.
        scriptSrc: ["'self'", ...payments.script, ...chat.scriptSrc, "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...chat.imgSrc],
        connectSrc: [
          "'self'",
          ...payments.connect,
          ...monitoringOrigins(config.sentryDsn),
          ...chat.connectSrc,
        ],
        ...(frames.length > 0 ? { frameSrc: ["'self'", ...frames] } : {}),
        ...(chat.fontSrc.length > 0 ? { fontSrc: ["'self'", ...chat.fontSrc] } : {}),
        ...(chat.mediaSrc.length > 0 ? { mediaSrc: ["'self'", ...chat.mediaSrc] } : {}),
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...chat.formAction],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  await app.register(transportSecurity, { publicUrl: config.publicUrl });
  // Before any route: the compression plugin attaches itself to the routes added after it.
  await app.register(compression);
  await app.register(apiRateLimit, { ...config.rateLimit, db: deps.database.db });
  await app.register(cookie);
  // Uploads stream through busboy (bodyLimit does not apply); one file of 5 MB unless a route asks for less.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(storagePlugin, {
    dataDir: config.dataDir,
    linkSecret: config.sessionPassword,
    storage: config.s3 ? s3Storage(config.s3) : undefined,
  });
  await app.register(db, { database: deps.database });
  const mailer = deps.mailer ?? createMailTransport(config);
  if (!deps.mailer) app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  const jobs =
    deps.jobs ??
    (await openJobQueue(deps.database, jobDefinitions, {
      schedule: config.jobsMode !== 'web',
      onError: (err) => app.log.error({ err }, 'job queue'),
    }));
  if (!deps.jobs) app.addHook('onClose', async () => jobs.stop());
  app.decorate('jobs', jobs);
  app.decorate('appUrl', config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`);
  const integrations = deps.integrations ?? buildIntegrations(config, app.log);
  if (!deps.integrations) app.addHook('onClose', async () => integrations.close());
  app.decorate('integrations', integrations);
  app.decorate(
    'deps',
    composeDeps({
      db: deps.database.db,
      jobs,
      transport: mailer,
      storage: app.storage,
      fileLinks: app.fileLinks,
      fileKeys: config.fileKeys,
      identityDirectory: deps.identityDirectory,
      integrations,
      appUrl: app.appUrl,
      log: app.log,
    }),
  );
  await app.register(authenticate, { verify: deps.verifyAccessToken });
  await app.register(supportAccess);
  await app.register(errorMonitoring, { dsn: config.sentryDsn, environment: config.env, release: version });
  await app.register(metrics, { token: config.metricsToken });
  await app.register(openapi, { version });
  await app.register(health);
  if (deps.identityDirectory)
    await app.register(identityDirectoryPlugin, { directory: deps.identityDirectory });

  await app.register(systemRoutes, { version, environment: config.env });
  if (deps.mount) await deps.mount(app);
  if (deps.identityClient && deps.verifyAccessToken) {
    if (!config.sessionPassword) throw new Error('the session password must be resolved before buildApp');
    await app.register(sessionRoutes, {
      password: config.sessionPassword,
      appOrigin: config.publicUrl,
      identity: deps.identityClient(app),
      verify: deps.verifyAccessToken,
      intercomSecret: config.intercomSecret,
    });
  }
  await app.register(profileRoutes);
  await app.register(organizationRoutes);
  await app.register(planRoutes);
  await app.register(billingRoutes);
  await app.register(profileUpdateRoutes);
  await app.register(profileContactRoutes);
  await app.register(accountRoutes);
  await app.register(hierarchyRoutes);
  await app.register(invitationRoutes);
  await app.register(memberRoutes);
  await app.register(labelRoutes);
  await app.register(contentRoutes);
  await app.register(dashboardRoutes);
  await app.register(homeRoutes);
  await app.register(myRequirementsRoutes);
  await app.register(requirementActionRoutes);
  await app.register(verificationRoutes);
  await app.register(eligibilityRoutes);
  await app.register(gameDayRoutes);
  await app.register(credentialSharingRoutes);
  await app.register(backgroundCheckRoutes);
  await app.register(backgroundCheckSetupRoutes);
  await app.register(yardstikOnboardingRoutes);
  await app.register(usSoccerRoutes);
  await app.register(liveScanRoutes);
  await app.register(abusePreventionTrainingRoutes);
  await app.register(sexOffenderSearchRoutes);
  await app.register(reviewRoutes);
  await app.register(incidentRoutes);
  await app.register(integrationRoutes);
  await app.register(platformIntegrationRoutes);
  await app.register(partnerRoutes);
  await app.register(adminRoutes);
  await app.register(supportSessionRoutes);
  await app.register(imageRoutes);
  await app.register(supportChatRoutes, {
    appId: config.intercomAppId,
    production: config.env === 'production',
    identified: Boolean(config.intercomSecret),
  });
  await app.register(webhookRoutes, { sources: integrations.webhookSources });
  if (config.env !== 'production' && mailer.kind === 'outbox') await app.register(outboxRoutes);

  await app.register(staticWeb, { distDir: config.webDistDir });
  return app;
}

/**
 * What the card form may reach besides our origin (ADR 031): Stripe.js and its frames in production (Stripe's
 * published CSP list), or the Stripe sandbox's origin, which the sandbox card form posts the card to.
 */
function paymentOrigins(stripe: Config['stripe']) {
  if (!stripe) return { script: [], connect: [], frame: [] };
  if (stripe.sandbox) return { script: [], connect: [new URL(stripe.apiUrl).origin], frame: [] };
  return {
    script: ['https://js.stripe.com'],
    connect: ['https://api.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  };
}
