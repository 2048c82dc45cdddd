import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { updateProfileBodySchema } from '@touchline/contracts/profiles';
import { appRoutes } from '@touchline/contracts/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { TextFields } from '../../../components/ui/text-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useChildProfiles } from '../api/get-child-profiles.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** /profile/children/{id}: edits one child's names, e-mail and date of birth (PUT /api/app/profile/{id}). */
export function EditChildProfilePage() {
  const { profileId = '' } = useParams();
  const active = useActiveProfile();
  const children = useChildProfiles(active.data?.profileId ?? '');
  const update = useUpdateProfile(profileId);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const child = children.data?.find((c) => c.id === profileId);
  useDocumentTitle(child ? `Edit ${child.firstName}` : 'Edit child profile');
  useEffect(() => heading.current?.focus(), [child?.id]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(updateProfileBodySchema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    if (checked.errors) return focusFirstError(form.current, checked.errors);
    update.mutate(checked.data, {
      onError: (error) => {
        const errors = fieldErrorsFromApi(error);
        setFieldErrors(errors);
        focusFirstError(form.current, errors);
      },
    });
  };

  if (children.isPending) return <Spinner label="Loading the profile" />;
  if (children.isError) return <Alert>{children.error.message}</Alert>;
  const back = (
    <Link to={appRoutes.groupAccountDashboard} className={textLinkClass}>
      Back to your children
    </Link>
  );
  if (!child)
    return (
      <div className="mx-auto max-w-xl space-y-4">
        <Alert>This child profile was not found.</Alert>
        {back}
      </div>
    );
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
        Edit {child.firstName} {child.lastName}
      </h1>
      <Alert tone="success">{update.isSuccess && !update.isPending ? 'The profile is saved.' : null}</Alert>
      <Alert>{update.isError && Object.keys(fieldErrors).length === 0 ? update.error.message : null}</Alert>
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={handleSubmit}
        className="grid gap-5 sm:grid-cols-2"
      >
        <TextFields
          errors={fieldErrors}
          fields={[
            { label: 'First name', name: 'firstName', initial: child.firstName, required: true },
            { label: 'Last name', name: 'lastName', initial: child.lastName, required: true },
            { label: 'E-mail', name: 'email', type: 'email', initial: child.email },
            { label: 'Date of birth', name: 'dateOfBirth', type: 'date', initial: child.dateOfBirth },
          ]}
        />
        <div className="flex items-center gap-4 sm:col-span-2">
          <Button type="submit" label={update.isPending ? 'Saving…' : 'Save'} disabled={update.isPending} />
          {back}
        </div>
      </form>
    </div>
  );
}
