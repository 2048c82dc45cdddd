import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useUsSoccerLicenses } from '../api/get-us-soccer-licenses.ts';
import { inputClass, labelClass } from './content-format.ts';
import { str } from './type-field-props.ts';

/** The license a US Soccer requirement asks for: any grade of a discipline, or a grade and those above it. */
export function UsSoccerLicenseField({
  content,
  onChange,
}: {
  content: Record<string, unknown>;
  onChange: (content: Record<string, unknown>) => void;
}) {
  const id = useId();
  const catalog = useUsSoccerLicenses(true);
  const value =
    typeof content.requiredLicense === 'string'
      ? content.requiredLicense
      : `any-${str(content.discipline) || 'coach'}`;
  const choose = (next: string) => {
    if (next.startsWith('any-')) onChange({ requiredLicense: null, discipline: next.slice(4) });
    else {
      const grade = catalog.data?.find((g) => g.code === next);
      onChange({ requiredLicense: next, discipline: grade?.discipline ?? 'coach' });
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-license`} className={labelClass}>
        Required license
      </label>
      <select
        id={`${id}-license`}
        className={inputClass}
        value={value}
        onChange={(e) => choose(e.currentTarget.value)}
        aria-describedby={`${id}-license-hint`}
      >
        <option value="any-coach">Any coaching license</option>
        <option value="any-referee">Any referee license</option>
        {(catalog.data ?? []).map((g) => (
          <option key={g.code} value={g.code}>
            {g.label} or higher
          </option>
        ))}
      </select>
      <p id={`${id}-license-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        Members enter their US Soccer id; their licenses are looked up and checked again every day.
      </p>
      <Alert>{catalog.error ? catalog.error.message : null}</Alert>
    </div>
  );
}
