/** A calendar day 'YYYY-MM-DD'; compared as strings, since that order is the calendar's. */
export type Day = string;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a day into UTC milliseconds; throws on anything else, so a bad fact never silently passes. */
function toUtc(day: Day): number {
  const match = dayPattern.exec(day);
  if (!match) throw new Error(`not a calendar day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function fromUtc(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day n days after (or before, for negative n) the given day. */
export function addDays(day: Day, n: number): Day {
  return fromUtc(toUtc(day) + n * 86_400_000);
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

/** The UTC calendar day of an instant or of a day string: the engine reasons in days, not instants. */
export function dayOf(value: Date | string): Day {
  if (typeof value === 'string') return value.length === 10 ? value : fromUtc(new Date(value).getTime());
  return fromUtc(value.getTime());
}

/** Whether a string is a real calendar day (2026-02-30 is not). */
export function isDay(value: string): boolean {
  return dayPattern.test(value) && fromUtc(toUtc(value)) === value;
}

/** The date of month-day 'MM-DD' in a year, with 02-29 falling back to 02-28 outside leap years. */
export function dayInYear(year: number, monthDay: string): Day {
  const candidate = `${String(year).padStart(4, '0')}-${monthDay}`;
  if (isDay(candidate)) return candidate;
  if (monthDay === '02-29') return `${String(year).padStart(4, '0')}-02-28`;
  throw new Error(`not a month-day: ${monthDay}`);
}
