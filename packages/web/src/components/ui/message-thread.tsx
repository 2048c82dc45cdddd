/** One message of a thread: who wrote it (already worded for the reader), when, and what. */
export interface ThreadEntry {
  key: string;
  author: string;
  at: string;
  message: string;
}

/**
 * A thread of messages in the order they were written (a dispute of an adverse-action notice and its replies, on the
 * member's page and in the review queue alike): the author and time above each message, which keeps its own line
 * breaks and wraps long words on a phone.
 */
export function MessageThread({ entries, label }: { entries: ThreadEntry[]; label: string }) {
  if (entries.length === 0) return null;
  return (
    <ol className="space-y-2" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.key} className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-700">
          <p className="font-semibold">
            {entry.author} · {new Date(entry.at).toLocaleString()}
          </p>
          <p className="break-words whitespace-pre-wrap">{entry.message}</p>
        </li>
      ))}
    </ol>
  );
}
