import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { z, type ZodType } from 'zod';
import {
  createOrganizationBodySchema,
  organizationAdminSchema,
  organizationGeneralSchema,
  paySubscriptionOrganizationSchema,
  type CreateOrganizationBody,
  type CreateOrganizationResponse,
} from '@touchline/contracts/organizations';
import { AccessTokenClaim } from '@touchline/contracts/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { clearEditedError, fieldErrorsFromApi, validateForm, type FieldErrors } from '../../../lib/forms.ts';
import { claimString } from '../../../lib/jwt.ts';
import { useSelectOrganization } from '../../../lib/select-organization.ts';
import { sessionUser, useSession } from '../../../lib/session.ts';
import { useCreateOrganization } from '../api/create-organization.ts';
import { DetailsStep } from './details-step.tsx';
import { PlanStep } from './plan-step.tsx';
import { RolesStep } from './roles-step.tsx';
import {
  draftToBody,
  formFieldOf,
  stepOfField,
  wizardDraftStore,
  wizardSteps,
  type WizardDraft,
} from './wizard-draft.ts';
import { WizardProgress } from './wizard-progress.tsx';

/** What each step checks before Next, with the contract's own rules. */
const stepSchemas: ZodType[] = [
  z.object({ paySubscriptionOrganization: paySubscriptionOrganizationSchema.nullish() }),
  z.object({ general: organizationGeneralSchema, admin: organizationAdminSchema }),
  createOrganizationBodySchema,
];

/** Errors keyed by the wizard's field names, and the earliest step that has one. */
function placeErrors(errors: FieldErrors): { errors: FieldErrors; step: number | null } {
  const placed: FieldErrors = {};
  let step: number | null = null;
  for (const [field, message] of Object.entries(errors)) {
    placed[formFieldOf(field)] = message;
    step = Math.min(step ?? Infinity, stepOfField(field));
  }
  return { errors: placed, step };
}

/**
 * /organizations/new: the organization creation wizard (spec §2: plan → organization details → role
 * requirements). The draft is saved in this browser as it is typed and cleared once the organization exists; the
 * creator then lands in it (select-organization) unless they named someone else as its administrator.
 */
export function CreateOrganizationPage() {
  useDocumentTitle('Create an organization');
  const current = useSession();
  const user = sessionUser(current);
  const userId = claimString(current.claims, AccessTokenClaim.Subject) ?? 'anonymous';
  const [store] = useState(() =>
    wizardDraftStore(userId, { firstName: user.firstName, lastName: user.lastName, email: user.email }),
  );
  const draft = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    void store.rehydrate();
  }, [store]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreateOrganizationResponse | null>(null);
  const create = useCreateOrganization();
  const select = useSelectOrganization();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const change = useCallback((next: (prev: WizardDraft) => WizardDraft) => store.set(next), [store]);
  const onPlan = useCallback((plan: WizardDraft['plan']) => change((d) => ({ ...d, plan })), [change]);
  const goTo = (step: number) => {
    change((d) => ({ ...d, step }));
    requestAnimationFrame(() => heading.current?.focus());
  };
  const showErrors = (found: FieldErrors) => {
    const { errors: placed, step } = placeErrors(found);
    setErrors(placed);
    if (step !== null && step !== draft.step) goTo(step);
    requestAnimationFrame(() => {
      const first = Array.from(form.current?.elements ?? []).find(
        (el): el is HTMLInputElement | HTMLSelectElement =>
          (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && Boolean(placed[el.name]),
      );
      first?.focus();
    });
  };

  const submit = (body: CreateOrganizationBody) =>
    create.mutate(body, {
      onError: (error) => showErrors(fieldErrorsFromApi(error)),
      onSuccess: async (organization) => {
        store.clear();
        if (!organization.profileId) return setCreated(organization);
        await select.mutateAsync(organization.id).catch(() => undefined);
        void navigate('/');
      },
    });

  const handleInput = clearEditedError(setErrors);

  const handleNext = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = draftToBody(draft);
    const checked = validateForm(stepSchemas[draft.step] ?? createOrganizationBodySchema, body);
    if (checked.errors) return showErrors(checked.errors);
    setErrors({});
    if (draft.step < wizardSteps.length - 1) return goTo(draft.step + 1);
    submit(createOrganizationBodySchema.parse(body));
  };

  if (created) return <CreatedForSomeoneElse organization={created} />;
  const last = draft.step === wizardSteps.length - 1;
  const busy = create.isPending || select.isPending;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight">Create an organization</h1>
        <WizardProgress current={draft.step} />
      </div>
      <form
        ref={form}
        noValidate
        onSubmit={handleNext}
        onInput={handleInput}
        className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {wizardSteps[draft.step]}
        </h2>
        <Alert>{create.isError && Object.keys(errors).length === 0 ? create.error.message : null}</Alert>
        {draft.step === 0 ? (
          <PlanStep
            draft={draft}
            errors={errors}
            onPlan={onPlan}
            onBillingEmail={(billingEmail) => change((d) => ({ ...d, billingEmail }))}
          />
        ) : null}
        {draft.step === 1 ? (
          <DetailsStep
            draft={draft}
            errors={errors}
            onGeneral={(field, value) => change((d) => ({ ...d, general: { ...d.general, [field]: value } }))}
            onAdmin={(field, value) => change((d) => ({ ...d, admin: { ...d.admin, [field]: value } }))}
          />
        ) : null}
        {draft.step === 2 ? (
          <RolesStep
            roles={draft.roleRequirements}
            errors={errors}
            onChange={(roleRequirements) => change((d) => ({ ...d, roleRequirements }))}
          />
        ) : null}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          {draft.step > 0 ? (
            <Button label="Back" variant="secondary" disabled={busy} onClick={() => goTo(draft.step - 1)} />
          ) : (
            <Button label="Cancel" variant="secondary" href="/" />
          )}
          <Button
            type="submit"
            label={last ? (busy ? 'Creating…' : 'Create organization') : 'Next'}
            disabled={busy}
          />
        </div>
      </form>
    </div>
  );
}

/** After creating an organization for another administrator: the invitation is theirs to accept. */
function CreatedForSomeoneElse({ organization }: { organization: CreateOrganizationResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {`${organization.name} is ready`}
      </h1>
      <p>
        {organization.adminInvited
          ? 'We e-mailed its administrator an invitation. They manage the organization once they accept it.'
          : 'Its administrator could not be e-mailed just now; they can be invited again from the members list.'}
      </p>
      <Button label="Return to Home" href="/" />
    </div>
  );
}
