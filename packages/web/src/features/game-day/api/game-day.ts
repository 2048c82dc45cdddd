import { useQuery } from '@tanstack/react-query';
import { checkInListSchema, clearanceCardSchema } from '@touchline/contracts/game-day';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { session } from '../../../lib/session.ts';
import { saveCard, storedCard } from '../offline/pack-store.ts';
import { gamePath, isOffline } from './check-in-queue.ts';

const gameDayApi = '/api/app/game-day';

/**
 * GET a member's clearance card (the member, a guardian, or staff). The last one shown is kept on the device, and
 * shown with no signal while its token is valid (`saved`).
 */
export const useClearanceCard = (profileLevelAccessId: string) =>
  useQuery({
    queryKey: ['game-day', 'card', profileLevelAccessId],
    queryFn: async () => {
      try {
        const card = await api.get(`${gameDayApi}/cards/${encodeURIComponent(profileLevelAccessId)}`, {
          schema: clearanceCardSchema,
          auth: true,
        });
        if (card) saveCard(card);
        return card ? { card, saved: false } : null;
      } catch (error) {
        const kept = storedCard(profileLevelAccessId);
        if (kept && (isOffline(error) || navigator.onLine === false)) return { card: kept, saved: true };
        throw error;
      }
    },
    retry: false,
  });

/** GET a game's check-ins. */
export const useCheckIns = (levelId: string, gameOn: string) =>
  useQuery({
    queryKey: ['game-day', 'check-ins', levelId, gameOn],
    queryFn: async () =>
      (await api.get(gamePath(levelId, gameOn), { schema: checkInListSchema })) ?? { items: [] },
  });

/**
 * Opens the member's printable card (a PDF the API serves only with the Bearer token, so not a plain link) in a
 * new tab.
 */
export async function openCardPdf(profileLevelAccessId: string): Promise<void> {
  const token = await session.getAccessToken();
  if (!token) throw new ApiError(401, 'You are not signed in.');
  const opened = window.open('', '_blank');
  const response = await fetch(`${gameDayApi}/cards/${encodeURIComponent(profileLevelAccessId)}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    opened?.close();
    throw new ApiError(response.status, `The printable card could not be made (HTTP ${response.status})`);
  }
  const url = URL.createObjectURL(await response.blob());
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
