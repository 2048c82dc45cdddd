import type { ProfileOrganization, ProfileWithPlas } from '@touchline/contracts/profiles';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOrganizationAccesses } from '../api/get-organization-accesses.ts';

/**
 * One organization of the user on the profile page: whether it is the current one (or a button to switch to it),
 * how they are listed there, and their memberships (level and role).
 */
export function OrganizationCard({
  appUserId,
  organization,
  profile,
  switching,
  onSwitch,
}: {
  appUserId: string;
  organization: ProfileOrganization;
  profile: ProfileWithPlas | undefined;
  switching: boolean;
  onSwitch: (organizationId: string) => void;
}) {
  const accesses = useOrganizationAccesses(appUserId, organization.organizationId);
  const headingId = `organization-${organization.organizationId}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {organization.organizationName}
          </h3>
          {profile ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Listed as {profile.firstName} {profile.lastName}
              {profile.dateOfBirth ? `, born ${profile.dateOfBirth}` : ''}
            </p>
          ) : null}
        </div>
        {organization.isCurrent ? (
          <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
            Current organization
          </span>
        ) : (
          <Button
            variant="secondary"
            label={switching ? 'Switching…' : 'Switch to this organization'}
            aria-label={`Switch to ${organization.organizationName}`}
            onClick={() => onSwitch(organization.organizationId)}
            disabled={switching}
          />
        )}
      </div>
      <h4 className="mt-4 text-sm font-semibold text-slate-700 dark:text-slate-300">Memberships</h4>
      {accesses.isPending ? (
        <Spinner label="Loading memberships" />
      ) : accesses.isError ? (
        <Alert>{accesses.error.message}</Alert>
      ) : accesses.data.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">No memberships yet.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {accesses.data.map((access) => (
            <li key={access.id}>
              <span className="font-medium">{access.roleLabel}</span> at {access.levelName}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
