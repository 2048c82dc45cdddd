import {
  clearanceCardSchema,
  offlinePackSchema,
  type ClearanceCard,
  type OfflinePack,
} from '@touchline/contracts/game-day';
import type { z } from 'zod';
import { offlineStoragePrefix } from '../../../lib/offline-data.ts';

// What the check-in page and the card keep on the device for the day (ADR 044), in local storage under the prefix
// sign-out clears. A pack or a card older than a day is dropped when read: the keys may have turned, the
// revocations and the roster have moved on.

const packKey = (levelId: string) => `${offlineStoragePrefix}game-day.pack.${levelId}`;
const cardKey = (profileLevelAccessId: string) =>
  `${offlineStoragePrefix}game-day.card.${profileLevelAccessId}`;
const dayMs = 24 * 60 * 60 * 1000;

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable: dropped below.
  }
  localStorage.removeItem(key);
  return null;
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (a private window): the page still works while the signal lasts.
  }
}

export function savePack(pack: OfflinePack) {
  write(packKey(pack.levelId), pack);
}

/** The team's stored pack, if fetched less than a day ago. */
export function storedPack(levelId: string, now = Date.now()): OfflinePack | null {
  const pack = read(packKey(levelId), offlinePackSchema);
  if (pack && now - Date.parse(pack.fetchedAt) < dayMs) return pack;
  if (pack) localStorage.removeItem(packKey(levelId));
  return null;
}

/** Keeps the member's card as last shown (its token lives a day), to open it again with no signal. */
export function saveCard(card: ClearanceCard) {
  write(cardKey(card.profileLevelAccessId), card);
}

/** The member's stored card while its token is still valid. */
export function storedCard(profileLevelAccessId: string, now = Date.now()): ClearanceCard | null {
  const card = read(cardKey(profileLevelAccessId), clearanceCardSchema);
  if (card && Date.parse(card.tokenExpiresAt) > now) return card;
  if (card) localStorage.removeItem(cardKey(profileLevelAccessId));
  return null;
}
