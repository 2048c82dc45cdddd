import { z } from 'zod';
import { ErrorCode, type ValidationError } from './errors.ts';

/** Said of a NUL byte anywhere in a request: PostgreSQL cannot store one, and no field of ours expects it. */
export const nulCharacterMessage = 'Remove the NUL character (\\u0000): no field accepts it';
/** Said of a lone UTF-16 surrogate (\ud800 in JSON): valid JSON, not valid Unicode, and PostgreSQL refuses it. */
export const loneSurrogateMessage =
  'Remove the unpaired surrogate (\\ud800–\\udfff): it is not a valid Unicode character';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: code units). */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isWellFormed = (text: string) => !loneSurrogate.test(text);
/** Which of the characters no field accepts a string holds, as its message; null when it holds none. */
function refusedCharacterMessage(text: string): string | null {
  if (text.includes('\u0000')) return nulCharacterMessage;
  if (!isWellFormed(text)) return loneSurrogateMessage;
  return null;
}
const hasRefusedCharacter = (text: string) => refusedCharacterMessage(text) !== null;
/** Said of a control character (tab, line break, escape…) in a one-line human text such as a name. */
export const controlCharacterMessage =
  'Remove the control characters (line breaks, tabs, NUL…) from this text';
/** Said of a control character other than tab and line breaks in a multi-line human text. */
export const multiLineControlMessage = 'Remove the control characters (NUL, escape…) from this text';

/** Every Unicode control character (C0, DEL, C1). */
const anyControl = /^[^\p{Cc}]*$/u;
/** Controls except tab, line feed and carriage return, which multi-line text keeps. */
const hasControlBesidesLineBreaks = (value: string) => /\p{Cc}/u.test(value.replace(/[\t\n\r]/g, ''));

/**
 * A one-line human text (a name, a search, a label): trimmed first, then refused with a field error when a
 * control character is left, because names are shown, sorted, exported to CSV and stored where NUL is illegal.
 */
export const singleLineText = (params?: { message: string }) =>
  z.string(params).trim().regex(anyControl, controlCharacterMessage);

/** A multi-line human text (waiver text, review notes): tab and line breaks allowed, other controls refused. */
export const multiLineText = (params?: { message: string }) =>
  z
    .string(params)
    .trim()
    .refine((value) => !hasControlBesidesLineBreaks(value), multiLineControlMessage);

const maxDepth = 64;
/** Said of JSON nested deeper than any request of ours, so the walk stays bounded. */
export const tooDeepMessage = `Nested more than ${maxDepth} levels deep`;
const maxFindings = 20;

/**
 * Where a decoded request part (params, query or a parsed body) holds a NUL character, in a string or an object
 * key, as field errors (and a value nested too deep to walk). The one check every route gets before its schema (ARCHITECTURE §3: bad input is a 400).
 */
export function nulCharacterErrors(
  value: unknown,
  part: NonNullable<ValidationError['in']>,
): ValidationError[] {
  const errors: ValidationError[] = [];
  const visit = (node: unknown, path: string[], depth: number) => {
    if (errors.length >= maxFindings) return;
    if (depth > maxDepth) {
      errors.push({ field: path.slice(0, 3).join('.') || part, in: part, message: tooDeepMessage });
      return;
    }
    if (typeof node === 'string') {
      const message = refusedCharacterMessage(node);
      if (message) errors.push({ field: path.join('.') || part, in: part, message });
      return;
    }
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) return;
    const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
    for (const [key, child] of entries) {
      const name = String(key);
      const message = refusedCharacterMessage(name);
      if (message) {
        errors.push({
          field: [
            ...path,
            name.replaceAll('\u0000', '\\u0000').replace(new RegExp(loneSurrogate.source, 'g'), '\ufffd'),
          ].join('.'),
          in: part,
          message,
        });
        continue;
      }
      visit(child, [...path, name], depth + 1);
    }
  };
  visit(value, [], 0);
  return errors;
}

/** A request refused for its characters before any schema ran: a 400 with field errors, in either service. */
export class RequestCharactersError extends Error {
  readonly statusCode = 400;
  readonly code = ErrorCode.ValidationFailed;
  constructor(readonly validationErrors: ValidationError[]) {
    super(validationErrors[0]?.message ?? nulCharacterMessage);
    this.name = 'RequestCharactersError';
  }
}

/** Whether {@link nulCharacterErrors} would find anything: a NUL in a string or key, or nesting past the limit. */
function needsReport(node: unknown, depth: number): boolean {
  if (typeof node === 'string') return hasRefusedCharacter(node);
  if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) return false;
  if (Array.isArray(node)) {
    for (const child of node as unknown[])
      if (depth >= maxDepth || needsReport(child, depth + 1)) return true;
    return false;
  }
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    if (hasRefusedCharacter(key) || depth >= maxDepth) return true;
    if (needsReport((node as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Throws {@link RequestCharactersError} when the decoded params, query or body hold a NUL character; each
 * service calls it from one preValidation hook, so every route (with a schema or without) is covered once.
 */
export function assertNoNulCharacters(request: { params: unknown; query: unknown; body: unknown }): void {
  // Every request passes here: a walk that allocates nothing settles the common case, the reporting walk runs
  // only for a request it will refuse.
  if (!needsReport(request.params, 0) && !needsReport(request.query, 0) && !needsReport(request.body, 0))
    return;
  const errors = [
    ...nulCharacterErrors(request.params, 'params'),
    ...nulCharacterErrors(request.query, 'query'),
    ...nulCharacterErrors(request.body, 'body'),
  ];
  if (errors.length > 0) throw new RequestCharactersError(errors);
}
