import type { FastifyInstance } from 'fastify';
import { assertNoNulCharacters } from '@touchline/contracts/text';
import { resolveIdentityConfig, type IdentityConfig, type ResolvedIdentityConfig } from './config.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { authorizeRoutes } from './routes/authorize.routes.ts';
import { directoryRoutes } from './routes/directory.routes.ts';
import { installIdentityErrorHandler } from './routes/errors.ts';
import { tokenRoutes } from './routes/token.routes.ts';

export type { IdentityConfig } from './config.ts';

const publicRoute = { config: { public: true } } as const;

function discoveryRoutes(app: FastifyInstance, config: ResolvedIdentityConfig) {
  app.get('/.well-known/openid-configuration', publicRoute, async () => ({
    issuer: config.issuer,
    jwks_uri: `${config.issuer}/.well-known/jwks.json`,
    token_endpoint: `${config.issuer}/connect/token`,
    authorization_endpoint: `${config.issuer}/connect/authorize`,
    userinfo_endpoint: `${config.issuer}/connect/userinfo`,
    revocation_endpoint: `${config.issuer}/connect/revocation`,
    end_session_endpoint: `${config.issuer}/connect/endsession`,
    grant_types_supported: ['password', 'refresh_token', 'authorization_code'],
    response_types_supported: ['code'],
    scopes_supported: ['openid', 'profile', 'email'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['EdDSA'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
  }));
  app.get('/.well-known/jwks.json', publicRoute, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return config.keys.jwks();
  });
}

/** Lets the configured web origins call the service when it runs on its own host (ARCHITECTURE §1). */
function corsForWebOrigins(app: FastifyInstance, origins: string[]) {
  if (origins.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !origins.includes(origin)) return;
    void reply
      .header('access-control-allow-origin', origin)
      .header('vary', 'Origin')
      .header('access-control-expose-headers', 'Retry-After');
    if (request.method === 'OPTIONS') {
      return reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    }
  });
}

/**
 * The identity service as a Fastify plugin: mounted into the product server by default, or registered on its
 * own Fastify instance to run on a separate origin. Owns /connect/*, /.well-known/* and the account calls, in its
 * own encapsulated scope (form-body parsing and RFC 6749 errors stay inside it).
 */
export async function buildIdentityApp(app: FastifyInstance, input: IdentityConfig): Promise<void> {
  const config = resolveIdentityConfig(input);
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    installIdentityErrorHandler(scope);
    // Also checked by the product server's guard when mounted there; here it covers identity on its own host.
    scope.addHook('preValidation', async (request) => assertNoNulCharacters(request));
    corsForWebOrigins(scope, config.corsOrigins);
    if (config.corsOrigins.length > 0) {
      scope.options('/*', publicRoute, async (_request, reply) => reply.code(204).send());
    }
    discoveryRoutes(scope, config);
    await tokenRoutes(scope, config);
    await authorizeRoutes(scope, config);
    await accountRoutes(scope, config);
    await directoryRoutes(scope, config);
  });
}
