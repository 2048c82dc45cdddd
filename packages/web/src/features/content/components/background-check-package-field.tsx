import { useId, useState } from 'react';
import { agencyDisplayName } from '@touchline/contracts/background-checks';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { useDefinitionClients, useDefinitionPackages } from '../api/get-background-check-packages.ts';
import { inputClass, labelClass } from './content-format.ts';
import { FieldError } from './field-error.tsx';

type Props = {
  /** The agency, or the agencies (JDP, NCSI, ScoutLogic on the TazWorks platform) whose clients may be chosen. */
  agencyId: string | readonly string[];
  /** The client the definition orders on today (its package list is shown first). */
  clientId?: string | null;
  packageId: string;
  error: string | undefined;
  /**
   * The chosen package, the organization's client at the agency it is ordered on (TazWorks orders need it), and the
   * package's searches as the vendor lists them (null: none listed).
   */
  onChoose: (
    packageId: string | null,
    packageName: string | null,
    clientId: string,
    searches: string[] | null,
  ) => void;
  /** The first option's words (what no choice means): "Choose a package" unless the type has a default. */
  emptyLabel?: string;
  /** The plain package id and name inputs, when the vendor's list cannot be read (no client added, no rights). */
  fallback: React.ReactNode;
  /** Which packages to list: ordered ones (`report`), or monitor packages candidates are enrolled in. */
  kind?: 'report' | 'monitor';
  label?: string;
};

/**
 * The package a background-check definition orders, chosen from the vendor's list for the organization's client
 * (GET {id}/background-check-products/{clientId} through the screening port; the sandbox's packages in a sandbox).
 */
export function BackgroundCheckPackageField({
  agencyId,
  clientId = null,
  packageId,
  error,
  onChoose,
  fallback,
  emptyLabel = 'Choose a package',
  kind = 'report',
  label = 'Package',
}: Props) {
  const id = useId();
  const profile = useActiveProfile();
  const organizationId = profile.data?.organizationId ?? null;
  const clients = useDefinitionClients(organizationId);
  const agencyIds: readonly string[] = typeof agencyId === 'string' ? [agencyId] : agencyId;
  const eligible = clients.data?.filter((c) => agencyIds.includes(c.agencyId)) ?? [];
  const [picked, setPicked] = useState<string | null>(clientId);
  const client = eligible.find((c) => c.id === picked) ?? eligible[0] ?? null;
  const products = useDefinitionPackages(organizationId, client?.id ?? null);
  if (clients.isLoading || products.isLoading)
    return <p className="text-sm">Loading the vendor’s packages…</p>;
  if (!client || !products.data)
    return (
      <div className="space-y-2">
        <p className="text-sm">
          {clients.error || products.error
            ? 'The vendor’s package list could not be read here; enter the package id the organization setup shows.'
            : 'Add this vendor’s client under Organization → Background checks to choose a package from its list.'}
        </p>
        {fallback}
      </div>
    );
  const listed = products.data.filter((p) => p.kind === kind);
  return (
    <div className="space-y-4">
      {eligible.length > 1 ? (
        <div>
          <label htmlFor={`${id}-client`} className={labelClass}>
            Agency and client account
          </label>
          <select
            id={`${id}-client`}
            className={inputClass}
            value={client.id}
            onChange={(e) => {
              setPicked(e.currentTarget.value);
              onChoose(null, null, e.currentTarget.value, null);
            }}
          >
            {eligible.map((c) => (
              <option key={`${c.agencyId}/${c.id}`} value={c.id}>
                {agencyDisplayName(c.agencyId)} — {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-package`} className={labelClass}>
          {label}
        </label>
        <select
          id={`${id}-package`}
          className={inputClass}
          value={packageId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-package-error` : undefined}
          onChange={(e) => {
            const chosen = listed.find((p) => p.id === e.currentTarget.value);
            onChoose(
              chosen?.id ?? null,
              chosen?.name ?? null,
              client.id,
              chosen && chosen.searches.length > 0 ? chosen.searches : null,
            );
          }}
        >
          <option value="">{emptyLabel}</option>
          {listed.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name} — {product.searches.join(', ')}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-package-error`} message={error} />
      </div>
    </div>
  );
}
