import type { MembersImportRow } from '@touchline/contracts/member-admin';

const cell = 'px-3 py-2 align-top';

/** The rows of an import preview: what each becomes (name, address, role, level) and, in red, what is wrong with it. */
export function ImportPreviewTable({ rows }: { rows: readonly MembersImportRow[] }) {
  return (
    // A scrolling region reachable by keyboard, so its rows can be scrolled without a mouse.
    <div
      role="region"
      aria-label="Import preview"
      tabIndex={0}
      className="relative max-h-[32rem] overflow-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-800">
        <caption className="sr-only">The rows of the file, as they would be imported</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              Line
            </th>
            <th scope="col" className={cell}>
              Name
            </th>
            <th scope="col" className={cell}>
              E-mail
            </th>
            <th scope="col" className={cell}>
              Role
            </th>
            <th scope="col" className={cell}>
              Level
            </th>
            <th scope="col" className={cell}>
              Problems
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((row) => {
            const bad = row.errors.length > 0;
            return (
              <tr key={row.rowNumber} className={bad ? 'bg-red-50 dark:bg-red-950' : undefined}>
                <td className={cell}>{row.rowNumber}</td>
                <th scope="row" className={`${cell} font-medium`}>
                  {`${row.firstName} ${row.lastName}`.trim() || '—'}
                </th>
                <td className={`${cell} break-all`}>{row.email || '—'}</td>
                <td className={cell}>{row.roleLabel ?? '—'}</td>
                <td className={cell}>{row.levelName ?? '—'}</td>
                <td className={cell}>
                  {bad ? (
                    <ul className="space-y-1 font-medium text-red-800 dark:text-red-300">
                      {row.errors.map((error) => (
                        <li key={`${error.column}:${error.message}`}>
                          <span className="sr-only">{error.column}: </span>
                          {error.message}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-emerald-800 dark:text-emerald-300">Ready</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
