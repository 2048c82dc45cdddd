import { visibleFormFields, type FormField } from '@touchline/contracts/content';
import {
  answerValueProblem,
  formAnswerProblems,
  isBlankAnswer,
  isMultiChoice,
} from '@touchline/contracts/form-answers';
import type {
  FormAnswerValue,
  FormSubmission,
  RequirementFile,
} from '@touchline/contracts/requirement-completion';

/** One entered value: text as typed, a single checkbox as a boolean, ticked options, or an attachment's id. */
export type DraftValue = string | boolean | string[] | undefined;

/** What the member has entered, by field id. */
export type DraftAnswers = Record<string, DraftValue>;

/** One message per field id. */
export type AnswerErrors = Record<string, string>;

/** An entered value as complete-form sends it (numbers as numbers, text trimmed, blanks as null). */
function answerOf(field: FormField, value: DraftValue): FormAnswerValue {
  if (isMultiChoice(field)) return Array.isArray(value) ? value : [];
  if (field.kind === 'checkbox') return value === true;
  if (isBlankAnswer(value)) return null;
  if (field.kind === 'number') return Number(String(value).trim());
  return String(value).trim();
}

/** The entered values as answers, every field included (the form's conditions read these). */
function typedAnswers(fields: readonly FormField[], draft: DraftAnswers): Record<string, FormAnswerValue> {
  const typed: Record<string, FormAnswerValue> = {};
  for (const field of fields) typed[field.id] = answerOf(field, draft[field.id]);
  return typed;
}

/** The fields the member sees now: the contract's rule on the answers as they would be sent. */
export const shownFields = (fields: readonly FormField[], draft: DraftAnswers) =>
  visibleFormFields(fields, typedAnswers(fields, draft));

/**
 * Builds complete-form's answers from what was entered (hidden fields sent empty, as the contract asks, though the
 * draft keeps them in case they show again) and checks them with the server's own rules (contracts'
 * formAnswerProblems). Gives the answers, or an error per field id.
 */
export function buildAnswers(
  fields: readonly FormField[],
  draft: DraftAnswers,
): { answers: Record<string, FormAnswerValue>; errors: null } | { answers: null; errors: AnswerErrors } {
  const typed = typedAnswers(fields, draft);
  const shown = new Set(visibleFormFields(fields, typed).map((f) => f.id));
  const answers: Record<string, FormAnswerValue> = {};
  for (const field of fields) answers[field.id] = shown.has(field.id) ? (typed[field.id] ?? null) : null;
  const errors: AnswerErrors = {};
  for (const problem of formAnswerProblems(fields, answers)) errors[problem.fieldId] ??= problem.message;
  return Object.keys(errors).length > 0 ? { answers: null, errors } : { answers, errors: null };
}

/**
 * What the member sent before, as a draft of the form now shown: answers to fields of the same id and kind that
 * still pass the field's rules (an option since removed is dropped), and file answers with their attachment.
 */
export function draftFromSubmission(
  fields: readonly FormField[],
  submission: FormSubmission,
): { draft: DraftAnswers; attachments: Record<string, RequirementFile> } {
  const answered = new Map(submission.formVersion.fields.map((f) => [f.id, f.kind]));
  const files = new Map(submission.attachments.map((f) => [f.id, f]));
  const draft: DraftAnswers = {};
  const attachments: Record<string, RequirementFile> = {};
  for (const field of fields) {
    const value = submission.answers[field.id];
    if (value === undefined || value === null || isBlankAnswer(value)) continue;
    if (answered.get(field.id) !== field.kind) continue;
    if (answerValueProblem(field, value) !== null) continue;
    if (field.kind === 'file') {
      const file = typeof value === 'string' ? files.get(value) : undefined;
      if (!file) continue;
      attachments[field.id] = file;
    }
    draft[field.id] = typeof value === 'number' ? String(value) : value;
  }
  return { draft, attachments };
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
