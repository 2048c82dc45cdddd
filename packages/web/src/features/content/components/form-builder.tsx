import { useId } from 'react';
import { formFieldKinds, type FormField, type FormFieldKind } from '@touchline/contracts/content';
import { Button } from '../../../components/ui/button.tsx';
import type { FieldErrors } from '../../../lib/forms.ts';
import { inputClass, labelClass } from './content-format.ts';
import { FieldError } from './field-error.tsx';

const kindLabels: Record<FormFieldKind, string> = {
  text: 'Short text',
  textarea: 'Long text',
  number: 'Number',
  date: 'Date',
  select: 'Drop-down',
  radio: 'Choice (radio buttons)',
  checkbox: 'Checkbox',
  file: 'File attachment',
};
const hasOptions = (kind: FormFieldKind) => kind === 'select' || kind === 'radio';

/** A fresh field id no other field of the form uses. */
function newFieldId(fields: readonly FormField[]): string {
  let n = fields.length + 1;
  while (fields.some((f) => f.id === `field-${n}`)) n += 1;
  return `field-${n}`;
}

/** The answers a condition on a field can compare with. */
function answersOf(field: FormField | undefined): string[] | null {
  if (!field) return null;
  if (field.kind === 'checkbox') return ['true', 'false'];
  return hasOptions(field.kind) ? (field.options ?? []) : null;
}

type RowProps = {
  field: FormField;
  index: number;
  fields: readonly FormField[];
  errors: FieldErrors;
  onChange: (field: FormField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

function FieldRow({ field, index, fields, errors, onChange, onMove, onRemove }: RowProps) {
  const id = useId();
  const at = (name: string) => errors[`fields.${index}.${name}`];
  const earlier = fields.slice(0, index);
  const source = earlier.find((f) => f.id === field.visibleWhen?.fieldId);
  const sourceAnswers = answersOf(source);
  const title = field.label || `Field ${index + 1}`;
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700" aria-label={title}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-label`} className={labelClass}>
            Question {index + 1}
          </label>
          <input
            id={`${id}-label`}
            className={inputClass}
            value={field.label}
            aria-invalid={at('label') ? true : undefined}
            aria-describedby={at('label') ? `${id}-label-error` : undefined}
            onChange={(e) => onChange({ ...field, label: e.currentTarget.value })}
          />
          <FieldError id={`${id}-label-error`} message={at('label')} />
        </div>
        <div>
          <label htmlFor={`${id}-kind`} className={labelClass}>
            Answer type of question {index + 1}
          </label>
          <select
            id={`${id}-kind`}
            className={inputClass}
            value={field.kind}
            onChange={(e) => {
              const kind = e.currentTarget.value as FormFieldKind;
              onChange({ ...field, kind, options: hasOptions(kind) ? (field.options ?? ['']) : undefined });
            }}
          >
            {formFieldKinds.map((k) => (
              <option key={k} value={k}>
                {kindLabels[k]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {hasOptions(field.kind) ? (
        <div>
          <label htmlFor={`${id}-options`} className={labelClass}>
            Options of question {index + 1} (one per line)
          </label>
          <textarea
            id={`${id}-options`}
            className={inputClass}
            rows={3}
            value={(field.options ?? []).join('\n')}
            aria-invalid={at('options') ? true : undefined}
            onChange={(e) => onChange({ ...field, options: e.currentTarget.value.split('\n') })}
          />
          <FieldError
            id={`${id}-options-error`}
            message={at('options') ?? errors[`fields.${index}.options.0`]}
          />
        </div>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          id={`${id}-required`}
          type="checkbox"
          checked={field.required}
          onChange={(e) => onChange({ ...field, required: e.currentTarget.checked })}
          className="h-4 w-4 accent-emerald-700"
        />
        <label htmlFor={`${id}-required`} className="text-sm">
          Question {index + 1} is required
        </label>
      </div>
      {index > 0 ? (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="text-sm font-medium">Show question {index + 1} only when</legend>
          <div>
            <label htmlFor={`${id}-when`} className={labelClass}>
              Question
            </label>
            <select
              id={`${id}-when`}
              className={inputClass}
              value={field.visibleWhen?.fieldId ?? ''}
              onChange={(e) => {
                const fieldId = e.currentTarget.value;
                const answers = answersOf(earlier.find((f) => f.id === fieldId));
                onChange({ ...field, visibleWhen: fieldId ? { fieldId, equals: answers?.[0] ?? '' } : null });
              }}
            >
              <option value="">Always show</option>
              {earlier.map((f, i) => (
                <option key={f.id} value={f.id}>
                  {f.label || `Question ${i + 1}`}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-when-error`} message={at('visibleWhen.fieldId')} />
          </div>
          {field.visibleWhen ? (
            <div>
              <label htmlFor={`${id}-equals`} className={labelClass}>
                Answer is
              </label>
              {sourceAnswers ? (
                <select
                  id={`${id}-equals`}
                  className={inputClass}
                  value={field.visibleWhen.equals}
                  onChange={(e) =>
                    onChange({
                      ...field,
                      visibleWhen: { fieldId: source?.id ?? '', equals: e.currentTarget.value },
                    })
                  }
                >
                  {sourceAnswers.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-equals`}
                  className={inputClass}
                  value={field.visibleWhen.equals}
                  onChange={(e) =>
                    onChange({
                      ...field,
                      visibleWhen: { fieldId: source?.id ?? '', equals: e.currentTarget.value },
                    })
                  }
                />
              )}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          label="Move up"
          aria-label={`Move up: ${title}`}
          variant="tertiary"
          disabled={index === 0}
          onClick={() => onMove(-1)}
        />
        <Button
          label="Move down"
          aria-label={`Move down: ${title}`}
          variant="tertiary"
          disabled={index === fields.length - 1}
          onClick={() => onMove(1)}
        />
        <Button label="Remove" aria-label={`Remove: ${title}`} variant="quaternary" onClick={onRemove} />
      </div>
    </li>
  );
}

/**
 * The form builder: questions with their answer type, options, whether they are required and a "show only when"
 * rule on an earlier question. Moving a question above the one it depends on drops the rule (the server refuses it).
 */
export function FormBuilder({
  fields,
  errors,
  onChange,
}: {
  fields: FormField[];
  errors: FieldErrors;
  onChange: (fields: FormField[]) => void;
}) {
  const keepValidRules = (next: FormField[]) =>
    next.map((f, i) =>
      f.visibleWhen && !next.slice(0, i).some((e) => e.id === f.visibleWhen?.fieldId)
        ? { ...f, visibleWhen: null }
        : f,
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    onChange(keepValidRules(next));
  };
  return (
    <div className="space-y-3">
      <FieldError id="form-fields-error" message={errors.fields} />
      <ol className="space-y-3">
        {fields.map((field, i) => (
          <FieldRow
            key={field.id}
            field={field}
            index={i}
            fields={fields}
            errors={errors}
            onChange={(changed) => onChange(fields.map((f, j) => (j === i ? changed : f)))}
            onMove={(by) => move(i, by)}
            onRemove={() => onChange(keepValidRules(fields.filter((_, j) => j !== i)))}
          />
        ))}
      </ol>
      <Button
        label="Add question"
        variant="secondary"
        onClick={() =>
          onChange([...fields, { id: newFieldId(fields), label: '', kind: 'text', required: false }])
        }
      />
    </div>
  );
}
