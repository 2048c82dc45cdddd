import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorCode } from '@touchline/contracts/errors';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useManagedLabels } from '../api/get-managed-labels.ts';
import { AddRoleForm } from './add-role-form.tsx';
import { RoleList, rolesHeadingId } from './role-list.tsx';

/**
 * /organization/roles: the organization's role labels ("renamable role labels, one default") for the
 * administrators at its top level: add, rename, set the default, change the organization role, delete, reorder.
 */
export function RolesPage() {
  useDocumentTitle('Roles');
  const labels = useManagedLabels();
  const [notice, setNotice] = useState<string | null>(null);
  const refused = labels.error instanceof ApiError && labels.error.code === ErrorCode.Forbidden;

  let body;
  if (labels.isPending) body = <Spinner label="Loading the roles…" />;
  else if (refused) body = <Alert tone="info">{labels.error?.message}</Alert>;
  else if (labels.isError)
    body = (
      <div className="space-y-3">
        <Alert>{`The roles could not be loaded: ${labels.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void labels.refetch()} />
      </div>
    );
  else
    body = (
      <>
        <AddRoleForm onAdded={(name) => setNotice(`${name} is added.`)} />
        <section aria-labelledby={rolesHeadingId} className="space-y-3">
          <h2 id={rolesHeadingId} tabIndex={-1} className="text-xl font-semibold outline-none">
            Roles of the organization
          </h2>
          <Alert tone="success">{notice}</Alert>
          {labels.data.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">No roles yet: add the first one above.</p>
          ) : (
            <RoleList labels={labels.data} onNotice={setNotice} />
          )}
        </section>
      </>
    );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/organization/settings" className={textLinkClass}>
        Organization settings
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">Roles</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Every member holds one role at each level they belong to. A role can also give an organization role
        (Manager, Director, Account Manager or Admin) at that level and below. Invited and imported members
        get the default role, which gives no organization role.
      </p>
      {body}
    </div>
  );
}
