import { describe, expect, it } from 'vitest';

import {
  ErrorCode,
  errorBodySchema,
  errorCodeForStatus,
  errorCodeSchema,
  errorCodeStatus,
  validationErrorSchema,
} from './errors.ts';

describe('error codes', () => {
  it('are the stable names and values clients branch on', () => {
    expect(ErrorCode).toEqual({
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
    });
    expect(errorCodeSchema.parse('conflict')).toBe('conflict');
    expect(errorCodeSchema.safeParse('Conflict').success).toBe(false);
  });

  it('each code has its HTTP status', () => {
    expect(Object.entries(errorCodeStatus)).toEqual([
      ['validation_failed', 400],
      ['authentication_required', 401],
      ['forbidden', 403],
      ['not_found', 404],
      ['conflict', 409],
      ['payload_too_large', 413],
      ['unsupported_media_type', 415],
      ['range_not_satisfiable', 416],
      ['rate_limited', 429],
      ['service_unavailable', 503],
      ['internal_error', 500],
    ]);
    expect(Object.values(ErrorCode).sort()).toEqual(Object.keys(errorCodeStatus).sort());
  });

  it('no two codes share a status, so a status maps back to one code', () => {
    const statuses = Object.values(errorCodeStatus);
    expect(new Set(statuses).size).toBe(statuses.length);
    for (const code of Object.values(ErrorCode)) expect(errorCodeForStatus(errorCodeStatus[code])).toBe(code);
  });

  it.each([
    [400, 'validation_failed'],
    [401, 'authentication_required'],
    [413, 'payload_too_large'],
    [429, 'rate_limited'],
    [503, 'service_unavailable'],
    [405, 'internal_error'],
    [502, 'internal_error'],
    [200, 'internal_error'],
  ])('status %i maps to %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});

describe('error body', () => {
  it('accepts the minimal and the full body', () => {
    expect(errorBodySchema.parse({ error: { code: 'not_found', message: 'Not found' } })).toEqual({
      error: { code: 'not_found', message: 'Not found' },
    });
    const full = {
      error: {
        code: 'validation_failed',
        message: 'Invalid request',
        details: 'one field',
        requestId: 'req-1',
        validationErrors: [{ field: 'general.name', in: 'body', message: 'Required' }],
      },
    };
    expect(errorBodySchema.parse(full)).toEqual(full);
  });

  it('refuses unknown codes and missing messages', () => {
    expect(errorBodySchema.safeParse({ error: { code: 'teapot', message: 'x' } }).success).toBe(false);
    expect(errorBodySchema.safeParse({ error: { code: 'forbidden' } }).success).toBe(false);
    expect(errorBodySchema.safeParse({ code: 'forbidden', message: 'x' }).success).toBe(false);
  });

  it('validation errors name where the field was', () => {
    expect(
      validationErrorSchema.safeParse({ field: 'page', in: 'query', message: 'Too small' }).success,
    ).toBe(true);
    expect(validationErrorSchema.safeParse({ field: 'page', in: 'cookie', message: 'x' }).success).toBe(
      false,
    );
  });
});
