import { checkInSchema, type CheckIn, type CheckInOutcome } from '@touchline/contracts/game-day';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { offlineStoragePrefix } from '../../../lib/offline-data.ts';

/**
 * One scan waiting for the signal: its id is made once, so a resend is recorded once (the server keys on it). The
 * device's own verdict (outcome and the member's access id, no name) is kept to list it as pending.
 */
export type QueuedCheckIn = {
  levelId: string;
  gameOn: string;
  id: string;
  token: string;
  scannedAt: string;
  local?: { outcome: CheckInOutcome; profileLevelAccessId: string | null };
};

const storageKey = `${offlineStoragePrefix}game-day.check-in-queue`;

/** The scans not yet sent (local storage: the opaque card token and ids, never a name). */
export function queuedCheckIns(): QueuedCheckIn[] {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as QueuedCheckIn[]) : [];
  } catch {
    return [];
  }
}

function save(queue: QueuedCheckIn[]) {
  localStorage.setItem(storageKey, JSON.stringify(queue));
}

/** Queues a scan to be sent by {@link sendQueued} (again with the same id: recorded once). */
export function queueCheckIn(entry: QueuedCheckIn) {
  save([...queuedCheckIns().filter((q) => q.id !== entry.id), entry]);
}

export const gamePath = (levelId: string, gameOn: string) =>
  `/api/app/game-day/games/${encodeURIComponent(levelId)}/${encodeURIComponent(gameOn)}/check-ins`;

async function send(entry: QueuedCheckIn): Promise<CheckIn> {
  const answer = await api.post(
    gamePath(entry.levelId, entry.gameOn),
    { id: entry.id, token: entry.token, scannedAt: entry.scannedAt },
    { schema: checkInSchema },
  );
  if (!answer) throw new Error('The check-in answer was empty');
  return answer;
}

/** A request that never reached the server (no signal). */
export const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Sends a scan; without a network it is queued instead (null), to be sent by {@link sendQueued}. */
export async function checkInOrQueue(entry: QueuedCheckIn): Promise<CheckIn | null> {
  try {
    return await send(entry);
  } catch (error) {
    if (!isOffline(error)) throw error;
    queueCheckIn(entry);
    return null;
  }
}

let sending: Promise<number> | null = null;

/**
 * Sends the queued scans in order, each with its own id; stops at the first network failure. Answers how many
 * went. One run at a time: the `online` event and the page opening may both ask, and a scan must go once.
 */
export function sendQueued(): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    for (const entry of queuedCheckIns()) {
      try {
        await send(entry);
      } catch (error) {
        // Kept for later: no signal, the session to renew, or the server failing. Dropped: an answer that will not
        // change (a bad token is recorded as Invalid; 400, 404 and 409 are final).
        if (isOffline(error) || (error instanceof ApiError && (error.status === 401 || error.status >= 500)))
          break;
      }
      save(queuedCheckIns().filter((q) => q.id !== entry.id));
      sent += 1;
    }
    return sent;
  })().finally(() => {
    sending = null;
  });
  return sending;
}
