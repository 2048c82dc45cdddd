import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkInListSchema,
  checkInSchema,
  clearanceCardSchema,
  rosterSchema,
  type CheckIn,
} from '@touchline/contracts/game-day';
import { api } from '../../../lib/api-client.ts';

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

const gamePath = (levelId: string, gameOn: string) =>
  `${gameDayApi}/games/${encodeURIComponent(levelId)}/${encodeURIComponent(gameOn)}/check-ins`;

/** GET a game's check-ins. */
export const useCheckIns = (levelId: string, gameOn: string) =>
  useQuery({
    queryKey: ['game-day', 'check-ins', levelId, gameOn],
    queryFn: async () =>
      (await api.get(gamePath(levelId, gameOn), { schema: checkInListSchema, auth: true })) ?? { items: [] },
  });

/** POST a check-in: the id is made here, so a resend of the same scan is recorded once. */
export function useCheckIn(levelId: string, gameOn: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<CheckIn> => {
      const answer = await api.post(
        gamePath(levelId, gameOn),
        { id: crypto.randomUUID(), token, scannedAt: new Date().toISOString() },
        { schema: checkInSchema, auth: true },
      );
      if (!answer) throw new Error('The check-in answer was empty');
      return answer;
    },
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
