import { membersImportColumns, type MembersImportRow } from '@touchline/contracts/member-admin';

/** A spreadsheet runs a cell starting with = + - @ (or a tab or return) as a formula: such cells get an apostrophe. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The rows an import left out, as a CSV to fix and import again: the import's own columns (as the file spelled them),
 * then the file's line and the problems — importable as it is once fixed, since the two extra columns come last.
 */
export function failedRowsCsv(rows: readonly MembersImportRow[]): string {
  const header = [...membersImportColumns, 'line', 'problems'];
  const lines = rows.map((r) =>
    [
      r.firstName,
      r.lastName,
      r.email,
      r.roleText ?? r.roleLabel ?? '',
      r.levelText ?? r.levelName ?? '',
      r.externalId ?? '',
      r.dateOfBirth ?? '',
      String(r.rowNumber),
      r.errors.map((e) => `${e.column}: ${e.message}`).join('; '),
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines, ''].join('\r\n');
}

/** A data: link to download the left-out rows. */
export const failedRowsHref = (rows: readonly MembersImportRow[]) =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(failedRowsCsv(rows))}`;
