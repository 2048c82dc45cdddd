import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { importJWK, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { z } from 'zod';
import {
  confirmEmailBodySchema,
  forgotPasswordBodySchema,
  registerAccountBodySchema,
  resendConfirmationBodySchema,
  resetPasswordBodySchema,
} from '@touchline/contracts/accounts';
import { acceptPolicyBodySchema } from '@touchline/contracts/roles';
import type { ResolvedIdentityConfig } from '../config.ts';
import {
  acceptPolicy,
  confirmEmail,
  forgotPassword,
  registerAccount,
  resendConfirmation,
  resetPassword,
} from '../accounts/accounts.service.ts';
import { AccountRequestError } from './errors.ts';

const publicRoute = { config: { public: true } } as const;

/** Parses a JSON body with a contracts schema; a failure is a 400 naming each field (ARCHITECTURE §3). */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw AccountRequestError.validation(
    result.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      in: 'body' as const,
      message: issue.message,
    })),
  );
}

async function bearerUserId(request: FastifyRequest, key: JWTVerifyGetKey): Promise<string> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw AccountRequestError.unauthenticated();
  try {
    const { payload } = await jwtVerify(match[1], key, { algorithms: ['EdDSA'] });
    if (!payload.sub) throw new Error('no subject');
    // A partner client's token (ADR 041) is for /connect/userinfo only, never the member's own account calls.
    if (payload['client_id'] !== undefined) throw new Error('a partner client token');
    return payload.sub;
  } catch {
    throw AccountRequestError.unauthenticated('The access token is invalid or has expired');
  }
}

/**
 * The account calls of spec §7 that belong to the identity service: register, confirm, forgot and reset
 * password, and policy acceptance. Every answer that could reveal whether an address is registered is the same.
 */
export async function accountRoutes(app: FastifyInstance, config: ResolvedIdentityConfig) {
  const publicKey: JWTVerifyGetKey = async (header) => {
    const jwk = await config.keys.verificationKey(header.kid);
    if (!jwk) throw new Error('unknown signing key');
    return importJWK(jwk, 'EdDSA');
  };
  const noContent = (reply: FastifyReply) => reply.code(204).send();

  app.post('/api/app/app-users/register-account', publicRoute, async (request) =>
    registerAccount(config, parse(registerAccountBodySchema, request.body), request.ip),
  );
  app.post('/api/app/app-users/confirm-email', publicRoute, async (request, reply) => {
    await confirmEmail(config, parse(confirmEmailBodySchema, request.body).token, request.ip);
    return noContent(reply);
  });
  app.post('/api/app/app-users/resend-confirmation', publicRoute, async (request) =>
    resendConfirmation(config, parse(resendConfirmationBodySchema, request.body).email, request.ip),
  );
  app.post('/api/app/app-users/forgot-password', publicRoute, async (request) =>
    forgotPassword(config, parse(forgotPasswordBodySchema, request.body), request.ip),
  );
  app.post('/api/app/app-users/reset-password', publicRoute, async (request, reply) => {
    await resetPassword(config, parse(resetPasswordBodySchema, request.body), request.ip);
    return noContent(reply);
  });
  // Verified here with the service's own key (so it works when identity runs alone), hence public to the host.
  app.post('/api/app/user-acceptance/accept', publicRoute, async (request, reply) => {
    const userId = await bearerUserId(request, publicKey);
    const body = parse(acceptPolicyBodySchema, request.body);
    if (!(await acceptPolicy(config, userId, body.acceptedType, request.ip))) {
      throw AccountRequestError.unauthenticated('The account no longer exists');
    }
    return noContent(reply);
  });
}
