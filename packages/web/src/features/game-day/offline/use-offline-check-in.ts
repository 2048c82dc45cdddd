import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  offlinePackSchema,
  type CardCheck,
  type CheckIn,
  type OfflinePack,
} from '@touchline/contracts/game-day';
import { api } from '../../../lib/api-client.ts';
import { isSessionLoggedIn, session } from '../../../lib/session.ts';
import {
  checkInOrQueue,
  isOffline,
  queueCheckIn,
  queuedCheckIns,
  sendQueued,
} from '../api/check-in-queue.ts';
import { savePack, storedPack } from './pack-store.ts';
import { verifyCardOffline } from './verify-card.ts';

/** What one scan showed: the server's recorded answer, or the device's own (provisional) check, queued. */
export type ScanResult = {
  check: CardCheck;
  pending: boolean;
  /** The earlier check-in's time when the server answered with it (the same member and verdict at this game). */
  alreadyAt?: string | undefined;
};

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The offline pack of a team: fetched (and kept on the device) whenever there is a signal, the stored one
 * otherwise. Refetched when the signal returns, so revocations made meanwhile reach the device.
 */
export function useOfflinePack(levelId: string) {
  return useQuery({
    queryKey: ['game-day', 'offline-pack', levelId],
    queryFn: async (): Promise<OfflinePack | null> => {
      try {
        const pack = await api.get(`/api/app/game-day/teams/${encodeURIComponent(levelId)}/offline-pack`, {
          schema: offlinePackSchema,
        });
        if (pack) savePack(pack);
        return pack;
      } catch (error) {
        const kept = storedPack(levelId);
        if ((isOffline(error) || !online()) && kept) return kept;
        throw error;
      }
    },
    initialData: () => storedPack(levelId) ?? undefined,
    initialDataUpdatedAt: 0,
    retry: false,
  });
}

/**
 * Checks cards in at a game, with or without a signal (ADR 044): with one, the server checks and records the scan
 * (the device's answer is kept when the server cannot be reached); without one, the scan is checked on the device
 * against the pack and queued with its id, to be sent once when the signal returns.
 */
export function useOfflineCheckIn(levelId: string, gameOn: string, pack: OfflinePack | null | undefined) {
  const client = useQueryClient();
  const forThisGame = useCallback(
    () => queuedCheckIns().filter((q) => q.levelId === levelId && q.gameOn === gameOn),
    [levelId, gameOn],
  );
  const [pending, setPending] = useState(forThisGame);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const flush = () =>
      void sendQueued()
        .then((sent) => {
          setPending(forThisGame());
          if (sent > 0) void client.invalidateQueries({ queryKey: ['game-day'] });
        })
        .catch(() => setPending(forThisGame()));
    const back = () =>
      void (async () => {
        // A page opened with no signal has no session yet: restore it from the cookie before sending.
        if (!isSessionLoggedIn(session.getSnapshot())) await session.reload();
        flush();
        void client.invalidateQueries({ queryKey: ['game-day', 'offline-pack', levelId] });
      })();
    flush();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [client, forThisGame, levelId]);

  const scan = useCallback(
    async (token: string) => {
      setBusy(true);
      setError(null);
      try {
        const local = pack ? await verifyCardOffline(token, pack, new Date()) : null;
        const entry = {
          levelId,
          gameOn,
          id: crypto.randomUUID(),
          token,
          scannedAt: new Date().toISOString(),
          ...(local
            ? { local: { outcome: local.outcome, profileLevelAccessId: local.profileLevelAccessId } }
            : {}),
        };
        let recorded: CheckIn | null = null;
        if (online()) recorded = await checkInOrQueue(entry);
        else queueCheckIn(entry);
        setPending(forThisGame());
        if (recorded) {
          void client.invalidateQueries({ queryKey: ['game-day', 'check-ins', levelId, gameOn] });
          setResult({
            check: recorded,
            pending: false,
            alreadyAt: recorded.repeat ? recorded.scannedAt : undefined,
          });
        } else setResult(local ? { check: local, pending: true } : null);
        if (!recorded && !local) setError('Saved without a signal: its answer comes when it is sent.');
      } catch (e) {
        setError(e instanceof Error ? e.message : 'The check-in failed');
      } finally {
        setBusy(false);
      }
    },
    [client, forThisGame, gameOn, levelId, pack],
  );
  return { scan, result, error, busy, pending };
}
