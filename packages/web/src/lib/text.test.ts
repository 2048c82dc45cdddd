import { describe, expect, it } from 'vitest';
import { asSentence } from './text.ts';

describe('asSentence', () => {
  it('adds a full stop to a phrase without one', () => {
    expect(asSentence('The report lists a conviction')).toBe('The report lists a conviction.');
  });
  it('keeps the phrase’s own closing punctuation, never doubling it', () => {
    expect(asSentence('The report lists a conviction.')).toBe('The report lists a conviction.');
    expect(asSentence('Call us? ')).toBe('Call us?');
  });
});
