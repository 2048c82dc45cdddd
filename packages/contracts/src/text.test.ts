import { describe, expect, it } from 'vitest';
import {
  assertNoNulCharacters,
  controlCharacterMessage,
  multiLineControlMessage,
  multiLineText,
  nulCharacterErrors,
  nulCharacterMessage,
  singleLineText,
  tooDeepMessage,
} from './text.ts';

describe('singleLineText', () => {
  const schema = singleLineText().min(1);
  it('keeps ordinary and accented text, trimmed', () => {
    expect(schema.parse('  Zoë O’Brien ')).toBe('Zoë O’Brien');
  });
  it.each(['a\u0000b', 'a\nb', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0085b'])('refuses %j', (value) => {
    const result = schema.safeParse(value);
    expect(result.error?.issues[0]?.message).toBe(controlCharacterMessage);
  });
  it('trims line breaks at the ends instead of refusing them', () => {
    expect(schema.parse('\nAva\r\n')).toBe('Ava');
  });
});

describe('multiLineText', () => {
  it('keeps tabs and line breaks, refuses NUL and escape', () => {
    expect(multiLineText().parse('one\r\n\ttwo')).toBe('one\r\n\ttwo');
    expect(multiLineText().safeParse('a\u0000b').error?.issues[0]?.message).toBe(multiLineControlMessage);
    expect(multiLineText().safeParse('a\u001bb').success).toBe(false);
  });
});

describe('nulCharacterErrors', () => {
  it('names each string and key that holds NUL, by its dotted path', () => {
    expect(
      nulCharacterErrors({ a: 'x', b: ['ok', 'n\u0000'], c: { 'k\u0000': 1 }, d: { e: 'y\u0000' } }, 'body'),
    ).toEqual([
      { field: 'b.1', in: 'body', message: nulCharacterMessage },
      { field: 'c.k\\u0000', in: 'body', message: nulCharacterMessage },
      { field: 'd.e', in: 'body', message: nulCharacterMessage },
    ]);
  });
  it('names the part itself for a bare string and finds nothing in clean input', () => {
    expect(nulCharacterErrors('\u0000', 'body')).toEqual([
      { field: 'body', in: 'body', message: nulCharacterMessage },
    ]);
    expect(nulCharacterErrors({ a: [1, null, true, 'x\ty'] }, 'query')).toEqual([]);
  });
  it('refuses what is nested too deep to walk instead of overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(nulCharacterErrors(deep, 'body')).toEqual([
      { field: '0.0.0', in: 'body', message: tooDeepMessage },
    ]);
  });
  it('refuses a request exactly when the reporting walk finds something (the quick walk decides first)', () => {
    const nested = (levels: number, leaf: unknown) => {
      let node = leaf;
      for (let i = 0; i < levels; i += 1) node = i % 2 ? [node] : { k: node };
      return node;
    };
    for (const body of [
      nested(64, 'x'),
      nested(65, 'x'),
      nested(3, 'a\u0000'),
      { ['k\u0000']: 1 },
      nested(65, {}),
    ]) {
      const request = { params: {}, query: { q: 'x' }, body };
      const found = nulCharacterErrors(body, 'body').length > 0;
      if (found) expect(() => assertNoNulCharacters(request)).toThrow();
      else expect(() => assertNoNulCharacters(request)).not.toThrow();
    }
    expect(() => assertNoNulCharacters({ params: { id: 'a\u0000' }, query: {}, body: undefined })).toThrow();
  });
});
