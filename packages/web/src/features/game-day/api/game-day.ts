import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkInListSchema, clearanceCardSchema, rosterSchema } from '@touchline/contracts/game-day';
import { api } from '../../../lib/api-client.ts';
import { checkInOrQueue, gamePath } from './check-in-queue.ts';

const gameDayApi = '/api/app/game-day';

/** GET a member's clearance card (the member, a guardian, or staff). */
export const useClearanceCard = (profileLevelAccessId: string) =>
  useQuery({
    queryKey: ['game-day', 'card', profileLevelAccessId],
    queryFn: () =>
      api.get(`${gameDayApi}/cards/${encodeURIComponent(profileLevelAccessId)}`, {
        schema: clearanceCardSchema,
        auth: true,
      }),
  });

/** GET a game's check-ins. */
export const useCheckIns = (levelId: string, gameOn: string) =>
  useQuery({
    queryKey: ['game-day', 'check-ins', levelId, gameOn],
    queryFn: async () =>
      (await api.get(gamePath(levelId, gameOn), { schema: checkInListSchema })) ?? { items: [] },
  });

/** POST a check-in (the id is made here, once); offline, it is queued and answers null. */
export function useCheckIn(levelId: string, gameOn: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      checkInOrQueue({
        levelId,
        gameOn,
        id: crypto.randomUUID(),
        token,
        scannedAt: new Date().toISOString(),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['game-day', 'check-ins', levelId, gameOn] }),
  });
}

/** GET a team's game-day roster: who may play today, who may not and why. */
export const useRoster = (levelId: string) =>
  useQuery({
    queryKey: ['game-day', 'roster', levelId],
    queryFn: () =>
      api.get(`${gameDayApi}/teams/${encodeURIComponent(levelId)}/roster`, { schema: rosterSchema }),
  });
