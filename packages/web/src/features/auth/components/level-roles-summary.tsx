import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLevelRoles } from '../api/get-level-roles.ts';

/** Where the signed-in user holds a role: the levels and role labels of the current profile. */
export function LevelRolesSummary({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useLevelRoles(userId);
  return (
    <section
      aria-labelledby="level-roles-heading"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id="level-roles-heading" className="text-lg font-semibold">
        Your roles
      </h2>
      {isPending ? (
        <Spinner label="Loading your roles" />
      ) : isError ? (
        <Alert>{error.message}</Alert>
      ) : data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          You hold no role at any level yet. An administrator of your organization can invite you to one.
        </p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {data.map((role) => (
            <li key={role.profileLevelAccessId}>
              <span className="font-medium">{role.roleLabel}</span> at {role.levelName}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
