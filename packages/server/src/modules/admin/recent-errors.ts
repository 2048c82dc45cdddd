import { scrubText } from '../../scrub.ts';

// The server's own record of its recent faults (issue 32, ADR 042), for the /admin health page: every 5xx, scrubbed
// like a Sentry event, grouped by route, method, error kind and message shape, with counts. Per process and in memory,
// like the vendor circuits beside it: it works with a real Sentry, with our sandbox sink or with neither, and the
// health page never calls out to read it.

/** One group of alike faults. */
export type RecentErrorGroup = {
  route: string;
  method: string;
  name: string;
  message: string;
  count: number;
  firstSeenAt: string;
  lastSeenAt: string;
  lastRequestId: string;
};

/** How long a group that stopped happening is kept, and how many groups at most (the oldest go first). */
export const recentErrorWindowMs = 24 * 3_600_000;
const maxGroups = 100;

type Group = Omit<RecentErrorGroup, 'firstSeenAt' | 'lastSeenAt'> & { first: number; last: number };
const groups = new Map<string, Group>();

const uuidPattern = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const numberPattern = /\b\d+\b/g;

/** The message's shape: ids and numbers made alike, so one fault on many rows is one group. */
const shapeOf = (message: string) => message.replace(uuidPattern, '<id>').replace(numberPattern, '<n>');

function prune(now: number) {
  for (const [key, g] of groups) if (now - g.last > recentErrorWindowMs) groups.delete(key);
  while (groups.size > maxGroups) {
    const oldest = [...groups.entries()].reduce((a, b) => (b[1].last < a[1].last ? b : a));
    groups.delete(oldest[0]);
  }
}

/** Notes one server fault: its text scrubbed (e-mail addresses, tokens, secrets) and cut to 300 characters. */
export function recordServerError(
  error: unknown,
  tags: { route: string; method: string; requestId: string },
  now = Date.now(),
): void {
  const name = error instanceof Error ? error.name : 'Error';
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
  const message = shapeOf(scrubText(raw)).slice(0, 300);
  const key = [tags.method, tags.route, name, message].join('\u0000');
  const found = groups.get(key);
  if (found) {
    found.count += 1;
    found.last = now;
    found.lastRequestId = tags.requestId;
  } else
    groups.set(key, {
      route: tags.route,
      method: tags.method,
      name,
      message,
      count: 1,
      first: now,
      last: now,
      lastRequestId: tags.requestId,
    });
  prune(now);
}

/** The groups seen within the window, most recent first, at most `limit`. */
export function recentErrors(now = Date.now(), limit = 20): { total: number; groups: RecentErrorGroup[] } {
  prune(now);
  const all = [...groups.values()].sort((a, b) => b.last - a.last);
  return {
    total: all.reduce((sum, g) => sum + g.count, 0),
    groups: all.slice(0, limit).map(({ first, last, ...g }) => ({
      ...g,
      firstSeenAt: new Date(first).toISOString(),
      lastSeenAt: new Date(last).toISOString(),
    })),
  };
}
