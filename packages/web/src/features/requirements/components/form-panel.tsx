import { useId, useState, type FormEvent } from 'react';
import type { FormField } from '@touchline/contracts/content';
import type { FormSubmission, RequirementFile } from '@touchline/contracts/requirement-completion';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorsFromApi } from '../../../lib/forms.ts';
import { useCompleteForm } from '../api/complete-form.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import {
  answerErrorsFromFieldErrors,
  buildAnswers,
  draftFromSubmission,
  fieldControlId,
  shownFields,
  type AnswerErrors,
  type DraftAnswers,
  type DraftValue,
} from './form-answers.ts';
import { FormFieldControl } from './form-field-control.tsx';
import { FormFileInput } from './form-file-input.tsx';
import { SentAnswers } from './sent-answers.tsx';

/**
 * What the form panel needs: the saved form version to render, whether the member may send it now, and what they
 * sent before (null when nothing yet).
 */
export interface FormPanelProps {
  requirement: RequirementRef;
  formVersionId: string;
  fields: readonly FormField[];
  canSubmit: boolean;
  submission: FormSubmission | null;
}

/**
 * A Form (spec §4) rendered from its saved version: fields show and hide by their conditions, attachments upload
 * as they are chosen, the rules are checked before sending, and the server's field errors land on their fields.
 * Earlier answers fill the form in when it must be sent again, and are shown read-only once it is sent.
 */
export function FormPanel({ requirement, formVersionId, fields, canSubmit, submission }: FormPanelProps) {
  const formId = useId();
  const complete = useCompleteForm(requirement);
  const [earlier] = useState(() =>
    submission ? draftFromSubmission(fields, submission) : { draft: {}, attachments: {} },
  );
  const [draft, setDraft] = useState<DraftAnswers>(earlier.draft);
  const [attachments, setAttachments] = useState<Record<string, RequirementFile>>(earlier.attachments);
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const setValue = (fieldId: string, value: DraftValue) => {
    setDraft((old) => ({ ...old, [fieldId]: value }));
    setErrors(({ [fieldId]: _gone, ...rest }) => rest);
  };

  const focusFirst = (found: AnswerErrors) => {
    const first = fields.find((f) => found[f.id]);
    if (first) document.getElementById(fieldControlId(formId, first.id))?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setNotice(null);
    const built = buildAnswers(fields, draft);
    if (!built.answers) {
      setErrors(built.errors);
      setFormError('Some answers need your attention.');
      return focusFirst(built.errors);
    }
    setErrors({});
    complete.mutate(
      { formVersionId, answers: built.answers },
      {
        onSuccess: () => setNotice('Form sent.'),
        onError: (error) => {
          const found = answerErrorsFromFieldErrors(fieldErrorsFromApi(error));
          setErrors(found);
          setFormError(Object.keys(found).length > 0 ? 'Some answers need your attention.' : error.message);
          focusFirst(found);
        },
      },
    );
  };

  if (!canSubmit)
    return (
      <div className="space-y-5">
        <Alert tone="info">
          {notice ?? 'This form is sent. There is nothing more to fill in unless it is reset or expires.'}
        </Alert>
        {submission ? <SentAnswers submission={submission} /> : null}
      </div>
    );

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Fill in the form" className="space-y-5">
      <Alert>{formError}</Alert>
      <Alert tone="success">{notice}</Alert>
      {submission ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your earlier answers are filled in. Check them, change what is needed and send the form again.
        </p>
      ) : null}
      {shownFields(fields, draft).map((field) => {
        const controlId = fieldControlId(formId, field.id);
        return (
          <FormFieldControl
            key={field.id}
            field={field}
            controlId={controlId}
            value={draft[field.id]}
            onChange={(value) => setValue(field.id, value)}
            error={errors[field.id]}
            fileControl={
              <FormFileInput
                requirement={requirement}
                fieldId={field.id}
                label={field.label}
                controlId={controlId}
                error={errors[field.id]}
                attached={attachments[field.id]}
                onAttached={(file) => {
                  setAttachments(({ [field.id]: _old, ...rest }) =>
                    file ? { ...rest, [field.id]: file } : rest,
                  );
                  setValue(field.id, file?.id);
                }}
                onError={(message) =>
                  setErrors(({ [field.id]: _old, ...rest }) =>
                    message ? { ...rest, [field.id]: message } : rest,
                  )
                }
              />
            }
          />
        );
      })}
      <Button
        type="submit"
        label={complete.isPending ? 'Sending…' : 'Send the form'}
        disabled={complete.isPending}
      />
    </form>
  );
}
