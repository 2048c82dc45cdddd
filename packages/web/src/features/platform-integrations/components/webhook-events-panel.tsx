import { useState } from 'react';
import { webhookEventStates, type WebhookEvent } from '@touchline/contracts/integrations';
import type { IntegrationProvider } from '@touchline/contracts/platform-integrations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useWebhookEvents } from '../api/get-webhook-events.ts';
import { formatTime } from './format-time.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { providerName } from './provider-name.ts';
import { WebhookBody } from './webhook-body.tsx';

const perPage = 25;

const stateLabels: Record<WebhookEvent['state'], string> = {
  received: 'Waiting',
  processed: 'Processed',
  ignored: 'Ignored',
  failed: 'Failed',
};

const stateTones: Record<WebhookEvent['state'], string> = {
  received: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  processed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  ignored: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

function EventCard({ event, providers }: { event: WebhookEvent; providers: readonly IntegrationProvider[] }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{providerName(event.provider, providers)}</h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateTones[event.state]}`}>
          {stateLabels[event.state]}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Event id</dt>
        <dd className="font-mono break-all">{event.eventId}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Type</dt>
        <dd>{event.objectType}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Received</dt>
        <dd>{formatTime(event.receivedAt)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Processed</dt>
        <dd>{event.processedAt ? formatTime(event.processedAt) : `not yet (${event.attempts} attempts)`}</dd>
        {event.lastError ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">Error</dt>
            <dd className="break-words text-red-800 dark:text-red-300">{event.lastError}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-2">
        <WebhookBody id={event.id} />
      </div>
    </li>
  );
}

/** The webhook log: every delivery received, newest first, filtered by provider and state, paged. */
export function WebhookEventsPanel({ providers }: { providers: readonly IntegrationProvider[] }) {
  const [provider, setProvider] = useState('');
  const [state, setState] = useState<WebhookEvent['state'] | ''>('');
  const [page, setPage] = useState(1);
  const events = useWebhookEvents({ provider, state: state || undefined, page, perPage });
  const filtered = provider !== '' || state !== '';

  let body;
  if (events.isPending) body = <Spinner label="Loading webhook events…" />;
  else if (events.isError)
    body = (
      <div className="space-y-2">
        <Alert>{`The webhook events could not be loaded: ${events.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void events.refetch()} />
      </div>
    );
  else if (events.data.items.length === 0)
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
        {filtered ? 'No webhook events match these filters.' : 'No webhooks have been received yet.'}
      </p>
    );
  else
    body = (
      <>
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {events.data.totalCount === 1 ? '1 event' : `${events.data.totalCount} events`}
        </p>
        <ul className="mt-2 space-y-3">
          {events.data.items.map((event) => (
            <EventCard key={event.id} event={event} providers={providers} />
          ))}
        </ul>
        <Pager
          page={page}
          perPage={perPage}
          totalCount={events.data.totalCount}
          loading={events.isPlaceholderData}
          onPage={setPage}
        />
      </>
    );

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          name="provider"
          label="Provider"
          value={provider}
          onValueChange={(value) => {
            setProvider(value);
            setPage(1);
          }}
          options={[
            { value: '', label: 'All providers' },
            ...providers.map((p) => ({ value: p.provider, label: providerName(p.provider, providers) })),
          ]}
        />
        <SelectField
          name="state"
          label="State"
          value={state}
          onValueChange={(value) => {
            setState(value as WebhookEvent['state'] | '');
            setPage(1);
          }}
          options={[
            { value: '', label: 'All states' },
            ...webhookEventStates.map((s) => ({ value: s, label: stateLabels[s] })),
          ]}
        />
      </div>
      {body}
    </div>
  );
}
