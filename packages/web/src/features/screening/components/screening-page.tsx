import { useState } from 'react';
import { yardstikAccountClientId } from '@touchline/contracts/background-checks';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  useAddClient,
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
  const [previewing, setPreviewing] = useState<string | null>(null);
  const preview = useProductPreview(previewing, yardstikAccountClientId);
  const [choosing, setChoosing] = useState<string | null>(null);
  const available = useAvailableClients(choosing);
  const add = useAddClient(organizationId);
  const [added, setAdded] = useState<string | null>(null);

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
                  <Button
                    label="Preview products"
                    variant="secondary"
                    onClick={() => setPreviewing(agency.id)}
                  />
                  <Button label="Add a client" variant="secondary" onClick={() => setChoosing(agency.id)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {choosing ? (
        <section aria-label="Clients" className="space-y-2">
          {available.isPending ? <Spinner label="Loading clients…" /> : null}
          <Alert>{available.error ? available.error.message : add.error ? add.error.message : null}</Alert>
          <Alert tone="success">{added}</Alert>
          {available.data?.map((client) => (
            <div key={client.id} className="flex flex-wrap items-center gap-3">
              <span>{client.name}</span>
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
            </div>
          ))}
        </section>
      ) : null}
      {previewing ? (
        <section aria-label="Products" className="space-y-2">
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
