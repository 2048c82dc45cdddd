import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { DashboardExportQuery } from '@touchline/contracts/dashboard';
import type { Deps, RequestContext } from '../../deps.ts';
import type { Database } from '../../db/client.ts';
import { rowsOf } from './dashboard.queries.ts';
import { loadDashboardScope } from './dashboard.service.ts';
import { exportColumnsStatement, exportRowsStatement, type DashboardScope } from './dashboard.sql.ts';

/**
 * Rows read per page of the download: each page is its own short statement, so memory stays flat however many
 * members there are, and on the embedded database (one connection) other requests run between pages.
 */
export const exportPageSize = 1000;

/** The fixed columns of the status download, before one column per requirement. */
export const fixedHeader = [
  'First name',
  'Last name',
  'Email',
  'Level',
  'Role',
  'Overall status',
  'Group membership',
  'Last activity',
];

/**
 * A spreadsheet opens a cell starting with = + - @ (or a tab or carriage return) as a formula: CSV cells from
 * members' own text get a leading apostrophe (OWASP "CSV injection").
 */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The download's rows in keyset pages (ADR 026): each page is one statement reading the rows after the previous
 * page's last row in the list's order (which ends on the access id, so rows never repeat), and nothing is held
 * between pages — not a transaction, not a connection — while the client reads. A member present for the whole
 * download appears exactly once; one added, archived or re-sorted meanwhile appears where the page reading its
 * place finds it.
 */
export async function* exportPages(
  db: Database,
  scope: DashboardScope,
  filter: Omit<DashboardExportQuery, 'format'>,
  columnIds: readonly string[],
  pageSize = exportPageSize,
) {
  let after: string[] | undefined;
  for (;;) {
    const rows = await rowsOf<{ cells: string[]; sort_keys: string[] }>(
      db,
      exportRowsStatement(scope, filter, columnIds, { ...(after ? { after } : {}), limit: pageSize }),
    );
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.sort_keys;
  }
}

/** A sink for lines: CSV (escaped) or XLSX (typed string cells, which a spreadsheet never evaluates). */
function lineSink(format: DashboardExportQuery['format'], out: PassThrough) {
  if (format === 'csv') {
    const csv = stringify();
    csv.pipe(out);
    return {
      write: async (line: string[]) => {
        if (!csv.write(line.map(escapeFormula))) await once(csv, 'drain');
      },
      end: async () => {
        csv.end();
      },
    };
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Status');
  return {
    write: async (line: string[]) => {
      sheet.addRow(line).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/**
 * The status download (issue 7): every member of the filtered list, in its order, one line each with a column per
 * requirement, read in keyset pages so memory does not grow with the list and the database is free between pages.
 * Authorization happens before the first byte, so refusals are plain 404/403 answers.
 */
export async function streamStatusDownload(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  {
    levelId,
    pageSize = exportPageSize,
    ...query
  }: DashboardExportQuery & { levelId: string; pageSize?: number },
): Promise<{ stream: Readable; levelName: string }> {
  const db = deps.db;
  const { level, scope } = await loadDashboardScope(db, ctx, levelId);
  const { format, ...filter } = query;
  const columns = await rowsOf<{ id: string; name: string }>(
    db,
    exportColumnsStatement(scope.organizationId),
  );
  const out = new PassThrough();
  const sink = lineSink(format, out);
  const run = async () => {
    await sink.write([...fixedHeader, ...columns.map((c) => c.name)]);
    const ids = columns.map((c) => c.id);
    for await (const rows of exportPages(db, scope, filter, ids, pageSize)) {
      for (const row of rows) await sink.write(row.cells);
      // Back to the event loop between pages: the embedded database answers without any I/O, and writes that do not
      // fill the socket's buffer resolve at once, so without this a fast client's download ran as one chain of
      // promise callbacks and a request arriving meanwhile waited for its end.
      await setImmediate();
    }
  };
  run().then(
    () => sink.end(),
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { stream: out, levelName: level.name };
}

/** The download's file name: the level and the day, as plain ASCII and as RFC 5987 UTF-8. */
export function downloadFileName(levelName: string, format: DashboardExportQuery['format'], now: Date) {
  const name = `${levelName} status ${now.toISOString().slice(0, 10)}.${format}`;
  return {
    ascii: name.replace(/[^\x20-\x7e]|["\\]/g, '_'),
    encoded: encodeURIComponent(name).replace(
      /['()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    ),
  };
}
