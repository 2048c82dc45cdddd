import { checkInSchema, type CheckIn } from '@touchline/contracts/game-day';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/** One scan waiting for the signal: its id is made once, so a resend is recorded once (the server keys on it). */
export type QueuedCheckIn = { levelId: string; gameOn: string; id: string; token: string; scannedAt: string };

const storageKey = 'touchline.game-day.check-in-queue';

/** The scans not yet sent (local storage: they hold only the opaque card token, never a name). */
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

const offline = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Sends a scan; without a network it is queued instead (null), to be sent by {@link sendQueued}. */
export async function checkInOrQueue(entry: QueuedCheckIn): Promise<CheckIn | null> {
  try {
    return await send(entry);
  } catch (error) {
    if (!offline(error)) throw error;
    save([...queuedCheckIns().filter((q) => q.id !== entry.id), entry]);
    return null;
  }
}

/** Sends the queued scans in order, each with its own id; stops at the first network failure. Answers how many went. */
export async function sendQueued(): Promise<number> {
  let sent = 0;
  for (const entry of queuedCheckIns()) {
    try {
      await send(entry);
    } catch (error) {
      if (offline(error)) break;
    }
    save(queuedCheckIns().filter((q) => q.id !== entry.id));
    sent += 1;
  }
  return sent;
}
