import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-style id: the object's prefix, an underscore and 24 random letters and digits (`cus_…`, `sub_…`). */
export function stripeId(prefix: string): string {
  const bytes = randomBytes(24);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return `${prefix}_${out}`;
}

/** Seconds since the epoch, as Stripe stamps every object. */
export function unix(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** One billing interval after `from` (seconds), in whole calendar months or years as Stripe bills. */
export function addInterval(from: number, interval: string, count = 1): number {
  const date = new Date(from * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return unix(date);
}
