import { describe, expect, it } from 'vitest';

import { ErrorCode, errorBodySchema, errorCodeStatus, validationErrorSchema } from './errors.ts';

describe('error codes', () => {
  it('each code has its HTTP status', () => {
    expect(Object.entries(errorCodeStatus)).toEqual([
      ['validation_failed', 400],
      ['authentication_required', 401],
      ['forbidden', 403],
      ['not_found', 404],
      ['conflict', 409],
      ['payload_too_large', 413],
      ['unsupported_media_type', 415],
      ['rate_limited', 429],
      ['service_unavailable', 503],
      ['internal_error', 500],
    ]);
    expect(Object.values(ErrorCode).sort()).toEqual(Object.keys(errorCodeStatus).sort());
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
