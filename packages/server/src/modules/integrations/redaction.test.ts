import { describe, expect, it } from 'vitest';
import { redactError, summarizePayload } from './redaction.ts';

describe('what an operator sees of a dead job', () => {
  it.each([
    [{ mailId: '0b9c2f4e-8f1a-4c1e-9d55-1c2b3a4d5e6f' }, { mailId: '0b9c2f4e-8f1a-4c1e-9d55-1c2b3a4d5e6f' }],
    [
      { to: 'ava@example.org', n: 3, ok: true, none: null },
      { to: 'text (15 characters)', n: 3, ok: true, none: null },
    ],
    [
      { ids: ['a', 'b'], nested: { name: 'Ava' } },
      { ids: 'list (2 items)', nested: 'object' },
    ],
    [null, {}],
    ['a string', {}],
  ])('summarizes %j as %j', (data, summary) => {
    expect(summarizePayload(data)).toEqual(summary);
  });

  it.each([
    [
      { name: 'Error', message: '550 5.1.1 <ava.nguyen@example.org>: user unknown' },
      '550 5.1.1 <[e-mail]>: user unknown',
    ],
    [
      { message: 'vendor said 401 for Authorization: Bearer abc.def' },
      'vendor said 401 for Authorization: [redacted]',
    ],
    [
      { message: 'rejected api_key=sk_live_123 and token abc' },
      'rejected api_key=[redacted] and token [redacted]',
    ],
    [{ value: { message: 'job timed out' } }, 'job timed out'],
    ['plain', 'plain'],
    [null, null],
  ])('redacts %j to %j', (output, shown) => {
    expect(redactError(output)).toBe(shown);
  });

  it('bounds a long message', () => {
    expect(redactError({ message: 'x'.repeat(2000) })).toHaveLength(500);
  });
});
