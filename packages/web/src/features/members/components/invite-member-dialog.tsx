import { useRef, useState, type FormEvent } from 'react';
import { inviteMemberBodySchema } from '@touchline/contracts/invitations';
import { ErrorCode } from '@touchline/contracts/errors';
import type { MemberLabel } from '@touchline/contracts/member-admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { EmailField, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useInviteMember } from '../api/invite-member.ts';

export interface InviteMemberDialogProps {
  levelId: string;
  levelName: string;
  labels: readonly MemberLabel[];
  isOpen: boolean;
  onClose: () => void;
  onInvited: (email: string) => void;
}

/** The server's answer as field errors: its validation errors, and "already a member" under the e-mail field. */
function errorsOf(error: unknown): FieldErrors {
  const errors = fieldErrorsFromApi(error);
  if (error instanceof ApiError && error.code === ErrorCode.Conflict) errors.email ??= error.message;
  return errors;
}

/**
 * Invite member: address, names and one of the role labels the user may give at this level. The contract's schema
 * checks the form; the server's field errors land on their fields.
 */
export function InviteMemberDialog({
  levelId,
  levelName,
  labels,
  isOpen,
  onClose,
  onInvited,
}: InviteMemberDialogProps) {
  const invite = useInviteMember();
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const assignable = labels.filter((label) => label.assignable);
  const defaultLabel = assignable.find((label) => label.isDefault) ?? assignable[0];

  const close = () => {
    setFieldErrors({});
    invite.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(inviteMemberBodySchema, {
      ...formValues(event.currentTarget),
      hierarchyLevelId: levelId,
    });
    setFieldErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    const body = checked.data;
    invite.mutate(body, {
      onSuccess: () => {
        setFieldErrors({});
        onInvited(body.email);
      },
      onError: (error) => {
        const errors = errorsOf(error);
        setFieldErrors(errors);
        requestAnimationFrame(() => focusFirstError(form.current, errors));
      },
    });
  };

  const generalError = invite.isError && Object.keys(fieldErrors).length === 0 ? invite.error.message : null;
  return (
    <Modal isOpen={isOpen} onClose={close} title={`Invite a member to ${levelName}`}>
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-4"
        aria-label="Invite member"
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          We e-mail them a link to create their account (or sign in) and join. Reminders follow until they
          accept.
        </p>
        <Alert>{generalError}</Alert>
        <EmailField autoComplete="off" error={fieldErrors.email} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="off"
            error={fieldErrors.firstName}
            required
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="off"
            error={fieldErrors.lastName}
            required
          />
        </div>
        <SelectField
          label="Role"
          name="labelId"
          options={assignable.map((label) => ({ value: label.id, label: label.name }))}
          {...(defaultLabel ? { defaultValue: defaultLabel.id } : {})}
          error={fieldErrors.labelId}
          required
        />
        <TextField
          label="External id"
          name="externalId"
          autoComplete="off"
          description="Optional: the member's id in your league-management system."
          error={fieldErrors.externalId}
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" label="Cancel" onClick={close} disabled={invite.isPending} />
          <Button
            type="submit"
            label={invite.isPending ? 'Sending the invitation…' : 'Send invitation'}
            disabled={invite.isPending || assignable.length === 0}
          />
        </div>
      </form>
    </Modal>
  );
}
