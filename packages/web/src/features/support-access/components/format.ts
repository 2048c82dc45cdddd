import type { AdminAuditEvent, SupportSession } from '@touchline/contracts/admin';

/** A timestamp as the reader's local date and time to the minute ('—' when none). */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Minutes as words: '1 minute', '25 minutes', '1 h 5 min'. */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return m === 1 ? '1 minute' : `${m} minutes`;
  const rest = m % 60;
  return rest === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${rest} min`;
}

/** Where a session stands, in the organization's words. */
export function sessionState(s: SupportSession): { label: string; tone: 'active' | 'over' } {
  if (s.active) return { label: 'Active now', tone: 'active' };
  if (s.endedByOrganization) return { label: 'Ended by your organization', tone: 'over' };
  if (s.endedAt) return { label: 'Ended by support', tone: 'over' };
  return { label: 'Expired', tone: 'over' };
}

/** How long a session lasted (or has lasted so far), and how long it was allowed. */
export function sessionLength(s: SupportSession, now: Date): { lasted: number; allowed: number } {
  const start = Date.parse(s.startedAt);
  const expires = Date.parse(s.expiresAt);
  const end = s.endedAt ? Date.parse(s.endedAt) : Math.min(expires, now.getTime());
  return { lasted: (end - start) / 60_000, allowed: (expires - start) / 60_000 };
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** One audit line of a session as a sentence: what support did, or what the request itself recorded. */
export function describeAuditEvent(e: AdminAuditEvent): string {
  const d = e.data;
  const refused = typeof d.status === 'number' && d.status >= 400 ? ` — refused (${d.status})` : '';
  switch (e.action) {
    case 'support_access.started':
      return `Started support access: “${text(d.reason)}”`;
    case 'support_access.ended':
      return d.by === 'organization' ? 'Ended by your organization' : 'Ended by support';
    case 'support_access.incident_read':
      return `Read incidents: ${text(d.route)}${refused}`;
    case 'support_access.request':
      return `${d.method === 'GET' || d.method === 'HEAD' ? 'Viewed' : `Changed (${text(d.method)})`} ${text(d.route)}${refused}`;
    default:
      return `Recorded: ${e.action.replaceAll('_', ' ').replaceAll('.', ' · ')}`;
  }
}
