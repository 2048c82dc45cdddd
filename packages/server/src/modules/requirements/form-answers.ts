import { visibleFormFields, type FormField } from '@touchline/contracts/content';
import type { ValidationError } from '@touchline/contracts/errors';
import type { FormAnswerValue } from '@touchline/contracts/requirement-completion';

const isEmpty = (value: FormAnswerValue | undefined) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function kindProblem(
  field: FormField,
  value: FormAnswerValue,
  attachmentIds: ReadonlySet<string>,
): string | null {
  const options = field.options ?? [];
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return typeof value === 'string' ? null : 'Enter text';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'Enter a number';
    case 'date':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? null
        : 'Enter the date as YYYY-MM-DD';
    case 'select':
    case 'radio':
      return typeof value === 'string' && options.includes(value) ? null : 'Choose one of the options';
    case 'checkbox':
      if (options.length === 0) return typeof value === 'boolean' ? null : 'Tick or untick the box';
      return Array.isArray(value) && value.every((v) => options.includes(v))
        ? null
        : 'Choose from the options';
    case 'file':
      return typeof value === 'string' && attachmentIds.has(value)
        ? null
        : 'Upload the file for this field first';
  }
}

/**
 * Checks a member's answers against the saved form version: only known fields, visible fields' values of the
 * right kind and in the options, required visible fields filled, hidden fields empty, and each file field naming
 * an attachment uploaded for that field. Returns field errors (empty when the answers are acceptable).
 */
export function formAnswerProblems(
  fields: readonly FormField[],
  answers: Readonly<Record<string, FormAnswerValue>>,
  attachmentsByField: ReadonlyMap<string, ReadonlySet<string>>,
): ValidationError[] {
  const problems: ValidationError[] = [];
  const add = (id: string, message: string) => problems.push({ field: `answers.${id}`, in: 'body', message });
  const known = new Set(fields.map((f) => f.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) add(id, 'This form has no such field');
  const visible = new Set(visibleFormFields(fields, answers).map((f) => f.id));
  for (const field of fields) {
    const value = answers[field.id];
    if (!visible.has(field.id)) {
      if (!isEmpty(value)) add(field.id, 'This field is hidden by your other answers; leave it empty');
      continue;
    }
    if (isEmpty(value)) {
      if (field.required) add(field.id, `${field.label} is required`);
      continue;
    }
    const problem = kindProblem(
      field,
      value as FormAnswerValue,
      attachmentsByField.get(field.id) ?? new Set(),
    );
    if (problem) add(field.id, problem);
  }
  return problems;
}
