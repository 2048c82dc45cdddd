import { useState } from 'react';
import { agencyDisplayName, yardstikAccountClientId } from '@touchline/contracts/background-checks';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { BackgroundCheckSettingsPanel } from './background-check-settings-panel.tsx';
import { YardstikOnboardingPanel } from './yardstik-onboarding-panel.tsx';
import {
  useAddClient,
  useBackgroundCheckClients,
  useAvailableClients,
  useBackgroundCheckAgencies,
  useProductPreview,
} from '../api/background-check-setup.ts';

/**
 * /organization/screening: the background-check agencies this deployment can order from and, for one, the
 * packages its account offers (the package id a background-check definition names). A sandbox is named as such.
 */
export function ScreeningPage({ organizationId }: { organizationId: string | null }) {
  const agencies = useBackgroundCheckAgencies();
  const [previewing, setPreviewing] = useState<{ agencyId: string; clientId: string } | null>(null);
  const preview = useProductPreview(previewing?.agencyId ?? null, previewing?.clientId ?? '');
  const [choosing, setChoosing] = useState<string | null>(null);
  const available = useAvailableClients(choosing);
  const add = useAddClient(organizationId);
  const [added, setAdded] = useState<string | null>(null);
  const clients = useBackgroundCheckClients(organizationId);
  const hasYardstik = agencies.data?.some((a) => a.vendorKind === 'Yardstik') ?? false;

  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4">
      <h1 className="text-2xl font-semibold">Background checks</h1>
      {agencies.isPending ? <Spinner label="Loading…" /> : null}
      <Alert>{agencies.error ? agencies.error.message : null}</Alert>
      {agencies.data ? (
        <ul className="space-y-3">
          {agencies.data.map((agency) => (
            <li key={agency.id} className="rounded-md border border-slate-300 p-4 dark:border-slate-700">
              <p className="font-medium">
                {agency.name}
                {agency.sandbox ? ' — sandbox (Touchline’s stand-in, not the vendor)' : ''}
              </p>
              {agency.vendorKind === 'Generic' ? (
                <p className="text-sm">
                  Members upload the report your own vendor gives them; a reviewer checks it.
                </p>
              ) : (
                <div className="flex flex-wrap gap-2">
                  {agency.vendorKind === 'Yardstik' ? (
                    <Button
                      label="Preview products"
                      variant="secondary"
                      onClick={() =>
                        setPreviewing({ agencyId: agency.id, clientId: yardstikAccountClientId })
                      }
                    />
                  ) : null}
                  <Button label="Add a client" variant="secondary" onClick={() => setChoosing(agency.id)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="added-clients" className="space-y-2">
        <h2 id="added-clients" className="text-lg font-semibold">
          Your clients
        </h2>
        <Alert>{clients.error ? clients.error.message : null}</Alert>
        {clients.data?.length === 0 ? (
          <p className="text-sm">
            No client added yet: add one below to choose its packages for background checks.
          </p>
        ) : null}
        <ul className="space-y-1">
          {clients.data?.map((client) => (
            <li key={`${client.agencyId}/${client.id}`} className="text-sm">
              {client.name}{' '}
              <span className="text-slate-600 dark:text-slate-400">
                ({agencyDisplayName(client.agencyId)})
              </span>
            </li>
          ))}
        </ul>
      </section>
      {hasYardstik ? <YardstikOnboardingPanel organizationId={organizationId} /> : null}
      <BackgroundCheckSettingsPanel organizationId={organizationId} />
      {choosing ? (
        <section aria-label="Clients" className="space-y-2">
          {available.isPending ? <Spinner label="Loading clients…" /> : null}
          <Alert>{available.error ? available.error.message : add.error ? add.error.message : null}</Alert>
          <Alert tone="success">{added}</Alert>
          {available.data?.map((client) => (
            <div key={client.id} className="flex flex-wrap items-center gap-3">
              <span>{client.name}</span>
              <Button
                variant="secondary"
                label={`Preview ${client.name}’s products`}
                onClick={() => setPreviewing({ agencyId: client.agencyId, clientId: client.id })}
              />
              {clients.data?.some((c) => c.agencyId === client.agencyId && c.id === client.id) ? (
                <span className="text-sm">Added</span>
              ) : (
                <Button
                  label={add.isPending ? 'Adding…' : `Add ${client.name}`}
                  disabled={add.isPending || organizationId === null}
                  onClick={() =>
                    add.mutate(
                      { agencyId: client.agencyId, clientId: client.id },
                      { onSuccess: (c) => setAdded(`${c.name} added.`) },
                    )
                  }
                />
              )}
            </div>
          ))}
        </section>
      ) : null}
      {previewing ? (
        <section aria-labelledby="products-heading" className="space-y-2">
          <h2 id="products-heading" className="text-lg font-semibold">
            Products
          </h2>
          {preview.isPending ? <Spinner label="Loading products…" /> : null}
          <Alert>{preview.error ? preview.error.message : null}</Alert>
          {preview.data ? (
            <ul className="space-y-2">
              {preview.data.map((product) => (
                <li key={product.id} className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-900">
                  <p className="font-medium">{product.name}</p>
                  <p>Package id: {product.id}</p>
                  <p>{product.searches.join(', ')}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
