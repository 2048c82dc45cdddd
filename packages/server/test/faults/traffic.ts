import { Agent, request } from 'undici';

/** One request's outcome: its status, or the client-side error that replaced it, and when it was sent. */
export type Outcome = {
  sentAt: number;
  ms: number;
  status: number | null;
  code: string | null;
  error: string | null;
};

/** Requests running in loops until stopped, each worker on a kept-alive connection, every outcome recorded. */
export type Traffic = { outcomes: Outcome[]; stop: () => Promise<void>; agent: Agent };

/**
 * Keeps `workers` requests to `url` in flight at all times over a keep-alive agent (a load balancer's pool), until
 * stop(); `until` may end a worker early (e.g. on its first refused connection after a shutdown).
 */
export function startTraffic(
  url: string,
  opts: { workers: number; timeoutMs: number; until?: (outcome: Outcome) => boolean },
): Traffic {
  const agent = new Agent({ connections: opts.workers, keepAliveTimeout: 30_000, pipelining: 1 });
  const outcomes: Outcome[] = [];
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const sentAt = Date.now();
      let outcome: Outcome;
      try {
        const res = await request(url, {
          dispatcher: agent,
          headersTimeout: opts.timeoutMs,
          bodyTimeout: opts.timeoutMs,
        });
        const text = await res.body.text();
        const code = res.statusCode === 200 ? null : readErrorCode(text);
        outcome = { sentAt, ms: Date.now() - sentAt, status: res.statusCode, code, error: null };
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'unknown';
        outcome = { sentAt, ms: Date.now() - sentAt, status: null, code: null, error: code };
      }
      outcomes.push(outcome);
      if (opts.until?.(outcome)) return;
    }
  };
  const running = Promise.all(Array.from({ length: opts.workers }, worker));
  return {
    outcomes,
    agent,
    stop: async () => {
      stopped = true;
      await running;
      await agent.close();
    },
  };
}

function readErrorCode(text: string): string | null {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    return null;
  }
}

/** Counts outcomes by status or error, for readable assertions and report figures. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.status === null ? `error ${o.error}` : o.code ? `${o.status} ${o.code}` : String(o.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
