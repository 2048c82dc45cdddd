import { useId, useState } from 'react';
import { visibleFormFields, type FormField } from '@touchline/contracts/content';
import { inputClass, labelClass } from './content-format.ts';

function PreviewField({
  field,
  value,
  onChange,
}: {
  field: FormField;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const label = (
    <>
      {field.label || 'Untitled question'}
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  if (field.kind === 'checkbox')
    return (
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={value === 'true'}
          onChange={(e) => onChange(String(e.currentTarget.checked))}
          className="h-4 w-4 accent-emerald-700"
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
    );
  if (field.kind === 'radio')
    return (
      <fieldset>
        <legend className={labelClass}>{label}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(field.options ?? []).map((option) => (
            <label key={option} className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name={`${id}-radio`}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
    );
  const common = { id, className: inputClass, required: field.required };
  let input;
  if (field.kind === 'textarea')
    input = <textarea {...common} rows={3} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  else if (field.kind === 'select')
    input = (
      <select {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">Choose…</option>
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  else if (field.kind === 'file') input = <input {...common} type="file" disabled />;
  else
    input = (
      <input
        {...common}
        type={field.kind === 'text' ? 'text' : field.kind}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {input}
    </div>
  );
}

/**
 * The form as a member will see it, rendered from the same fields the builder edits: answering a question shows or
 * hides the questions that depend on it (contracts' visibleFormFields, the member form's rule too).
 */
export function FormPreview({ fields }: { fields: readonly FormField[] }) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const shown = visibleFormFields(fields, answers);
  return (
    <section
      aria-label="Preview"
      className="space-y-4 rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-600"
    >
      <h3 className="text-lg font-semibold">Preview</h3>
      {shown.length === 0 ? <p className="text-sm">Add a question to see the form.</p> : null}
      {shown.map((field) => (
        <PreviewField
          key={field.id}
          field={field}
          value={answers[field.id] ?? ''}
          onChange={(v) => setAnswers((a) => ({ ...a, [field.id]: v }))}
        />
      ))}
    </section>
  );
}
