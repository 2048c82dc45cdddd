import { useState } from 'react';
import { Disclosure } from '../../../components/ui/disclosure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useWebhookEventBody } from '../api/get-webhook-event-body.ts';

/** Pretty-prints a JSON body; anything else is shown exactly as received. */
function readable(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw) as unknown, null, 2);
  } catch {
    return raw;
  }
}

/** A webhook's raw body behind a disclosure: fetched (and audited) only when someone opens it. */
export function WebhookBody({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const body = useWebhookEventBody(id, open);
  return (
    <Disclosure title="Raw body" onExpandedChange={setOpen}>
      {body.isPending ? (
        <Spinner label="Loading the body…" />
      ) : body.isError ? (
        <p className="text-sm text-red-800 dark:text-red-300">{`The body could not be loaded: ${body.error.message}`}</p>
      ) : (
        <pre
          tabIndex={0}
          aria-label="Raw body"
          className="max-h-80 overflow-auto rounded-md bg-slate-100 p-3 text-xs break-all whitespace-pre-wrap dark:bg-slate-800"
        >
          {readable(body.data)}
        </pre>
      )}
    </Disclosure>
  );
}
