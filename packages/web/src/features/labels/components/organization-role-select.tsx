import { SelectField } from '../../../components/ui/select-field.tsx';
import { organizationRoleOptions } from './role-format.ts';

/**
 * The organization role a label gives (none, Manager, Director, Account Manager, Admin) as a labelled native
 * select, whose hint and error are read out with it.
 */
export function OrganizationRoleSelect({
  name = 'role',
  label = 'Organization role',
  defaultValue,
  error,
  disabled = false,
}: {
  name?: string;
  label?: string;
  defaultValue: string | null;
  error?: string | undefined;
  disabled?: boolean;
}) {
  return (
    <SelectField
      label={label}
      name={name}
      options={organizationRoleOptions}
      defaultValue={defaultValue ?? ''}
      description="What holding this role allows, at its level and below."
      error={error}
      disabled={disabled}
    />
  );
}
