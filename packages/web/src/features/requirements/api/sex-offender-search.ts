import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sexOffenderSearchViewSchema,
  type MonitoringConsentBody,
  type SexOffenderSearchView,
} from '@touchline/contracts/sex-offender-search';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useAdverseActionDispute } from './adverse-action-dispute.ts';
import { requirementActionPath, requirementsKey, type RequirementRef } from './requirement-paths.ts';
import { waitingInterval } from '../../../lib/polling.ts';

const viewKey = (ref: RequirementRef) =>
  [...requirementsKey, 'sex-offender-search', ref.definitionId, ref.profileLevelAccessId] as const;

/** GET {id}/sex-offender-search-by-id?plaId: the search, the birth date it needs and its order. */
export const sexOffenderSearchQueryOptions = (ref: RequirementRef) =>
  queryOptions({
    queryKey: viewKey(ref),
    queryFn: async () => {
      const view = await api.get(requirementActionPath(ref, 'sex-offender-search-by-id'), {
        schema: sexOffenderSearchViewSchema,
      });
      if (!view) throw new Error('The sex offender search answer was empty');
      return view;
    },
  });

/**
 * The member's search; re-read while the vendor or the member's consent is awaited, often at first and then less
 * often (waitingInterval).
 */
export const useSexOffenderSearch = (ref: RequirementRef) =>
  useQuery({
    ...sexOffenderSearchQueryOptions(ref),
    enabled: ref.profileLevelAccessId !== null,
    refetchInterval: (query) =>
      waitingInterval(
        query.state.data?.next === 'wait' || query.state.data?.next === 'continue-at-vendor',
        query,
      ),
  });

/**
 * POST /api/app/profile/{id}/set-date-of-birth (spec §5: succeeds only on 204). A 400's field message is returned
 * for the form; any other failure throws.
 */
export async function setDateOfBirth(
  profileId: string,
  profileLevelAccessId: string,
  dateOfBirth: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await api.post(
      `/api/app/profile/${encodeURIComponent(profileId)}/set-date-of-birth`,
      { dateOfBirth, profileLevelAccessId },
      { expectStatus: 204 },
    );
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400)
      return { ok: false, message: err.validationErrors[0]?.message ?? err.message };
    throw err;
  }
}

/** Saves the birth date and re-reads the search page. */
export function useSetDateOfBirth(ref: RequirementRef, profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dateOfBirth: string) =>
      setDateOfBirth(profileId, ref.profileLevelAccessId ?? '', dateOfBirth),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewKey(ref) }),
  });
}

/** A POST on the search that answers its page: the page is replaced by the answer, the lists re-read. */
function useViewPost<B>(ref: RequirementRef, action: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B): Promise<SexOffenderSearchView> => {
      const view = await api.post(requirementActionPath(ref, action), body, {
        schema: sexOffenderSearchViewSchema,
      });
      if (!view) throw new Error('The sex offender search answer was empty');
      return view;
    },
    onSuccess: async (view) => {
      queryClient.setQueryData(viewKey(ref), view);
      await queryClient.invalidateQueries({ queryKey: requirementsKey });
    },
  });
}

/** POST {id}/begin-sex-offender-search?plaId: orders the search (once, however often it is pressed). */
export const useBeginSexOffenderSearch = (ref: RequirementRef) =>
  useViewPost<undefined>(ref, 'begin-sex-offender-search');

/** POST {id}/sex-offender-monitoring-consent?plaId: the member signs the ongoing (evergreen) authorization. */
export const useRecordMonitoringConsent = (ref: RequirementRef) =>
  useViewPost<MonitoringConsentBody>(ref, 'sex-offender-monitoring-consent');

/** POST {id}/withdraw-sex-offender-monitoring-consent?plaId: the member withdraws it (monitoring ends). */
export const useWithdrawMonitoringConsent = (ref: RequirementRef) =>
  useViewPost<undefined>(ref, 'withdraw-sex-offender-monitoring-consent');

/** The member's answer to a pre-adverse notice on the search. */
export const useDisputeSexOffenderSearch = (ref: RequirementRef) =>
  useAdverseActionDispute(ref, viewKey(ref));
