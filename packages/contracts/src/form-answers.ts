import { visibleFormFields, type FormField } from './content.ts';
import { formAnswerTextMaxLength, type FormAnswerValue } from './requirement-completion.ts';

// The rules of a member's answers to a built form (ADR 014 "Forms"): the server checks complete-form with them and
// the web checks the same before sending, so the two never disagree. Which fields show is content.ts's
// visibleFormFields (the builder's preview reads it too). Pure: no Node or DOM APIs.

/** Whether an answer counts as not given: missing, null, an unticked box, blank text or no option chosen. */
export function isBlankAnswer(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** A checkbox field with options is a list of choices; without, a single yes/no box. */
export const isMultiChoice = (field: FormField) =>
  field.kind === 'checkbox' && (field.options ?? []).length > 0;

/** What a required visible field left blank asks for, worded for its kind. */
export function requiredAnswerMessage(field: FormField): string {
  if (field.kind === 'file') return 'Attach a file';
  if (isMultiChoice(field)) return 'Choose at least one option';
  if (field.kind === 'checkbox') return 'Tick this box to continue';
  if (field.kind === 'select' || field.kind === 'radio') return 'Choose an option';
  return 'Fill in this field';
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * What is wrong with a given (not blank) answer for its field, or null: the value's shape for the field's kind,
 * within its options, a real YYYY-MM-DD date, a finite number, text not too long. A file field's value must be one
 * of `attachmentIds` when they are known (the server's check); otherwise any id.
 */
export function answerValueProblem(
  field: FormField,
  value: FormAnswerValue,
  attachmentIds?: ReadonlySet<string>,
): string | null {
  const options = field.options ?? [];
  switch (field.kind) {
    case 'text':
    case 'textarea':
      if (typeof value !== 'string') return 'Enter text';
      return value.length > formAnswerTextMaxLength
        ? `Use at most ${formAnswerTextMaxLength} characters`
        : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'Enter a number';
    case 'date':
      return typeof value === 'string' && isDay(value) ? null : 'Enter the date as YYYY-MM-DD';
    case 'select':
    case 'radio':
      return typeof value === 'string' && options.includes(value) ? null : 'Choose one of the options';
    case 'checkbox':
      if (options.length === 0) return typeof value === 'boolean' ? null : 'Tick or untick the box';
      return Array.isArray(value) && value.every((v) => options.includes(v))
        ? null
        : 'Choose from the options';
    case 'file':
      return typeof value === 'string' && (attachmentIds === undefined || attachmentIds.has(value))
        ? null
        : 'Upload the file for this field first';
  }
}

/** One problem with a set of answers: the field it concerns and what to do. */
export type FormAnswerProblem = { fieldId: string; message: string };

/**
 * Checks answers against a form version's fields: no unknown fields; hidden fields left blank; required visible
 * fields given; visible answers of the right shape ({@link answerValueProblem}). At most one problem per field.
 * The server passes the attachments it holds per field; the web passes none.
 */
export function formAnswerProblems(
  fields: readonly FormField[],
  answers: Readonly<Record<string, FormAnswerValue | undefined>>,
  attachmentsByField?: ReadonlyMap<string, ReadonlySet<string>>,
): FormAnswerProblem[] {
  const problems: FormAnswerProblem[] = [];
  const add = (fieldId: string, message: string) => problems.push({ fieldId, message });
  const known = new Set(fields.map((f) => f.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) add(id, 'This form has no such field');
  const visible = new Set(visibleFormFields(fields, answers).map((f) => f.id));
  for (const field of fields) {
    const value = answers[field.id];
    if (!visible.has(field.id)) {
      if (!isBlankAnswer(value)) add(field.id, 'This field is hidden by your other answers; leave it empty');
    } else if (value === undefined || isBlankAnswer(value)) {
      if (field.required) add(field.id, requiredAnswerMessage(field));
    } else {
      const attachments = attachmentsByField ? (attachmentsByField.get(field.id) ?? new Set()) : undefined;
      const problem = answerValueProblem(field, value, attachments);
      if (problem) add(field.id, problem);
    }
  }
  return problems;
}
