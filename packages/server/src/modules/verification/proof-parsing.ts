import { parse as parseMrzLines } from 'mrz';

/** The fields of an AAMVA driver's licence / ID card barcode this product reads (names, birth date, expiry). */
export type AamvaFields = {
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  expiry: string | null;
};

/**
 * AAMVA dates: MMDDCCYY on US cards, CCYYMMDD on Canadian ones (DL/ID Card Design Standard, D.12.5.1); the
 * century tells which.
 */
function aamvaDate(value: string | undefined, canadian: boolean): string | null {
  if (!value || !/^\d{8}$/.test(value)) return null;
  const us = validDate(`${value.slice(4, 8)}-${value.slice(0, 2)}-${value.slice(2, 4)}`);
  const ca = validDate(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`);
  return canadian ? (ca ?? us) : (us ?? ca);
}

/** An ISO date if it exists on the calendar, else null. */
export function validDate(iso: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const at = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * The subfile elements of an AAMVA PDF417 payload: each line starting with a three-letter element id (DCS last
 * name, DAC first name — DCT on cards before version 4 —, DBB birth date, DBA expiry, DCG country).
 */
export function parseAamva(payload: string): AamvaFields | null {
  if (!payload.includes('ANSI ') && !payload.includes('AAMVA')) return null;
  const elements = new Map<string, string>();
  for (const raw of payload.replaceAll(String.fromCharCode(0x1e), '\n').split(/[\n\r]+/)) {
    const line = raw.replace(/^.*?(?=(?:DL|ID)?D[A-Z]{2})/, '');
    const match = /^(?:DL|ID)?(D[A-Z]{2})(.*)$/.exec(line.trim());
    if (match?.[1] && match[2] !== undefined && !elements.has(match[1]))
      elements.set(match[1], match[2].trim());
  }
  const canadian = elements.get('DCG') === 'CAN';
  const first = elements.get('DAC') ?? elements.get('DCT')?.split(/[ ,]/)[0];
  return {
    firstName: first || null,
    lastName: elements.get('DCS') || null,
    dateOfBirth: aamvaDate(elements.get('DBB'), canadian),
    expiry: aamvaDate(elements.get('DBA'), canadian),
  };
}

/** What a passport's machine-readable zone says, and whether its check digits hold. */
export type MrzFields = {
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  expiry: string | null;
  valid: boolean;
};

/** YYMMDD to an ISO date: a birth year after this year's two digits is last century's. */
function mrzDate(value: string | null | undefined, kind: 'birth' | 'expiry', now: Date): string | null {
  if (!value || !/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const current = now.getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > current ? 1900 : 2000) : yy >= 70 ? 1900 : 2000;
  return validDate(`${century + yy}-${value.slice(2, 4)}-${value.slice(4, 6)}`);
}

/**
 * Finds a TD3 (passport) machine-readable zone in OCR text and parses it with its check digits (ICAO 9303 part 4).
 * OCR often miscounts the filler '<' at the end of a line, so runs of fillers are brought back to 44 characters;
 * a misread digit still fails its check digit, which is what sends the proof to a person.
 */
export function readMrz(text: string, now = new Date()): MrzFields | null {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+/g, '').toUpperCase())
    .filter((l) => /^[A-Z0-9<]{30,}$/.test(l) && l.includes('<'));
  const start = lines.findIndex((l) => l.startsWith('P'));
  if (start < 0 || start + 1 >= lines.length) return null;
  const fit = (line: string) => {
    if (line.length === 44) return line;
    if (line.length < 44) return line.padEnd(44, '<');
    const trimmed = line.replace(/<{2,}/, (run) =>
      run.slice(0, Math.max(1, run.length - (line.length - 44))),
    );
    return trimmed.length === 44 ? trimmed : line.slice(0, 44);
  };
  try {
    const result = parseMrzLines([fit(lines[start] ?? ''), fit(lines[start + 1] ?? '')], {
      autocorrect: true,
    });
    const f = result.fields;
    return {
      firstName: f.firstName ?? null,
      lastName: f.lastName ?? null,
      dateOfBirth: mrzDate(f.birthDate, 'birth', now),
      expiry: mrzDate(f.expirationDate, 'expiry', now),
      valid: result.valid,
    };
  } catch {
    return null;
  }
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Every date written in a line of text, as ISO dates: 05/14/2013, 2013-05-14, 14 May 2013, May 14, 2013. */
export function datesIn(line: string): string[] {
  const found: string[] = [];
  const pad = (n: string) => n.padStart(2, '0');
  for (const m of line.matchAll(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/g))
    found.push(`${m[3]}-${pad(m[1] ?? '')}-${pad(m[2] ?? '')}`);
  for (const m of line.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) found.push(`${m[1]}-${m[2]}-${m[3]}`);
  for (const m of line.matchAll(/\b(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})\b/g)) {
    const month = months.indexOf((m[2] ?? '').toLowerCase());
    if (month >= 0) found.push(`${m[3]}-${pad(String(month + 1))}-${pad(m[1] ?? '')}`);
  }
  for (const m of line.matchAll(/\b([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/g)) {
    const month = months.indexOf((m[1] ?? '').toLowerCase());
    if (month >= 0) found.push(`${m[3]}-${pad(String(month + 1))}-${pad(m[2] ?? '')}`);
  }
  return found.flatMap((d) => validDate(d) ?? []);
}

/**
 * The date of birth in OCR text: a date on a line that says birth, born or DOB; else the only date of the text.
 */
export function birthDateIn(text: string): string | null {
  const lines = text.split('\n');
  for (const line of lines)
    if (/birth|born|\bdob\b|d\.o\.b/i.test(line)) {
      const [date] = datesIn(line);
      if (date) return date;
    }
  const all = [...new Set(lines.flatMap(datesIn))];
  return all.length === 1 ? (all[0] ?? null) : null;
}

/** The school grade written in text (-2 Homeschooled … 12): '5th Grade', 'Grade: 5', 'Kindergarten', 'Pre-K'. */
export function gradeIn(text: string): number | null {
  const ordinal = /\b(1[0-2]|[1-9])(?:st|nd|rd|th)\s+grade\b/i.exec(text);
  if (ordinal?.[1]) return Number(ordinal[1]);
  const labelled = /\bgrade(?:\s+level)?\s*[:#]?\s*(1[0-2]|[1-9]|k)\b/i.exec(text);
  if (labelled?.[1]) return labelled[1].toLowerCase() === 'k' ? 0 : Number(labelled[1]);
  if (/\bpre-?k\b|\bpre-?kindergarten\b/i.test(text)) return -1;
  if (/\bkindergarten\b/i.test(text)) return 0;
  if (/\bhome-?school(ed)?\b/i.test(text)) return -2;
  return null;
}

/** A name reduced for comparison: upper case, accents and punctuation dropped, words split. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((w) => w.length > 0);
}

/** Whether every word of `expected` occurs among the words of `found` (a middle name may sit between). */
export function nameContains(found: string, expected: string): boolean {
  const have = new Set(nameWords(found));
  const want = nameWords(expected);
  return want.length > 0 && want.every((w) => have.has(w));
}
