import { useId, useState } from 'react';
import type { PartnerConnection } from '@touchline/contracts/partners';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { inputClass, labelClass, ProgramMappings } from './program-mappings.tsx';
import {
  useConnectPartner,
  useAmiliaSandboxOrganization,
  useLeagueAppsSandboxSite,
  usePartnerConnections,
  useRemovePartner,
  useSyncPartner,
} from '../api/partners.ts';

type ProviderChoice = 'LeagueApps' | 'Amilia' | 'Test';
const providerChoices: ProviderChoice[] = ['LeagueApps', 'Amilia', 'Test'];
/**
 * /account/integrations: the organization's league partners (issue 31) — connect LeagueApps (site id and Private API
 * key) or the Test partner, see each one's sync state, map its programs to levels and roles, sync now, remove.
 */
export function PartnersPage({ organizationId }: { organizationId: string | null }) {
  const connections = usePartnerConnections(organizationId);
  const [mapping, setMapping] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4">
      <h1 className="text-2xl font-semibold">Integrations</h1>
      <p className="text-sm">
        Connect the league-management system your players register in; paid and placed registrations become
        invitations at the level and role you map each program to.
      </p>
      {connections.isPending && organizationId ? <Spinner label="Loading…" /> : null}
      <Alert>{connections.error ? connections.error.message : null}</Alert>
      <ul className="space-y-3">
        {connections.data?.map((c) => (
          <ConnectionCard
            key={c.id}
            organizationId={organizationId}
            connection={c}
            mapping={mapping === c.id}
            onMap={() => setMapping(mapping === c.id ? null : c.id)}
          />
        ))}
      </ul>
      <ConnectForm organizationId={organizationId} connected={connections.data ?? []} />
    </div>
  );
}

