import type { ValidationError } from '@touchline/contracts/errors';

// Its own module, apart from the API client, so the error screens and the global error handlers of the first load
// can recognise a failed call without loading the client and the contracts' schemas (ADR 029).

/** A failed call: the HTTP status (0 when the network failed), a readable message and what the server said. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly validationErrors: ValidationError[];
  readonly body: unknown;
  /** From a Retry-After header (429, 503): how many seconds to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    extra: {
      code?: string;
      validationErrors?: ValidationError[];
      body?: unknown;
      cause?: unknown;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = extra.code;
    this.validationErrors = extra.validationErrors ?? [];
    this.body = extra.body;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}
