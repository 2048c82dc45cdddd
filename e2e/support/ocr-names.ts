/**
 * A surname unique to one run that a document reader reads back exactly: letters only, none that print like a digit
 * or like each other (no I, J, L, O, Q, Z). A base-36 stamp ("Young mihp3k2o") put 0/O and 1/l side by side on a
 * rendered certificate, and the reader's honest misreading sent the proof to review: a flaky journey, not a product bug.
 */
const clear = 'ABCDEFGHKMNPRSTUVWXY';

export function readableSurname(prefix: string, stamp: number): string {
  let rest = stamp;
  let suffix = '';
  while (rest > 0) {
    suffix += clear[rest % clear.length];
    rest = Math.floor(rest / clear.length);
  }
  return `${prefix}${suffix.toLowerCase()}`;
}
