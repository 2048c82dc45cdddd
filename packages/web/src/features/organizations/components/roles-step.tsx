import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { FieldErrors } from '../../../lib/forms.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { newRole, type RoleDraft } from './wizard-draft.ts';

/**
 * Step 3: the organization's roles (role labels), the default role new members get and when each role's
 * requirements are due. Requirements come from the content library, which does not exist yet; the step says so
 * rather than showing an empty picker.
 */
export function RolesStep({
  roles,
  errors,
  onChange,
}: {
  roles: RoleDraft[];
  errors: FieldErrors;
  onChange: (roles: RoleDraft[]) => void;
}) {
  const update = (key: string, change: Partial<RoleDraft>) =>
    onChange(roles.map((role) => (role.key === key ? { ...role, ...change } : role)));
  const makeDefault = (key: string) =>
    onChange(roles.map((role) => ({ ...role, isDefault: role.key === key })));
  const remove = (key: string) => onChange(roles.filter((role) => role.key !== key));
  return (
    <div className="space-y-4">
      <Alert tone="info">
        Requirements for each role come from your content library. Once the organization is created, add them
        under Content and assign them to these roles; until then the roles start with none.
      </Alert>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        An Admin role is added for you unless one of these is called Admin: the administrator holds it at the
        top of the organization.
      </p>
      {errors.roleRequirements ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-400">{errors.roleRequirements}</p>
      ) : null}
      <ul className="space-y-4">
        {roles.map((role, index) => {
          const field = (name: string) => `roleRequirements.${index}.${name}`;
          const label = role.roleLabel.trim() || `Role ${index + 1}`;
          return (
            <li key={role.key}>
              <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <legend className="px-1 text-base font-semibold">{label}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    label="Role name"
                    name={field('roleLabel')}
                    required
                    value={role.roleLabel}
                    onValueChange={(v) => update(role.key, { roleLabel: v })}
                    error={errors[field('roleLabel')]}
                  />
                  <TextField
                    label="Requirements due date"
                    name={field('requirementsDueDate')}
                    type="date"
                    description="Optional."
                    value={role.requirementsDueDate}
                    onValueChange={(v) => update(role.key, { requirementsDueDate: v })}
                    error={errors[field('requirementsDueDate')]}
                  />
                </div>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                    <input
                      type="radio"
                      name="defaultRole"
                      checked={role.isDefault}
                      onChange={() => makeDefault(role.key)}
                      className="h-4 w-4 accent-emerald-700"
                    />
                    {`Default role for new members`}
                  </label>
                  <Button
                    label={`Remove ${label}`}
                    variant="tertiary"
                    disabled={roles.length === 1}
                    onClick={() => remove(role.key)}
                  />
                </div>
                {errors[field('isDefault')] ? (
                  <p className="text-sm font-medium text-red-700 dark:text-red-400">
                    {errors[field('isDefault')]}
                  </p>
                ) : null}
                <p className="text-sm text-slate-600 dark:text-slate-400">Requirements: none yet.</p>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button
        label="Add a role"
        variant="secondary"
        icon="+"
        onClick={() => onChange([...roles, newRole('', roles.length === 0)])}
      />
    </div>
  );
}
