import { useState } from 'react';
import type { BackgroundCheckClientGrant } from '@touchline/contracts/background-checks';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useClientGrantAction, useClientGrants } from '../api/client-grants.ts';
import { useOrganizations } from '../api/get-organizations.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { cellClass, formatWhen, headCellClass, inputClass, tableClass } from './format.ts';

/**
 * /admin/background-check-clients: the screening agency's client accounts and the one organization each is granted
 * to (issue 34's API); grant an ungranted client to an organization found by name, or withdraw a grant.
 */
export function ClientGrantsPage() {
  useDocumentTitle('Background-check clients · Administration');
  const grants = useClientGrants();
  const action = useClientGrantAction();
  const [granting, setGranting] = useState<BackgroundCheckClientGrant | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const run = async (input: Parameters<typeof action.mutateAsync>[0], done: string) => {
    try {
      await action.mutateAsync(input);
      setMessage({ tone: 'success', text: done });
      setGranting(null);
    } catch (failure) {
      setMessage({ tone: 'error', text: failure instanceof Error ? failure.message : 'That did not work.' });
    }
  };

  return (
    <section aria-labelledby="admin-grants" className="space-y-4">
      <h1 id="admin-grants" className="text-2xl font-bold tracking-tight">
        Background-check clients
      </h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Each client account of the screening agency belongs to exactly one organization, which then orders on
        it.
      </p>
      {grants.isError ? <Alert>{grants.error.message}</Alert> : null}
      {message ? (
        <div role="status">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={headCellClass}>Client</th>
              <th className={headCellClass}>Agency</th>
              <th className={headCellClass}>Organization</th>
              <th className={headCellClass}>Granted</th>
              <th className={headCellClass}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(grants.data ?? []).map((g) => (
              <tr key={`${g.agencyId}/${g.clientId}`}>
                <td className={cellClass}>
                  {g.name} <span className="font-mono text-xs">({g.clientId})</span>
                </td>
                <td className={cellClass}>{g.agencyId}</td>
                <td className={cellClass}>{g.organizationName ?? 'Not granted'}</td>
                <td className={cellClass}>{formatWhen(g.grantedAt)}</td>
                <td className={cellClass}>
                  {g.organizationId ? (
                    <Button
                      variant="secondary"
                      tone="danger"
                      label="Withdraw"
                      aria-label={`Withdraw ${g.name} from ${g.organizationName ?? ''}`}
                      onClick={() => void run({ withdraw: g }, `${g.name} was withdrawn.`)}
                    />
                  ) : (
                    <Button
                      variant="secondary"
                      label="Grant"
                      aria-label={`Grant ${g.name}`}
                      onClick={() => setGranting(g)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {granting ? (
        <GrantForm
          client={granting}
          onCancel={() => setGranting(null)}
          onGrant={(organizationId, organizationName) =>
            void run(
              { grant: { agencyId: granting.agencyId, clientId: granting.clientId, organizationId } },
              `${granting.name} now belongs to ${organizationName}.`,
            )
          }
        />
      ) : null}
    </section>
  );
}

function GrantForm({
  client,
  onCancel,
  onGrant,
}: {
  client: BackgroundCheckClientGrant;
  onCancel: () => void;
  onGrant: (organizationId: string, name: string) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const organizations = useOrganizations({
    page: 1,
    perPage: 10,
    ...(debounced ? { search: debounced } : {}),
  });
  return (
    <div className="rounded-lg border border-slate-300 p-4 dark:border-slate-700">
      <h2 className="font-semibold">Grant {client.name} to an organization</h2>
      <label className="mt-2 block max-w-md text-sm font-medium">
        Organization name
        <input
          type="search"
          className={inputClass}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <ul className="mt-3 space-y-2">
        {(organizations.data?.items ?? []).map((o) => (
          <li key={o.id} className="flex items-center justify-between gap-3">
            <span>{o.name}</span>
            <Button
              variant="secondary"
              label="Grant here"
              aria-label={`Grant to ${o.name}`}
              onClick={() => onGrant(o.id, o.name)}
            />
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <Button variant="tertiary" label="Cancel" onClick={onCancel} />
      </div>
    </div>
  );
}
