import { wizardSteps } from './wizard-draft.ts';

/** The wizard's step indicator: where the user is, what is done and what is left. */
export function WizardProgress({ current }: { current: number }) {
  return (
    <ol aria-label="Steps" className="flex flex-col gap-2 sm:flex-row sm:gap-6">
      {wizardSteps.map((name, index) => {
        const done = index < current;
        const here = index === current;
        return (
          <li
            key={name}
            aria-current={here ? 'step' : undefined}
            className={`flex items-center gap-2 text-sm ${here ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-400'}`}
          >
            <span
              aria-hidden="true"
              className={`flex h-7 w-7 items-center justify-center rounded-full border text-xs font-bold ${
                here || done
                  ? 'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-500 dark:text-slate-950'
                  : 'border-slate-400 dark:border-slate-600'
              }`}
            >
              {done ? '✓' : index + 1}
            </span>
            <span>
              <span className="sr-only">{`Step ${index + 1} of ${wizardSteps.length}: `}</span>
              {name}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
