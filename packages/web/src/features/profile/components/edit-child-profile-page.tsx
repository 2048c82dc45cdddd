import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
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

/** The child fields another system may offer (issue 31: the league partner's prefill-data, composed in app/). */
export type ChildPrefillField = 'firstName' | 'lastName' | 'email' | 'dateOfBirth';
/** What is offered to prefill a child's profile, and from whom. */
export type ChildPrefill = { sourceName: string; values: Partial<Record<ChildPrefillField, string>> };

/**
 * /profile/children/{id}: edits one child's names, e-mail and date of birth (PUT /api/app/profile/{id}). A prefill
 * (what the league partner knows of the child) fills only the fields left empty, each marked; nothing is kept until
 * the guardian saves (then `onPrefillSaved`). The page composing it places a `notice` under the heading (the
 * prefill's, with its dismissal) and more sections after the form (`children`: the child's contact details).
 */
export function EditChildProfilePage({
  prefill = null,
  onPrefillSaved,
  notice = null,
  children: sections = null,
}: {
  prefill?: ChildPrefill | null;
  onPrefillSaved?: () => void;
  notice?: ReactNode;
  children?: ReactNode;
}) {
  const { profileId = '' } = useParams();
  const active = useActiveProfile();
  const children = useChildProfiles(active.data?.profileId ?? '');
  const update = useUpdateProfile(profileId);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const detailsId = useId();
  const child = children.data?.find((c) => c.id === profileId);
  useDocumentTitle(child ? `Edit ${child.firstName}` : 'Edit child profile');
  useEffect(() => heading.current?.focus(), [child?.id]);

  const current: Record<ChildPrefillField, string | null> = {
    firstName: child?.firstName ?? null,
    lastName: child?.lastName ?? null,
    email: child?.email ?? null,
    dateOfBirth: child?.dateOfBirth ?? null,
  };
  // Only what the guardian has left empty is offered (what they typed is never replaced).
  const offered = new Map(
    prefill
      ? (Object.entries(prefill.values) as [ChildPrefillField, string][]).filter(([k, v]) => v && !current[k])
      : [],
  );
  const field = (name: ChildPrefillField) =>
    offered.has(name)
      ? {
          initial: offered.get(name),
          description: `Prefilled from ${prefill?.sourceName ?? ''}: check it, then save to keep it.`,
        }
      : { initial: current[name] };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(updateProfileBodySchema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    if (checked.errors) return focusFirstError(form.current, checked.errors);
    update.mutate(checked.data, {
      onSuccess: () => {
        if (offered.size > 0) onPrefillSaved?.();
      },
      onError: (error) => {
        const errors = fieldErrorsFromApi(error);
        setFieldErrors(errors);
        focusFirstError(form.current, errors);
      },
    });
  };

  const saved = update.isSuccess && !update.isPending;
  const failed = update.isError && Object.keys(fieldErrors).length === 0 ? update.error.message : null;
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
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          Edit {child.firstName} {child.lastName}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {`${child.firstName}’s details in this organization. Each part saves on its own.`}
        </p>
      </div>
      {notice}
      <section
        aria-labelledby={detailsId}
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id={detailsId} className="text-lg font-semibold">
          Details
        </h2>
        <Alert tone="success" className={saved ? 'mt-4' : ''}>
          {saved ? 'The profile is saved.' : null}
        </Alert>
        <Alert className={failed ? 'mt-4' : ''}>{failed}</Alert>
        <form
          key={JSON.stringify([current, [...offered.keys()]])}
          onInput={clearEditedError(setFieldErrors)}
          ref={form}
          noValidate
          onSubmit={handleSubmit}
          className="mt-4 grid gap-5 sm:grid-cols-2"
        >
          <TextFields
            errors={fieldErrors}
            fields={[
              { label: 'First name', name: 'firstName', required: true, ...field('firstName') },
              { label: 'Last name', name: 'lastName', required: true, ...field('lastName') },
              { label: 'E-mail', name: 'email', type: 'email', ...field('email') },
              { label: 'Date of birth', name: 'dateOfBirth', type: 'date', ...field('dateOfBirth') },
            ]}
          />
          <div className="sm:col-span-2">
            <Button
              type="submit"
              label={update.isPending ? 'Saving…' : 'Save details'}
              disabled={update.isPending}
            />
          </div>
        </form>
      </section>
      {sections}
      {back}
    </div>
  );
}
