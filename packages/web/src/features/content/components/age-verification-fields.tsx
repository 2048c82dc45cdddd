import {
  IdentityDocumentType,
  identityDocumentTypeLabels,
  VerificationKind,
  verificationKindLabels,
} from '@touchline/contracts/verification';
import { inputClass, labelClass } from './content-format.ts';
import { str, type TypeFieldProps } from './type-field-props.ts';

/** What an age verification proves, and the only documents accepted from a member born abroad. */
export function AgeVerificationFields({ id, content, set }: Pick<TypeFieldProps, 'id' | 'content' | 'set'>) {
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-kind`} className={labelClass}>
        What members prove
      </label>
      <select
        id={`${id}-kind`}
        className={inputClass}
        value={str(content.kind) || VerificationKind.Age}
        onChange={(e) => set('kind', e.currentTarget.value)}
      >
        {Object.values(VerificationKind).map((kind) => (
          <option key={kind} value={kind}>
            {verificationKindLabels[kind]}
          </option>
        ))}
      </select>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Members give their date of birth and/or grade and a photo of a proof; a matching document clears it at
        once, anything uncertain goes to your reviewers.
      </p>
      {str(content.kind) !== VerificationKind.Grade ? (
        <fieldset className="space-y-1">
          <legend className={labelClass}>From a member born abroad, accept only</legend>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Read from the citizenship the member saved; none ticked asks nothing more.
          </p>
          {Object.values(IdentityDocumentType).map((docType) => {
            const chosen = Array.isArray(content.abroadProofTypes)
              ? (content.abroadProofTypes as string[])
              : [];
            return (
              <div key={docType} className="flex items-center gap-2">
                <input
                  id={`${id}-abroad-${docType}`}
                  type="checkbox"
                  className="h-4 w-4 accent-emerald-700"
                  checked={chosen.includes(docType)}
                  onChange={(e) =>
                    set(
                      'abroadProofTypes',
                      e.currentTarget.checked ? [...chosen, docType] : chosen.filter((t) => t !== docType),
                    )
                  }
                />
                <label htmlFor={`${id}-abroad-${docType}`} className="text-sm">
                  {identityDocumentTypeLabels[docType]}
                </label>
              </div>
            );
          })}
        </fieldset>
      ) : null}
    </div>
  );
}
