import { ErrorCode, errorCodeStatus, type ValidationError } from '@touchline/contracts/errors';

/**
 * The one error type services throw; the error handler turns it into the spec's error body.
 * `expose` is false only for internal faults, whose message never reaches the client.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      details?: string;
      validationErrors?: ValidationError[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCodeStatus[code];
  }
}

/** 404: also what another organization's row looks like, so tenants cannot probe each other. */
export const notFound = (what = 'Resource') => new AppError(ErrorCode.NotFound, `${what} not found`);
/** 403: the actor is known and in the organization, but the role is too low. */
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(ErrorCode.Forbidden, message);
/** 401: no valid access token. */
export const unauthenticated = (message = 'Authentication required') =>
  new AppError(ErrorCode.AuthenticationRequired, message);
/** 409: the action is not allowed from the row's current state. */
export const conflict = (message: string) => new AppError(ErrorCode.Conflict, message);
/** 400 with field errors, for rules a schema cannot express. */
export const invalid = (validationErrors: ValidationError[], message = 'The request is invalid') =>
  new AppError(ErrorCode.ValidationFailed, message, { validationErrors });
