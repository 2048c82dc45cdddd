import { useState } from 'react';
import { formatMoney, type RolePaidRequirements } from '@touchline/contracts/member-payments';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fieldErrorsFromApi } from '../../../lib/forms.ts';
import { useRolePaidRequirements, useSaveRolePaidRequirements } from '../api/role-paid-requirements.ts';
import { BillingLayout } from './billing-layout.tsx';

/**
 * /account/billing/member-pays: which requirements the members of each role pay for themselves (the creation
 * wizard's paid requirements, changed later). A requirement with no member price asks nobody to pay.
 */
export function MemberPaysPage() {
  return <BillingLayout title="What members pay">{(id) => <RoleList organizationId={id} />}</BillingLayout>;
}

function RoleList({ organizationId }: { organizationId: string }) {
  const data = useRolePaidRequirements(organizationId);
  if (data.isPending) return <Spinner label="Loading the roles…" />;
  if (data.isError) return <Alert>{`The roles could not be loaded: ${data.error.message}`}</Alert>;
  if (data.data.roles.length === 0) return <p>Your organization has no member roles yet.</p>;
  return (
    <div className="space-y-4">
      <p className="text-slate-700 dark:text-slate-300">
        Members of a role pay for the requirements ticked here themselves, before the work starts. A
        requirement with no price asks nobody to pay; set its member price in its settings. Changes apply to
        what members owe from now on; what they already paid stays paid.
      </p>
      {data.data.roles.map((role) => (
        <RoleCard
          key={role.roleLabel}
          organizationId={organizationId}
          role={role}
          requirements={data.data.requirements}
        />
      ))}
    </div>
  );
}

function RoleCard({
  organizationId,
  role,
  requirements,
}: {
  organizationId: string;
  role: RolePaidRequirements['roles'][number];
  requirements: RolePaidRequirements['requirements'];
}) {
  const save = useSaveRolePaidRequirements(organizationId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(role.paidRoleRequirementsIds));
  const [notice, setNotice] = useState<string | null>(null);
  const errors = save.error ? fieldErrorsFromApi(save.error) : {};
  const changed =
    chosen.size !== role.paidRoleRequirementsIds.length ||
    role.paidRoleRequirementsIds.some((id) => !chosen.has(id));
  const headingId = `role-${role.roleLabel.replace(/\W+/g, '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {role.roleLabel}
      </h3>
      {requirements.length === 0 ? (
        <p>No requirements yet.</p>
      ) : (
        <ul className="space-y-2">
          {requirements.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-3">
              <CheckboxField
                label={r.name}
                checked={chosen.has(r.id)}
                onChange={(checked) => {
                  setNotice(null);
                  setChosen((current) => {
                    const next = new Set(current);
                    if (checked) next.add(r.id);
                    else next.delete(r.id);
                    return next;
                  });
                }}
              />
              <span className="shrink-0 text-sm text-slate-600 tabular-nums dark:text-slate-400">
                {r.memberPrice === null ? 'No price' : formatMoney(r.memberPrice, r.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button
        label={save.isPending ? 'Saving…' : `Save ${role.roleLabel}`}
        disabled={!changed || save.isPending}
        onClick={() =>
          save.mutate(
            {
              roleLabel: role.roleLabel,
              paidRoleRequirementsIds: requirements.filter((r) => chosen.has(r.id)).map((r) => r.id),
            },
            { onSuccess: () => setNotice(`Saved what ${role.roleLabel} members pay.`) },
          )
        }
      />
      <Alert tone="success">{notice}</Alert>
      <Alert>
        {save.error
          ? (Object.values(errors)[0] ?? (save.error instanceof Error ? save.error.message : 'Not saved'))
          : null}
      </Alert>
    </section>
  );
}
