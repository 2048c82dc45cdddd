import { useId, useRef, useState, type FormEvent } from 'react';
import { completeWaiverBodySchema } from '@touchline/contracts/requirement-completion';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useCompleteWaiver } from '../api/complete-waiver.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { SignedWaiverActions } from './signed-waiver-actions.tsx';

/** Names compared as the server compares them: case and spacing aside. */
export const sameName = (a: string, b: string) => {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return norm(a) === norm(b);
};

/** Said when the typed signature is not the member's name. */
export const nameMismatchMessage = (name: string) => `Type your name exactly as ${name}`;

/** What the waiver panel needs to know of the requirement and the member. */
export interface WaiverPanelProps {
  requirement: RequirementRef;
  waiverName: string;
  text: string;
  /** The member's full name, which the typed signature must match. */
  memberName: string;
  canSign: boolean;
  signed: boolean;
}

/**
 * A Waiver (spec §4): the text, a typed-name signature that must match the member's name and an agree box; once
 * signed, the signed waiver can be viewed and its PDF downloaded.
 */
export function WaiverPanel({
  requirement,
  waiverName,
  text,
  memberName,
  canSign,
  signed,
}: WaiverPanelProps) {
  const form = useRef<HTMLFormElement>(null);
  const complete = useCompleteWaiver(requirement);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const textId = useId();
  const agreeId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const typedName = String(data.get('typedName') ?? '');
    const checked = validateForm(completeWaiverBodySchema, {
      typedName,
      agreed: data.get('agreed') === 'on',
    });
    const found: FieldErrors = { ...(checked.errors ?? {}) };
    if (!found.typedName && typedName.trim() && !sameName(typedName, memberName))
      found.typedName = nameMismatchMessage(memberName);
    setErrors(found);
    setFormError(null);
    setNotice(null);
    if (!checked.data || Object.keys(found).length > 0) return focusFirstError(form.current, found);
    complete.mutate(checked.data, {
      onSuccess: () => setNotice('Waiver signed. You can view it or download the signed PDF below.'),
      onError: (error) => {
        const fromServer = fieldErrorsFromApi(error);
        setErrors(fromServer);
        if (Object.keys(fromServer).length === 0) setFormError(error.message);
        focusFirstError(form.current, fromServer);
      },
    });
  };

  return (
    <div className="space-y-4">
      <h2 id={textId} className="text-xl font-semibold">
        Waiver text
      </h2>
      <div
        role="region"
        aria-labelledby={textId}
        tabIndex={0}
        className="max-h-80 overflow-y-auto rounded-md border border-slate-300 bg-white p-4 text-sm whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-700 dark:bg-slate-950"
      >
        {text}
      </div>
      <Alert tone="success">{notice}</Alert>
      {canSign ? (
        <form
          onInput={clearEditedError(setErrors)}
          ref={form}
          noValidate
          onSubmit={handleSubmit}
          aria-label="Sign the waiver"
          className="space-y-4"
        >
          <Alert>{formError}</Alert>
          <TextField
            label="Type your full name to sign"
            name="typedName"
            autoComplete="name"
            description={`Your name as your organization knows it: ${memberName}`}
            error={errors.typedName}
            required
          />
          <div>
            <div className="flex items-start gap-2">
              <input
                id={agreeId}
                name="agreed"
                type="checkbox"
                aria-invalid={errors.agreed ? true : undefined}
                aria-describedby={errors.agreed ? `${agreeId}-error` : undefined}
                className="mt-0.5 h-4 w-4 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
              />
              <label htmlFor={agreeId} className="text-sm">
                I have read and agree to this waiver
              </label>
            </div>
            {errors.agreed ? (
              <p id={`${agreeId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                {errors.agreed}
              </p>
            ) : null}
          </div>
          <Button
            type="submit"
            label={complete.isPending ? 'Signing…' : 'Sign the waiver'}
            disabled={complete.isPending}
          />
        </form>
      ) : null}
      {signed || complete.isSuccess ? (
        <SignedWaiverActions requirement={requirement} waiverName={waiverName} />
      ) : null}
    </div>
  );
}
