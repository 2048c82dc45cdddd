import type { z } from 'zod';
import type { payloadSummaryValueSchema } from '@touchline/contracts/platform-integrations';

type SummaryValue = z.infer<typeof payloadSummaryValueSchema>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A job payload as an operator may see it: our ids (UUIDs), numbers and flags as they are, and everything else
 * only by its shape (a text's length, a list's size), since a payload may carry a name, an address or a token.
 */
export function summarizePayload(data: unknown): Record<string, SummaryValue> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
  const summary: Record<string, SummaryValue> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value === 'string')
      summary[key] = uuidPattern.test(value) ? value : `text (${value.length} characters)`;
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) summary[key] = value;
    else if (Array.isArray(value)) summary[key] = `list (${value.length} items)`;
    else summary[key] = 'object';
  }
  return summary;
}

const emailPattern = /[^\s<>"'@,;:]+@[^\s<>"'@,;:]+\.[a-z]{2,}/gi;
// A credential word, then its value; after `Authorization:` the value may be a scheme and a token, both masked.
const secretPattern =
  /\b(bearer|basic|token|api[_-]?key|secret|password|authorization)\b(\s*[:=]?\s*)(?:(?:bearer|basic)\s+)?\S+/gi;

/**
 * The message a failed job left, fit for an operator's screen: e-mail addresses and anything following a
 * credential word masked (an SMTP rejection names the recipient; a vendor error may echo a header), bounded.
 */
export function redactError(output: unknown): string | null {
  const message = messageOf(output);
  if (message === null) return null;
  return message
    .replace(emailPattern, '[e-mail]')
    .replace(secretPattern, (_, word: string, sep: string) => `${word}${sep}[redacted]`)
    .slice(0, 500);
}

// Ours is `{ name, message }`; pg-boss's own (a run that timed out) is `{ value: { message } }` or a string.
function messageOf(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'string') return output;
  if (typeof output !== 'object') return String(output);
  const record = output as { message?: unknown; value?: unknown };
  if (typeof record.message === 'string') return record.message;
  if (record.value !== undefined) return messageOf(record.value);
  return JSON.stringify(output).slice(0, 500);
}
