import type { FastifyError, FastifyInstance } from 'fastify';
import { TokenErrorCode } from '@touchline/contracts/accounts';
import {
  ErrorCode,
  errorCodeForStatus,
  errorCodeStatus,
  type ValidationError,
} from '@touchline/contracts/errors';
import { RequestCharactersError } from '@touchline/contracts/text';
import { InvalidLinkError } from '../accounts/accounts.service.ts';
import { ThrottledError } from '../throttle.ts';
import { TokenGrantError } from '../tokens/grants.ts';

/** An account-call failure, answered in the product's error body so the web reads it like any API error. */
export class AccountRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly validationErrors?: ValidationError[],
  ) {
    super(message);
    this.name = 'AccountRequestError';
  }

  /** 400 with field errors. */
  static validation(validationErrors: ValidationError[]) {
    return new AccountRequestError(ErrorCode.ValidationFailed, 'The request is invalid', validationErrors);
  }

  /** 401: no valid access token. */
  static unauthenticated(message = 'Authentication required') {
    return new AccountRequestError(ErrorCode.AuthenticationRequired, message);
  }
}

/**
 * The identity scope's own error handler: /connect/* answers in RFC 6749 form (error, error_description), the
 * account calls in the product's `{ error: { code, message } }` body. Internal faults never leak their message.
 */
export function installIdentityErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    const isTokenEndpoint = request.url.startsWith('/connect/');
    if (err instanceof TokenGrantError) {
      if (err.retryAfterSeconds) void reply.header('retry-after', String(err.retryAfterSeconds));
      if (err.status === 401) void reply.header('www-authenticate', 'Basic realm="touchline"');
      return reply.code(err.status).send({ error: err.code, error_description: err.description });
    }
    if (err instanceof RequestCharactersError) {
      if (isTokenEndpoint) {
        return reply.code(400).send({ error: TokenErrorCode.InvalidRequest, error_description: err.message });
      }
      const body = {
        code: err.code,
        message: 'The request is invalid',
        validationErrors: err.validationErrors,
      };
      return reply.code(400).send({ error: body });
    }
    if (err instanceof ThrottledError) {
      void reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.code(429).send({ error: { code: ErrorCode.RateLimited, message: err.message } });
    }
    if (err instanceof AccountRequestError) {
      const body = { code: err.code, message: err.message, validationErrors: err.validationErrors };
      return reply.code(errorCodeStatus[err.code]).send({ error: body });
    }
    if (err instanceof InvalidLinkError) {
      return reply.code(400).send({ error: { code: ErrorCode.ValidationFailed, message: err.message } });
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'identity request failed');
    const message = status >= 500 ? 'Something went wrong on our side' : err.message;
    if (isTokenEndpoint) {
      return reply.code(status >= 500 ? 500 : 400).send({
        error: status >= 500 ? 'server_error' : TokenErrorCode.InvalidRequest,
        error_description: message,
      });
    }
    return reply.code(status).send({ error: { code: errorCodeForStatus(status), message } });
  });
}
