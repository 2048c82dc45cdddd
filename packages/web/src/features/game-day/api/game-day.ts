import { useQuery } from '@tanstack/react-query';
import { checkInListSchema, clearanceCardSchema } from '@touchline/contracts/game-day';
import { api } from '../../../lib/api-client.ts';
import { gamePath } from './check-in-queue.ts';

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
