import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
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
import type { Mailer } from './mail/mailer.ts';
import { outboxRoutes } from './mail/outbox.routes.ts';
import { profileRoutes } from './modules/profiles/profiles.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import type { IdentityClient } from './session/identity-client.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { version } from './version.ts';

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
  await app.register(db, { database: deps.database });
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
  if (config.env !== 'production' && deps.mailer?.kind === 'outbox') await app.register(outboxRoutes);

  await app.register(staticWeb, { distDir: config.webDistDir });
  return app;
}
