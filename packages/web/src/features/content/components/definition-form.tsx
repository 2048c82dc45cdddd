import { useState, type FormEvent } from 'react';
import {
  contentBaseSchema,
  contentSchemaByType,
  type ContentDefinition,
  type ContentFile,
  type FormField,
} from '@touchline/contracts/content';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorsFromApi, validateForm, type FieldErrors, clearEditedError } from '../../../lib/forms.ts';
import { useSaveContent } from '../api/save-content.ts';
import { useUploadContentFile } from '../api/upload-content-file.ts';
import { BaseFields, baseBodyOf, baseDraftOf, type BaseDraft } from './base-fields.tsx';
import { cardClass, errorsUnder, typeDisplay } from './content-format.ts';
import { ContentTypeIcon } from './content-type-icon.tsx';
import { FormBuilder } from './form-builder.tsx';
import { FormPreview } from './form-preview.tsx';
import { TypeContentFields } from './type-content-fields.tsx';

/** The content a new definition of a type starts with. */
export function emptyContent(type: number): Record<string, unknown> {
  if (type === RequirementType.Document) return { linkUrl: null, templateFileId: null };
  if (type === RequirementType.Form)
    return { fields: [{ id: 'field-1', label: '', kind: 'text', required: false }] };
  if (type === RequirementType.Waiver) return { text: '', requireTypedName: true };
  if (type === RequirementType.Video) return { url: null, fileId: null, requiredWatchedPercent: 90 };
  if (type === RequirementType.CustomTraining) return { trainingUrl: '', certificateRequired: true };
  if (type === RequirementType.USSoccer) return { requiredLicense: null, discipline: 'coach' };
  return {};
}

const prefixed = (errors: FieldErrors, prefix: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}.${k}`, v]));

/**
 * Creates or edits a definition: the common fields, then the type's content (the form builder with its live
 * preview for forms). Checked with the contracts' schemas first; the server's field errors land on the same fields.
 */
export function DefinitionForm({
  organizationId,
  type,
  definition,
  onSaved,
}: {
  organizationId: string;
  type: number;
  definition?: ContentDefinition;
  onSaved: (definition: ContentDefinition) => void;
}) {
  const save = useSaveContent();
  const upload = useUploadContentFile();
  const [base, setBase] = useState<BaseDraft>(() => baseDraftOf(definition));
  const [content, setContent] = useState<Record<string, unknown>>(
    () => definition?.content ?? emptyContent(type),
  );
  const [file, setFile] = useState<ContentFile | null>(definition?.file ?? null);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const info = typeDisplay(type);
  const busy = save.isPending || upload.isPending;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    let body = content;
    try {
      if (pendingFile) {
        const stored = await upload.mutateAsync({ kind: info.slug, organizationId, file: pendingFile });
        const key = type === RequirementType.Video ? 'fileId' : 'templateFileId';
        body = { ...content, [key]: stored.id, [type === RequirementType.Video ? 'url' : 'linkUrl']: null };
        setContent(body);
        setFile(stored);
        setPendingFile(null);
      }
    } catch (error) {
      setErrors({ 'content.file': error instanceof Error ? error.message : 'The file was not stored' });
      return;
    }
    const baseBody = baseBodyOf(base);
    const checkedBase = validateForm(contentBaseSchema, baseBody);
    const checkedContent = validateForm<unknown>(
      contentSchemaByType[type as keyof typeof contentSchemaByType],
      body,
    );
    const local = {
      ...prefixed(checkedBase.errors ?? {}, 'base'),
      ...prefixed(checkedContent.errors ?? {}, 'content'),
    };
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      { kind: info.slug, id: definition?.id ?? organizationId, base: baseBody, content: body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fromServer = fieldErrorsFromApi(error);
          setErrors(fromServer);
          if (Object.keys(fromServer).length === 0) setFormError(error.message);
        },
      },
    );
  };

  const fields = (content.fields as FormField[] | undefined) ?? [];
  return (
    <form
      onInput={clearEditedError(setErrors)}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
      className="space-y-6"
    >
      <Alert>{formError ?? (Object.keys(errors).length > 0 ? 'Check the fields marked below.' : null)}</Alert>
      <section aria-labelledby="content-base-heading" className={cardClass}>
        <h2 id="content-base-heading" className="flex items-center gap-2 text-xl font-semibold">
          <ContentTypeIcon type={type} />
          {info.label} requirement
        </h2>
        <BaseFields
          draft={base}
          errors={errorsUnder(errors, 'base')}
          onChange={setBase}
          showPayer={type !== RequirementType.BackgroundCheck}
        />
      </section>
      <section aria-labelledby="content-type-heading" className={cardClass}>
        <h2 id="content-type-heading" className="text-xl font-semibold">
          {type === RequirementType.Form ? 'Form builder' : 'Content'}
        </h2>
        {type === RequirementType.Form ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <FormBuilder
              fields={fields}
              errors={errorsUnder(errors, 'content')}
              onChange={(f) => setContent({ fields: f })}
            />
            <FormPreview fields={fields} />
          </div>
        ) : (
          <TypeContentFields
            type={type}
            content={content}
            errors={errorsUnder(errors, 'content')}
            file={file}
            onChange={setContent}
            onFile={setPendingFile}
          />
        )}
      </section>
      <Button
        type="submit"
        label={busy ? 'Saving…' : definition ? 'Save changes' : 'Create requirement'}
        disabled={busy}
      />
    </form>
  );
}
