import { useQuery } from '@tanstack/react-query';
import { failureMessages } from '@touchline/contracts/messages';
import { usSoccerLicensesResponseSchema } from '@touchline/contracts/us-soccer';
import { api, ApiError } from '../../../lib/api-client.ts';

/** GET /api/app/content/us-soccer-licenses: the grades a definition may require (spec §8 words its failure). */
export async function getUsSoccerLicenses() {
  try {
    const answer = await api.get('/api/app/content/us-soccer-licenses', {
      schema: usSoccerLicensesResponseSchema,
    });
    return answer?.items ?? [];
  } catch (err) {
    throw new Error(
      failureMessages.usSoccerLicenses(err instanceof ApiError ? err.status : 'network error'),
      {
        cause: err,
      },
    );
  }
}

/** The license catalog (it changes only with the federation's pathways). */
export const useUsSoccerLicenses = (enabled: boolean) =>
  useQuery({ queryKey: ['us-soccer-licenses'], queryFn: getUsSoccerLicenses, enabled, staleTime: Infinity });
