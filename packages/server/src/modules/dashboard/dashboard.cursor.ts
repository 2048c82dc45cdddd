import type { DashboardFilter } from '@touchline/contracts/dashboard';
import { invalid } from '../../errors.ts';
import { sortKeyTypes, uuidText, type SortKeyType } from './dashboard-order.sql.ts';

// Page cursors (ADR 017): the sort keys of the row a page ends or starts on, with the order they belong to, as
// base64url JSON. The next page is the rows after the last row's keys and the previous page the rows before the
// first row's: exact at any depth, and as cheap as the first page, where an offset would walk every row before it.

/** The sort keys of one row, as text (NULL only for an e-mail or a last activity the member lacks). */
export type CursorKeys = (string | null)[];

/** A decoded cursor: where to read from, and which way. */
export type PageCursor = { keys: CursorKeys; reverse: boolean };

/** The cursor of a row in the filter's order. */
export function encodeCursor(filter: Pick<DashboardFilter, 'sortCol' | 'sortDir'>, keys: CursorKeys): string {
  return Buffer.from(JSON.stringify({ s: filter.sortCol, d: filter.sortDir, k: keys })).toString('base64url');
}

export const cursorBothMessage = 'Give after or before, not both';
export const cursorInvalidMessage = 'This cursor is not one this list gave';
export const cursorOtherOrderMessage = 'This cursor belongs to another sort order';

const keyPattern: Record<SortKeyType, RegExp> = {
  text: /^[^\0]*$/,
  smallint: /^-?\d{1,5}$/,
  uuid: uuidText,
  // PostgreSQL's text of a timestamptz, e.g. 2026-11-25 08:30:00.123456+00
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/,
};

/** Decodes `after`/`before` for the filter's order, or answers 400 naming the field. */
export function readCursor(
  filter: Pick<DashboardFilter, 'sortCol' | 'sortDir'>,
  after: string | undefined,
  before: string | undefined,
): PageCursor | undefined {
  if (after !== undefined && before !== undefined)
    throw invalid([{ field: 'before', in: 'query', message: cursorBothMessage }]);
  const text = after ?? before;
  if (text === undefined) return undefined;
  const field = after !== undefined ? 'after' : 'before';
  const fail = (message: string) => invalid([{ field, in: 'query', message }]);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw fail(cursorInvalidMessage);
  }
  const { s, d, k } = (decoded ?? {}) as { s?: unknown; d?: unknown; k?: unknown };
  const { types, nullableLead } = sortKeyTypes(filter.sortCol);
  if (!Array.isArray(k) || k.length !== types.length) throw fail(cursorInvalidMessage);
  const wellFormed = k.every((v: unknown, i) =>
    v === null ? i === 0 && nullableLead : typeof v === 'string' && keyPattern[types[i]!].test(v),
  );
  if (!wellFormed) throw fail(cursorInvalidMessage);
  if (s !== filter.sortCol || d !== filter.sortDir) throw fail(cursorOtherOrderMessage);
  return { keys: k as CursorKeys, reverse: before !== undefined };
}