function ConnectionCard({
  organizationId,
  connection: c,
  mapping,
  onMap,
}: {
  organizationId: string | null;
  connection: PartnerConnection;
  mapping: boolean;
  onMap: () => void;
}) {
  const sync = useSyncPartner(organizationId);
  const remove = useRemovePartner(organizationId);
  return (
    <li className="space-y-2 rounded-md border border-slate-300 p-4 dark:border-slate-700">
      <div className="flex items-center gap-3">
        <img src={c.logo} alt="" width={32} height={32} />
        <p className="font-medium">
          {c.name}
          {c.sandbox ? ' — sandbox (Touchline’s stand-in, not the partner)' : ''}
        </p>
      </div>
      <p className="text-sm">Connected as {c.connectedAs}</p>
      <p className="text-sm" data-testid="partner-sync-state">
        {c.state === 'failing'
          ? `Sync failing: ${c.sync.lastError ?? 'unknown error'}`
          : c.sync.lastRunAt
            ? `Sync working · last run ${new Date(c.sync.lastRunAt).toLocaleString()}`
            : 'Waiting for the first sync'}
        {' · '}
        {`${c.sync.registrations} registrations: ${c.sync.invited} invited, ${c.sync.unmapped} waiting for a mapping, ${c.sync.withdrawn} withdrawn`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button label="Map programs" variant="secondary" onClick={onMap} />
        <Button label="Sync now" variant="secondary" onClick={() => sync.mutate(c.id)} />
        <Button label={`Remove ${c.name}`} variant="secondary" onClick={() => remove.mutate(c.id)} />
      </div>
      {sync.isSuccess ? <Alert tone="success">The sync is queued.</Alert> : null}
      <Alert>{sync.error?.message ?? remove.error?.message ?? null}</Alert>
      {mapping ? <ProgramMappings organizationId={organizationId} connectionId={c.id} /> : null}
    </li>
  );
}

function ConnectForm({
  organizationId,
  connected,
}: {
  organizationId: string | null;
  connected: PartnerConnection[];
}) {
  const id = useId();
  const connect = useConnectPartner(organizationId);
  const sandboxSite = useLeagueAppsSandboxSite(organizationId);
  const [chosen, setType] = useState<ProviderChoice>('LeagueApps');
  const [siteId, setSiteId] = useState('');
  const [clientId, setClientId] = useState('');
  const [privateKeyPem, setPrivateKeyPem] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const taken = new Set(connected.map((c) => c.providerType));
  // A partner already connected is not offered again: the form moves to one left, and goes when none is.
  const type = taken.has(chosen) ? providerChoices.find((p) => !taken.has(p)) : chosen;
  const amiliaSandbox = useAmiliaSandboxOrganization(organizationId, type === 'Amilia');
  if (!type) return null;
  const webhookUrl = `${window.location.origin}/api/webhooks/amilia/${organizationId ?? ''}`;
  return (
    <form
      className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        connect.mutate(
          type === 'LeagueApps'
            ? { providerType: type, siteId, clientId, privateKeyPem }
            : type === 'Amilia'
              ? { providerType: type, siteId, apiKey, apiSecret, webhookSecret }
              : { providerType: type, siteId },
          {
            onSuccess: () => {
              setSiteId('');
              setClientId('');
              setPrivateKeyPem('');
              setApiKey('');
              setApiSecret('');
              setWebhookSecret('');
            },
          },
        );
      }}
    >
      {connect.data ? (
        <Alert tone="success">{`${connect.data.name} connected as ${connect.data.connectedAs}`}</Alert>
      ) : null}
      <h2 className="text-lg font-semibold">Connect a partner</h2>
      <label htmlFor={`${id}-type`} className={labelClass}>
        Partner
      </label>
      <select
        id={`${id}-type`}
        className={inputClass}
        value={type}
        onChange={(e) => setType(e.currentTarget.value as ProviderChoice)}
      >
        <option value="LeagueApps" disabled={taken.has('LeagueApps')}>
          LeagueApps
        </option>
        <option value="Amilia" disabled={taken.has('Amilia')}>
          Amilia
        </option>
        <option value="Test" disabled={taken.has('Test')}>
          Test partner (Touchline’s own, for demos and trials)
        </option>
      </select>
      <label htmlFor={`${id}-site`} className={labelClass}>
        {type === 'LeagueApps'
          ? 'LeagueApps site id'
          : type === 'Amilia'
            ? 'Amilia organization identifier'
            : 'Name of the test site'}
      </label>
      <input
        id={`${id}-site`}
        className={inputClass}
        value={siteId}
        onChange={(e) => setSiteId(e.currentTarget.value)}
      />
      {type === 'LeagueApps' ? (
        <>
          <label htmlFor={`${id}-client`} className={labelClass}>
            Private API key (client id)
          </label>
          <input
            id={`${id}-client`}
            className={inputClass}
            value={clientId}
            onChange={(e) => setClientId(e.currentTarget.value)}
          />
          <label htmlFor={`${id}-key`} className={labelClass}>
            Private key (PEM, from the .p12 LeagueApps gave you)
          </label>
          <textarea
            id={`${id}-key`}
            className={inputClass}
            rows={4}
            value={privateKeyPem}
            onChange={(e) => setPrivateKeyPem(e.currentTarget.value)}
          />
          {sandboxSite.data ? (
            <Button
              label="Use the LeagueApps sandbox site"
              variant="secondary"
              onClick={() => {
                setSiteId(sandboxSite.data!.siteId);
                setClientId(sandboxSite.data!.clientId);
                setPrivateKeyPem(sandboxSite.data!.privateKeyPem);
              }}
            />
          ) : null}
        </>
      ) : null}
      {type === 'Amilia' ? (
        <>
          <label htmlFor={`${id}-api-key`} className={labelClass}>
            API key (Account → API Tokens)
          </label>
          <input
            id={`${id}-api-key`}
            className={inputClass}
            value={apiKey}
            onChange={(e) => setApiKey(e.currentTarget.value)}
          />
          <label htmlFor={`${id}-api-secret`} className={labelClass}>
            API secret
          </label>
          <input
            id={`${id}-api-secret`}
            type="password"
            className={inputClass}
            value={apiSecret}
            onChange={(e) => setApiSecret(e.currentTarget.value)}
          />
          <p className="text-sm">
            Subscribe this address to Amilia’s registration webhooks:{' '}
            <code className="break-all">{webhookUrl}</code>
          </p>
          <label htmlFor={`${id}-webhook-secret`} className={labelClass}>
            Webhook signing secret
          </label>
          <input
            id={`${id}-webhook-secret`}
            type="password"
            className={inputClass}
            value={webhookSecret}
            onChange={(e) => setWebhookSecret(e.currentTarget.value)}
          />
          {amiliaSandbox.data ? (
            <Button
              label="Use the Amilia sandbox organization"
              variant="secondary"
              onClick={() => {
                setSiteId(amiliaSandbox.data!.siteId);
                setApiKey(amiliaSandbox.data!.apiKey);
                setApiSecret(amiliaSandbox.data!.apiSecret);
                setWebhookSecret(amiliaSandbox.data!.webhookSecret);
              }}
            />
          ) : null}
        </>
      ) : null}
      <Alert>{connect.error ? connect.error.message : null}</Alert>
      <Button type="submit" label={connect.isPending ? 'Testing the connection…' : 'Connect and test'} />
    </form>
  );
}
