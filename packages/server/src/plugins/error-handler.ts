import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  errorCodeForStatus,
  type ErrorBody,
  type ValidationError,
} from '@touchline/contracts/errors';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { RequestCharactersError } from '@touchline/contracts/text';
import { AppError } from '../errors.ts';
import { VendorCircuitOpenError, VendorError, VendorHttpError } from '../integrations/http/vendor-errors.ts';

/** Seconds a client should wait before retrying while the database is unreachable. */
const databaseRetryAfterSeconds = 5;

const partNames: Record<string, ValidationError['in']> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** Sends the error body; exported for the not-found handler, which lives with the SPA fallback. */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  error: Omit<ErrorBody['error'], 'requestId'>,
) {
  const body: ErrorBody = { error: { ...error, requestId: request.id } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One error handler for the whole API (ARCHITECTURE §3): every failure leaves as
 * `{ error: { code, message, details?, validationErrors?, requestId } }`; 500s hide internals.
 */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.options.headers) void reply.headers(err.options.headers);
      return sendError(reply, request, err.statusCode, {
        code: err.code,
        message: err.message,
        ...(err.options.details ? { details: err.options.details } : {}),
        ...(err.options.validationErrors ? { validationErrors: err.options.validationErrors } : {}),
      });
    }
    if (err instanceof RequestCharactersError) {
      return sendError(reply, request, 400, {
        code: err.code,
        message: 'The request is invalid',
        validationErrors: err.validationErrors,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = partNames[err.validationContext ?? 'body'] ?? 'body';
      const validationErrors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || part,
        in: part,
        message: v.message ?? 'Invalid value',
      }));
      return sendError(reply, request, 400, {
        code: ErrorCode.ValidationFailed,
        message: 'The request is invalid',
        validationErrors,
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return sendError(reply, request, 500, { code: ErrorCode.Internal, message: 'Internal server error' });
    }
    if (isDatabaseUnavailable(err)) {
      // A lost or refused database connection is an outage the client can retry, not a bug (ADR 018).
      request.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', String(databaseRetryAfterSeconds));
      return sendError(reply, request, 503, {
        code: ErrorCode.ServiceUnavailable,
        message: 'The database is unavailable. Try again in a few seconds.',
      });
    }
    if (err instanceof VendorError && !(err instanceof VendorHttpError && err.status < 500)) {
      // A vendor outage (its circuit open, unreachable, or failing) is a 503 the client may retry, answered at
      // once while the circuit is open; a vendor's 4xx reaching here is our bug and stays a 500 below.
      const seconds = Math.max(
        1,
        Math.ceil((err instanceof VendorCircuitOpenError ? err.retryAfterMs : 30_000) / 1000),
      );
      const vendor = err.vendor.charAt(0).toUpperCase() + err.vendor.slice(1);
      request.log.warn({ err, vendor: err.vendor }, 'vendor unavailable');
      void reply.header('retry-after', String(seconds));
      return sendError(reply, request, 503, {
        code: ErrorCode.ServiceUnavailable,
        message: `${vendor} is not answering right now. Try again in ${seconds} seconds.`,
      });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return sendError(reply, request, status, {
        code: errorCodeForStatus(status),
        message: status === 503 ? 'Service unavailable' : 'Internal server error',
      });
    }
    // Framework 4xx (bad JSON, body too large, unsupported media type, rate limit): safe to tell.
    return sendError(reply, request, status, { code: errorCodeForStatus(status), message: err.message });
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
