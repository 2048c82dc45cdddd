import { z } from 'zod';

/** Stable machine-readable error codes; clients branch on these, never on message text. */
export const ErrorCode = {
  ValidationFailed: 'validation_failed',
  AuthenticationRequired: 'authentication_required',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RangeNotSatisfiable: 'range_not_satisfiable',
  RateLimited: 'rate_limited',
  ServiceUnavailable: 'service_unavailable',
  Internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status each error code is sent with, so server and client agree on one table. */
export const errorCodeStatus: Record<ErrorCode, number> = {
  validation_failed: 400,
  authentication_required: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
};

/** Validates an error code, e.g. when a client reads an error body. */
export const errorCodeSchema = z.enum(ErrorCode);

/**
 * The code for an HTTP status raised outside our own errors (framework 4xx, proxies), so server and client map
 * statuses one way. Each code has its own status, so this inverts {@link errorCodeStatus}; any other status is
 * an internal error.
 */
export function errorCodeForStatus(status: number): ErrorCode {
  const entry = Object.entries(errorCodeStatus).find(([, codeStatus]) => codeStatus === status);
  return entry === undefined ? ErrorCode.Internal : (entry[0] as ErrorCode);
}

/** One field's validation failure: `field` is the dotted path within the request part `in` (e.g. `general.name`). */
export const validationErrorSchema = z.object({
  field: z.string(),
  in: z.enum(['body', 'query', 'params', 'headers']).optional(),
  message: z.string(),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** The body of every non-2xx product API response (ARCHITECTURE §3). */
export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.string().optional(),
    requestId: z.string().optional(),
    validationErrors: z.array(validationErrorSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
