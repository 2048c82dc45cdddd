import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { loggerOptions } from './logger.ts';
import { authenticate, type AccessTokenVerifier } from './plugins/authenticate.ts';
import { db } from './plugins/db.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { health } from './plugins/health.ts';
import { identityDirectoryPlugin, type IdentityDirectory } from './plugins/identity-directory.ts';
import { openapi } from './plugins/openapi.ts';
import { staticWeb } from './plugins/static-web.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { outboxRoutes } from './mail/outbox.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { planRoutes } from './modules/plans/plans.routes.ts';
import { hierarchyRoutes } from './modules/hierarchy/hierarchy.routes.ts';
import { invitationRoutes } from './modules/invitations/invitations.routes.ts';
import { labelRoutes } from './modules/labels/labels.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { memberRoutes } from './modules/members/members.routes.ts';
import { myRequirementsRoutes } from './modules/requirements/my-requirements.routes.ts';
import { accountRoutes } from './modules/profiles/account.routes.ts';
import { profileUpdateRoutes } from './modules/profiles/profile-updates.routes.ts';
import { profileRoutes } from './modules/profiles/profiles.routes.ts';
import { requirementActionRoutes } from './modules/requirements/requirement-actions.routes.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import type { IdentityClient } from './session/identity-client.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { s3Storage } from './storage/s3-storage.ts';
import { storagePlugin } from './storage/storage-plugin.ts';
import { version } from './version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail for services that e-mail after their transaction commits (invitations, reminders). */
    mailer: Mailer;
    /** The app's public origin without a trailing slash, for links in e-mails. */
    appUrl: string;
  }
}

/** What buildApp needs besides configuration: the database, and the identity wiring main (or a test) chose. */
export type AppDependencies = {
  database: DatabaseHandle;
  verifyAccessToken?: AccessTokenVerifier;
  /** How the web-session routes reach the identity service; built from the app for the in-process mount. */
  identityClient?: (app: FastifyInstance) => IdentityClient;
  /** The mailer in use; the development outbox page exists only when it is the outbox. */
  mailer?: Mailer;
  /** The identity calls besides tokens (accounts, current profile); required by the organization modules. */
  identityDirectory?: IdentityDirectory;
  /** Mounts other apps (identity) on the same server before the SPA fallback is registered. */
  mount?: (app: FastifyInstance) => Promise<void>;
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
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(errorHandler);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.env === 'production',
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error(`Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} seconds`), {
        statusCode: 429,
      }),
  });
  await app.register(cookie);
  // Uploads stream through busboy (bodyLimit does not apply); one file of 5 MB unless a route asks for less.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(storagePlugin, {
    dataDir: config.dataDir,
    linkSecret: config.sessionPassword,
    storage: config.s3 ? s3Storage(config.s3) : undefined,
  });
  await app.register(db, { database: deps.database });
  const mailer = deps.mailer ?? createMailer(config, deps.database.db);
  if (!deps.mailer) app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  app.decorate('appUrl', config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`);
  await app.register(authenticate, { verify: deps.verifyAccessToken });
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
  await app.register(profileUpdateRoutes);
  await app.register(accountRoutes);
  await app.register(hierarchyRoutes);
  await app.register(invitationRoutes);
  await app.register(memberRoutes);
  await app.register(labelRoutes);
  await app.register(contentRoutes);
  await app.register(dashboardRoutes);
  await app.register(myRequirementsRoutes);
  await app.register(requirementActionRoutes);
  await app.register(reviewRoutes);
  if (config.env !== 'production' && deps.mailer?.kind === 'outbox') await app.register(outboxRoutes);

  await app.register(staticWeb, { distDir: config.webDistDir });
  return app;
}
