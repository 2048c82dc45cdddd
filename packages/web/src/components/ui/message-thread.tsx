/** One message of a thread: who wrote it (a kind of author), when, and what. */
export interface ThreadEntry<Author extends string> {
  from: Author;
  at: string;
  message: string;
}

/**
 * A thread of messages in the order they were written (a dispute of an adverse-action notice and its replies, on the
 * member's page and in the review queue alike): each author worded for the reader by `authorOf`, the time above each
 * message, which keeps its own line breaks and wraps long words on a phone.
 */
export function MessageThread<Author extends string>({
  entries,
  authorOf,
  label,
}: {
  entries: ThreadEntry<Author>[];
  authorOf: Record<Author, string>;
  label: string;
}) {
  if (entries.length === 0) return null;
  return (
    <ol className="space-y-2" aria-label={label}>
      {entries.map((entry) => (
        <li
          key={`${entry.at}-${entry.from}`}
          className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-700"
        >
          <p className="font-semibold">
            {authorOf[entry.from]} · {new Date(entry.at).toLocaleString()}
          </p>
          <p className="break-words whitespace-pre-wrap">{entry.message}</p>
        </li>
      ))}
    </ol>
  );
}
