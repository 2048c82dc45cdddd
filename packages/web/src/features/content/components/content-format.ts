import {
  RequirementType,
  availableRequirementTypes,
  requirementTypeByNo,
  type RequirementTypeInfo,
} from '@touchline/contracts/requirement-types';
import type { FieldErrors } from '../../../lib/forms.ts';

/** The type's row of the spec table (its label and slug). */
export function typeDisplay(no: number): RequirementTypeInfo {
  const info = requirementTypeByNo(no) ?? requirementTypeByNo(RequirementType.Document);
  if (!info) throw new Error('the requirement type table is empty');
  return info;
}

/** The types members can complete today, first in the picker; the others are shown as coming soon (ADR 025). */
export const builtTypes: readonly number[] = availableRequirementTypes;

/** Shared input classes, so every field of the editor looks alike. */
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';
/** Label classes of the editor's fields. */
export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
/** Card classes of the editor's sections. */
export const cardClass =
  'space-y-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900';

/** Field errors under a prefix ('content.'), with the prefix removed, for one part of the editor. */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors))
    if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = message;
  return out;
}

/** A count of assignments in words. */
export const assignmentText = (n: number) =>
  n === 0 ? 'Not assigned' : n === 1 ? 'Assigned once' : `Assigned ${n} times`;
