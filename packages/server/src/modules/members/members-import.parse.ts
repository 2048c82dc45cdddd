import { CsvError, parse, type Info } from 'csv-parse/sync';
import {
  membersImportColumns,
  membersImportIgnoredColumns,
  membersImportMaxRows,
  membersImportRequiredColumns,
  type MembersImportColumn,
} from '@touchline/contracts/member-admin';
import { invalid } from '../../errors.ts';

/** One row of an import file as written: its line in the file and its values by column (empty when absent). */
export type CsvMemberRow = {
  rowNumber: number;
  values: Record<MembersImportColumn, string>;
  /** Values beyond the header's columns: a sign the row is shifted. */
  extraValues: boolean;
};

const byLowerName = new Map(membersImportColumns.map((c) => [c.toLowerCase(), c]));
const ignored = new Set<string>(membersImportIgnoredColumns);

/** A problem with the file as a whole (not one row): the import cannot even be previewed. */
const fileError = (message: string) => invalid([{ field: 'csv', in: 'body', message }], message);

/** Reads the header row into our column names: unknown, repeated or missing columns make the file unusable. */
function readHeader(header: readonly string[]): (MembersImportColumn | null)[] {
  const columns = header.map((name) => {
    const column = byLowerName.get(name.trim().toLowerCase());
    if (!column && ignored.has(name.trim().toLowerCase())) return null;
    if (!column) {
      throw fileError(
        `Unknown column "${name.trim()}". The columns are ${membersImportColumns.join(', ')} (in whatever order and case).`,
      );
    }
    return column;
  });
  const repeated = columns.find((c, i) => c !== null && columns.indexOf(c) !== i);
  if (repeated) throw fileError(`The column ${repeated} appears twice`);
  const missing = membersImportRequiredColumns.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw fileError(`The file needs the columns ${missing.join(', ')}`);
  return columns;
}

/**
 * Parses an import file (header row, then one member a line; UTF-8 with or without BOM, comma separated, quotes as
 * RFC 4180). Whole-file problems (not CSV, bad header, no rows, too many rows) are a 400 before a single row is looked at.
 */
export function parseMembersCsv(csv: string): CsvMemberRow[] {
  let records: { info: Info; record: string[] }[];
  try {
    // With `info`, csv-parse returns each record beside its position; its typings only know the plain arrays.
    records = parse(csv, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { info: Info; record: string[] }[];
  } catch (err) {
    if (err instanceof CsvError) throw fileError(`The file is not valid CSV: ${err.message}`);
    throw err;
  }
  const [header, ...rows] = records;
  if (!header) throw fileError('The file is empty');
  const columns = readHeader(header.record);
  if (rows.length === 0) throw fileError('The file has no members below its header row');
  if (rows.length > membersImportMaxRows) {
    throw fileError(
      `The file has ${rows.length} members; import at most ${membersImportMaxRows} at a time (split the file)`,
    );
  }
  return rows.map(({ info, record }) => {
    const values = Object.fromEntries(membersImportColumns.map((c) => [c, ''])) as Record<
      MembersImportColumn,
      string
    >;
    columns.forEach((column, i) => {
      if (column) values[column] = record[i] ?? '';
    });
    return { rowNumber: info.lines, values, extraValues: record.length > columns.length };
  });
}
