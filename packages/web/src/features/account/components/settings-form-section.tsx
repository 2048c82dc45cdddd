import type { UseMutationResult } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { TextFields, type TextFieldSpec } from '../../../components/ui/text-field.tsx';
import { useSectionForm } from '../hooks/use-section-form.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * A settings section that is one form of text fields saved on its own (User, Contact information): the fields,
 * the save button and the saved message are all that differ between them.
 */
export function SettingsFormSection<T>({
  title,
  description,
  savedMessage,
  submitLabel,
  schema,
  mutation,
  fields,
  onSaved,
}: {
  title: string;
  description: string;
  savedMessage: string;
  submitLabel: string;
  schema: ZodType<T>;
  mutation: UseMutationResult<unknown, Error, T>;
  fields: readonly TextFieldSpec[];
  /** Runs after a save succeeded (e.g. to let go of prefilled values once used). */
  onSaved?: () => void;
}) {
  const { form, fieldErrors, saved, handleSubmit, formError } = useSectionForm(schema, mutation, onSaved);
  return (
    <SettingsSection
      title={title}
      description={description}
      success={saved ? savedMessage : null}
      error={formError}
    >
      <form ref={form} noValidate onSubmit={handleSubmit} className="grid gap-5 sm:grid-cols-2">
        <TextFields fields={fields} errors={fieldErrors} />
        <div className="flex items-end sm:col-span-2">
          <Button
            type="submit"
            label={mutation.isPending ? 'Saving…' : submitLabel}
            disabled={mutation.isPending}
          />
        </div>
      </form>
    </SettingsSection>
  );
}
