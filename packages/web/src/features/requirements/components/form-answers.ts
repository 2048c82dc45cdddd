import { visibleFormFields, type FormField } from '@touchline/contracts/content';
import type { FormAnswerValue } from '@touchline/contracts/requirement-completion';

/** One entered value: text as typed, a single checkbox as a boolean, ticked options, or an attachment's id. */
export type DraftValue = string | boolean | string[] | undefined;

/** What the member has entered, by field id. */
export type DraftAnswers = Record<string, DraftValue>;

/** One message per field id. */
export type AnswerErrors = Record<string, string>;

const isBlank = (value: DraftValue) =>
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** A checkbox field with options is a list of choices; without, a single yes/no box (the server's reading). */
export const isMultiChoice = (field: FormField) =>
  field.kind === 'checkbox' && (field.options ?? []).length > 0;

/** The fields the member sees now, given the answers (the contract's rule, shared with the form preview). */
export const visibleFields = (fields: readonly FormField[], draft: DraftAnswers) =>
  visibleFormFields(fields, draft);

function checkOne(field: FormField, value: DraftValue): string | null {
  if (isBlank(value)) {
    if (!field.required) return null;
    if (field.kind === 'file') return 'Attach a file';
    if (isMultiChoice(field)) return 'Choose at least one option';
    if (field.kind === 'checkbox') return 'Tick this box to continue';
    if (field.kind === 'select' || field.kind === 'radio') return 'Choose an option';
    return 'Fill in this field';
  }
  if (Array.isArray(value))
    return value.every((v) => (field.options ?? []).includes(v)) ? null : 'Choose from the options';
  const text = typeof value === 'string' ? value.trim() : '';
  if (field.kind === 'number' && !Number.isFinite(Number(text))) return 'Enter a number';
  if (field.kind === 'date' && (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))))
    return 'Enter the date as YYYY-MM-DD';
  if ((field.kind === 'select' || field.kind === 'radio') && !(field.options ?? []).includes(text))
    return 'Choose one of the options';
  if ((field.kind === 'text' || field.kind === 'textarea') && text.length > 10_000)
    return 'Use at most 10000 characters';
  return null;
}

/**
 * Checks the visible fields (required, numbers, dates, options) and builds complete-form's answers: hidden fields
 * are sent empty, as the contract asks. Gives the answers, or an error per field id.
 */
export function buildAnswers(
  fields: readonly FormField[],
  draft: DraftAnswers,
): { answers: Record<string, FormAnswerValue>; errors: null } | { answers: null; errors: AnswerErrors } {
  const shown = new Set(visibleFields(fields, draft).map((f) => f.id));
  const errors: AnswerErrors = {};
  const answers: Record<string, FormAnswerValue> = {};
  for (const field of fields) {
    const value = draft[field.id];
    if (!shown.has(field.id)) {
      answers[field.id] = null;
      continue;
    }
    const error = checkOne(field, value);
    if (error) errors[field.id] = error;
    if (isMultiChoice(field)) answers[field.id] = Array.isArray(value) ? value : [];
    else if (field.kind === 'checkbox') answers[field.id] = value === true;
    else if (isBlank(value)) answers[field.id] = null;
    else if (field.kind === 'number') answers[field.id] = Number(String(value).trim());
    else answers[field.id] = String(value).trim();
  }
  return Object.keys(errors).length > 0 ? { answers: null, errors } : { answers, errors: null };
}

/** The server's field errors ('answers.<fieldId>') keyed by field id, so they land under their fields. */
export function answerErrorsFromFieldErrors(fieldErrors: Partial<Record<string, string>>): AnswerErrors {
  const out: AnswerErrors = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    if (message === undefined) continue;
    const id = key.replace(/^answers\./, '');
    out[id] ??= message;
  }
  return out;
}

/** The DOM id of a field's control, so errors can move focus to it. */
export const fieldControlId = (formId: string, fieldId: string) => `${formId}-field-${fieldId}`;
