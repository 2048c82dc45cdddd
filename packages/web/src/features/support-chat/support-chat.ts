import { supportChatTimings } from '@touchline/contracts/client-timings';

// The support chat's timing (spec §1, §7, §8, §9; issue 32): offered to signed-in users except on paths starting
// with /admin; started 500 ms after the first eligible page and then following route changes debounced by 300 ms;
// identified with the JWT of POST /api/intercom-jwt, given 5 s — on a timeout or a failure it starts without the
// JWT and only logs; shut down on /admin and on sign-out. Pure timing over injected parts, so fake timers test it.

/** The messenger the chat drives: the official SDK's calls (or our sandbox messenger behind the same SDK). */
export type Messenger = {
  boot(settings: { user_jwt?: string }): void;
  update(settings: { last_request_at: number }): void;
  shutdown(): void;
};

/** What the chat needs from the page. */
export type SupportChatDeps = {
  messenger: Messenger;
  /**
   * POST /api/intercom-jwt; rejects on failure; aborted by the signal at the timeout. Null when the server signs no
   * JWTs (no identity secret configured): the chat then starts anonymous without asking, and without a log line.
   */
  fetchJwt(signal: AbortSignal): Promise<string | null>;
  log(message: string, error?: unknown): void;
  now?: () => number;
};

/** Whether the chat is offered on this path to this visitor. */
export const isChatOffered = (path: string, signedIn: boolean) => signedIn && !path.startsWith('/admin');

/** The chat for one page: tell it each route (and sign-in) change; it boots, updates and shuts down on time. */
export function createSupportChat(deps: SupportChatDeps) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let booted = false;
  let starting = false;
  let generation = 0;
  const now = deps.now ?? Date.now;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  async function boot(run: number) {
    starting = true;
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), supportChatTimings.jwtTimeoutMs);
    let jwt: string | null = null;
    try {
      jwt = await Promise.race<string | null>([
        deps.fetchJwt(abort.signal),
        new Promise<never>((_resolve, reject) =>
          abort.signal.addEventListener('abort', () => reject(new Error('the support-chat JWT timed out'))),
        ),
      ]);
    } catch (error) {
      deps.log('Support chat starts without its JWT', error);
    } finally {
      clearTimeout(timeout);
      starting = false;
    }
    // Left for /admin or signed out while the JWT was on its way: stay shut.
    if (run !== generation) return;
    deps.messenger.boot(jwt ? { user_jwt: jwt } : {});
    booted = true;
  }

  return {
    /** The page is now at `path`, signed in or not. */
    route(path: string, signedIn: boolean) {
      cancel();
      if (!isChatOffered(path, signedIn)) {
        generation += 1;
        if (booted) deps.messenger.shutdown();
        booted = false;
        return;
      }
      const run = generation;
      if (booted) {
        timer = setTimeout(
          () => deps.messenger.update({ last_request_at: Math.floor(now() / 1000) }),
          supportChatTimings.debounceMs,
        );
      } else if (!starting) {
        timer = setTimeout(() => void boot(run), supportChatTimings.startDelayMs);
      }
    },
    /** The page goes away: nothing pending, the messenger shut. */
    dispose() {
      cancel();
      generation += 1;
      if (booted) deps.messenger.shutdown();
      booted = false;
    },
  };
}
