import { visibleFormFields, type FormField } from '@touchline/contracts/content';
import type { FormAnswerValue } from '@touchline/contracts/requirement-completion';
import type { DemoPerson } from './seed-demo-history.ts';

const parents = ['Jordan', 'Priya', 'Marcus', 'Elena', 'Sam', 'Fatima', 'Chris', 'Mei'];
const shirtByAge: Record<string, string> = { U8: 'YS', U10: 'YM', U12: 'YL', U14: 'AS' };

/** A plain answer of a field's kind, for fields the demo does not know by id (undefined: leave it out). */
function plainAnswer(
  field: FormField,
  attachments: ReadonlyMap<string, string>,
): FormAnswerValue | undefined {
  const options = field.options ?? [];
  switch (field.kind) {
    case 'file':
      return attachments.get(field.id);
    case 'number':
      return 0;
    case 'date':
      return '2000-01-01';
    case 'checkbox':
      return options.length > 0 ? [] : false;
    case 'select':
    case 'radio':
      return options[0];
    default:
      return 'None';
  }
}

/**
 * A demo member's answers to a form: the demo form's questions answered like a real family would, other fields
 * with a plain value of their kind, file fields naming their attachment, and hidden fields left out.
 */
export function demoFormAnswers(
  fields: readonly FormField[],
  person: DemoPerson,
  attachments: ReadonlyMap<string, string>,
): Record<string, FormAnswerValue> {
  const known: Record<string, FormAnswerValue> = {
    emergencyName: `${parents[person.ordinal % parents.length] ?? 'Alex'} ${person.lastName}`,
    emergencyPhone: `555-01${String(person.ordinal % 100).padStart(2, '0')}`,
    hasAllergies: person.ordinal % 4 === 1 ? 'Yes' : 'No',
    allergyDetails:
      person.ordinal % 8 === 1
        ? 'Peanut allergy; an EpiPen is in the kit bag'
        : 'Mild asthma; inhaler before games',
    shirtSize:
      person.role === 'Player'
        ? (shirtByAge[person.teamName.split(' ')[0] ?? ''] ?? 'YM')
        : person.ordinal % 2
          ? 'AL'
          : 'AM',
    photoConsent: person.ordinal % 5 !== 3,
  };
  const fits = (field: FormField, value: FormAnswerValue) =>
    (field.kind !== 'select' && field.kind !== 'radio') || (field.options ?? []).includes(String(value));
  const answers: Record<string, FormAnswerValue> = {};
  for (const field of fields) {
    const mine = field.kind === 'file' ? undefined : known[field.id];
    const value = mine !== undefined && fits(field, mine) ? mine : plainAnswer(field, attachments);
    if (value !== undefined) answers[field.id] = value;
  }
  const visible = new Set(visibleFormFields(fields, answers).map((f) => f.id));
  for (const id of Object.keys(answers)) if (!visible.has(id)) delete answers[id];
  return answers;
}
