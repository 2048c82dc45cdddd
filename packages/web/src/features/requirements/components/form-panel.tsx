import { useId, useState, type FormEvent } from 'react';
import type { FormField } from '@touchline/contracts/content';
import type { RequirementFile } from '@touchline/contracts/requirement-completion';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorsFromApi } from '../../../lib/forms.ts';
import { useCompleteForm } from '../api/complete-form.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import {
  answerErrorsFromFieldErrors,
  buildAnswers,
  fieldControlId,
  visibleFields,
  type AnswerErrors,
  type DraftAnswers,
  type DraftValue,
} from './form-answers.ts';
import { FormFieldControl } from './form-field-control.tsx';
import { FormFileInput } from './form-file-input.tsx';

/** What the form panel needs: the saved form version to render and whether the member may send it now. */
export interface FormPanelProps {
  requirement: RequirementRef;
  formVersionId: string;
  fields: readonly FormField[];
  canSubmit: boolean;
}

/**
 * A Form (spec §4) rendered from its saved version: fields show and hide by their conditions, attachments upload
 * as they are chosen, the rules are checked before sending, and the server's field errors land on their fields.
 */
export function FormPanel({ requirement, formVersionId, fields, canSubmit }: FormPanelProps) {
  const formId = useId();
  const complete = useCompleteForm(requirement);
  const [draft, setDraft] = useState<DraftAnswers>({});
  const [attachments, setAttachments] = useState<Record<string, RequirementFile>>({});
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
      <Alert tone="info">
        {notice ?? 'This form is sent. There is nothing more to fill in unless it is reset or expires.'}
      </Alert>
    );

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Fill in the form" className="space-y-5">
      <Alert>{formError}</Alert>
      <Alert tone="success">{notice}</Alert>
      {visibleFields(fields, draft).map((field) => {
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
