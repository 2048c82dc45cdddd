import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberUsSoccerLicensesSchema, type MemberUsSoccerLicenses } from '@touchline/contracts/us-soccer';
import { api, ApiError } from '../../../lib/api-client.ts';
import { requirementActionPath, requirementsKey, type RequirementRef } from './requirement-paths.ts';

/** GET {id}/us-soccer-licenses?plaId: the member's id and the last license lookup. */
export async function getMemberUsSoccerLicenses(ref: RequirementRef): Promise<MemberUsSoccerLicenses | null> {
  return api.get(requirementActionPath(ref, 'us-soccer-licenses'), { schema: memberUsSoccerLicensesSchema });
}

/** The member's licenses; polled while a lookup is awaited (the id was set after the last lookup). */
export function useMemberUsSoccerLicenses(ref: RequirementRef, awaitingLookup: boolean) {
  return useQuery({
    queryKey: [...requirementsKey, 'us-soccer', ref.definitionId, ref.profileLevelAccessId],
    queryFn: () => getMemberUsSoccerLicenses(ref),
    enabled: ref.profileLevelAccessId !== null,
    refetchInterval: awaitingLookup ? 2000 : false,
  });
}

/**
 * POST /api/app/profile/{id}/set-ussf-id (spec §5: true on 204, false on 400); any other failure throws. The
 * field error of a 400 is returned so the form can show it.
 */
export async function setUssfId(
  profileId: string,
  profileLevelAccessId: string,
  ussfId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await api.post(
      `/api/app/profile/${encodeURIComponent(profileId)}/set-ussf-id`,
      { profileLevelAccessId, ussfId },
      { expectStatus: 204 },
    );
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400)
      return { ok: false, message: err.validationErrors[0]?.message ?? err.message };
    throw err;
  }
}

/** Saves the id and refreshes the requirement (its lookup is queued by the server). */
export function useSetUssfId(profileId: string, profileLevelAccessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ussfId: string) => setUssfId(profileId, profileLevelAccessId, ussfId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requirementsKey }),
  });
}
