import type { FastifyInstance } from 'fastify';
import type { SigningKey } from './signing-keys.ts';

/** What the identity service needs: its public origin (the token issuer) and its signing key. */
export type IdentityConfig = { issuer: string; signingKey: SigningKey };

/**
 * The identity service as a Fastify plugin: mounted into the product server by default, or
 * registered on its own Fastify instance to run on a separate origin. Owns /connect/* and /.well-known/*.
 */
export async function buildIdentityApp(app: FastifyInstance, config: IdentityConfig): Promise<void> {
  const publicRoute = { config: { public: true } };
  app.get('/.well-known/openid-configuration', publicRoute, async () => ({
    issuer: config.issuer,
    jwks_uri: `${config.issuer}/.well-known/jwks.json`,
    token_endpoint: `${config.issuer}/connect/token`,
    end_session_endpoint: `${config.issuer}/connect/endsession`,
    grant_types_supported: ['password', 'refresh_token'],
    id_token_signing_alg_values_supported: [config.signingKey.alg],
    token_endpoint_auth_methods_supported: ['none'],
  }));
  app.get('/.well-known/jwks.json', publicRoute, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return { keys: [config.signingKey.publicJwk] };
  });
}
