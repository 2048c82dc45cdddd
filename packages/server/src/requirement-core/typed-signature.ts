import { invalid } from '../errors.ts';
import type { LoadedRequirement } from './requirement-target.ts';

const tidy = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * A typed signature (a waiver, an FCRA consent): the typed name must be the member's full name, case and spacing
 * ignored, else a 400 on `typedName`. Answers the name as it is kept with what was signed (spacing tidied).
 */
export function signedName(loaded: LoadedRequirement, typedName: string): string {
  const memberName = `${loaded.member.firstName} ${loaded.member.lastName}`;
  if (tidy(typedName).toLocaleLowerCase('en') !== tidy(memberName).toLocaleLowerCase('en'))
    throw invalid([
      { field: 'typedName', in: 'body', message: `Type the member's full name: ${memberName}` },
    ]);
  return tidy(typedName);
}

/** A consent signed on a disclosure that has changed since it was read: a 400 on `textVersion`. */
export function requireCurrentText(textVersion: string, current: string): void {
  if (textVersion !== current)
    throw invalid([
      {
        field: 'textVersion',
        in: 'body',
        message: 'The disclosure has changed: read the current version and sign again',
      },
    ]);
}
