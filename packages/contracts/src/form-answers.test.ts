import { describe, expect, it } from 'vitest';
import type { FormField } from './content.ts';
import {
  answerValueProblem,
  formAnswerProblems,
  isBlankAnswer,
  isMultiChoice,
  requiredAnswerMessage,
} from './form-answers.ts';
import type { FormAnswerValue } from './requirement-completion.ts';

const fields: FormField[] = [
  { id: 'a', label: 'A', kind: 'checkbox', required: true },
  { id: 'b', label: 'B', kind: 'number', required: false, visibleWhen: { fieldId: 'a', equals: 'true' } },
  { id: 'c', label: 'C', kind: 'checkbox', required: false, options: ['x', 'y'] },
  { id: 'd', label: 'D', kind: 'date', required: false },
  { id: 'e', label: 'E', kind: 'file', required: false },
];
const problems = (
  answers: Record<string, FormAnswerValue>,
  attachments?: ReadonlyMap<string, ReadonlySet<string>>,
) => formAnswerProblems(fields, answers, attachments).map((p) => p.fieldId);

describe('form answers (ADR 014 "Forms")', () => {
  it('accepts answers of the right kinds and rejects the rest, one problem per field', () => {
    expect(problems({ a: true, b: 3, c: ['x'], d: '2026-01-02' })).toEqual([]);
    expect(problems({ a: false })).toEqual(['a']);
    expect(problems({ a: true, b: 'three', c: ['z'], d: '02/01/2026' })).toEqual(['b', 'c', 'd']);
    expect(problems({ a: true, b: Number.NaN })).toEqual(['b']);
  });

  it('refuses unknown fields and answers to hidden fields', () => {
    expect(problems({ a: false, b: 2 })).toEqual(['a', 'b']);
    expect(problems({ a: true, shoe: 'x' })).toEqual(['shoe']);
  });

  it('checks file answers against the attachments when they are known, and any id otherwise', () => {
    const held = new Map([['e', new Set(['file-1'])]]);
    expect(problems({ a: true, e: 'file-1' }, held)).toEqual([]);
    expect(problems({ a: true, e: 'file-2' }, held)).toEqual(['e']);
    expect(problems({ a: true, e: 'file-2' })).toEqual([]);
    expect(problems({ a: true, e: 'file-2' }, new Map())).toEqual(['e']);
  });

  it('words the required message for the kind of field', () => {
    const [first] = formAnswerProblems(fields, {});
    expect(first).toEqual({ fieldId: 'a', message: 'Tick this box to continue' });
    const field = (kind: FormField['kind'], options?: string[]): FormField => ({
      id: 'f',
      label: 'F',
      kind,
      required: true,
      ...(options ? { options } : {}),
    });
    expect(requiredAnswerMessage(field('text'))).toBe('Fill in this field');
    expect(requiredAnswerMessage(field('radio', ['x']))).toBe('Choose an option');
    expect(requiredAnswerMessage(field('checkbox', ['x']))).toBe('Choose at least one option');
    expect(requiredAnswerMessage(field('file'))).toBe('Attach a file');
    expect(isMultiChoice(field('checkbox', ['x']))).toBe(true);
    expect(isMultiChoice(field('checkbox'))).toBe(false);
  });

  it('treats missing, null, false, blank text and no choice as blank, and limits text', () => {
    for (const blank of [undefined, null, false, '  ', []]) expect(isBlankAnswer(blank)).toBe(true);
    for (const given of [0, true, 'x', ['x']]) expect(isBlankAnswer(given)).toBe(false);
    const text: FormField = { id: 't', label: 'T', kind: 'text', required: false };
    expect(answerValueProblem(text, 'x'.repeat(10_000))).toBeNull();
    expect(answerValueProblem(text, 'x'.repeat(10_001))).toBe('Use at most 10000 characters');
  });
});
