import { useQuery } from '@tanstack/react-query';
import { memberUsSoccerLicensesSchema } from '@touchline/contracts/us-soccer';
import { api } from '../../../lib/api-client.ts';
import { reviewsKey } from './review-paths.ts';

type Ref = { definitionId: string; plaId: string };

/**
 * GET /api/app/requirement/{id}/us-soccer-licenses?plaId (the "view licenses" action, which a reviewer holds as the
 * member's manager): the federation's record the last lookup found, for a reviewer comparing it with the member.
 */
export const useUsSoccerRecord = (ref: Ref) =>
  useQuery({
    queryKey: [...reviewsKey, 'us-soccer-record', ref.definitionId, ref.plaId],
    queryFn: async () => {
      const record = await api.get(
        `/api/app/requirement/${encodeURIComponent(ref.definitionId)}/us-soccer-licenses?plaId=${encodeURIComponent(ref.plaId)}`,
        { schema: memberUsSoccerLicensesSchema },
      );
      if (!record) throw new Error('The license record answer was empty');
      return record;
    },
    retry: false,
  });
