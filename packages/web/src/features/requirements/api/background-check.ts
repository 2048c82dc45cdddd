import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  backgroundCheckLinkSchema,
  backgroundCheckViewSchema,
  type BackgroundCheckView,
  type RecordConsentBody,
} from '@touchline/contracts/background-checks';
import { requirementActionResultSchema } from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { useAdverseActionDispute } from './adverse-action-dispute.ts';
import { applyActionResult } from './apply-action-result.ts';
import { openInNewTab } from './open-in-new-tab.ts';
import { requirementActionPath, requirementsKey, type RequirementRef } from './requirement-paths.ts';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress.ts';
import { waitingInterval } from '../../../lib/polling.ts';

const viewKey = (ref: RequirementRef) =>
  [...requirementsKey, 'background-check', ref.definitionId, ref.profileLevelAccessId] as const;

async function answered<T>(promise: Promise<T | null>, what: string): Promise<T> {
  const value = await promise;
  if (!value) throw new Error(`The ${what} answer was empty`);
  return value;
}

/** GET {id}/background-check-by-id?plaId: the check, its consent and its order. */
export const backgroundCheckQueryOptions = (ref: RequirementRef) =>
  queryOptions({
    queryKey: viewKey(ref),
    queryFn: () =>
      answered(
        api.get(requirementActionPath(ref, 'background-check-by-id'), { schema: backgroundCheckViewSchema }),
        'background check',
      ),
  });

/**
 * The member's background check; re-read while the vendor or the order is under way, often at first and then less
 * often (waitingInterval).
 */
export const useBackgroundCheck = (ref: RequirementRef) =>
  useQuery({
    ...backgroundCheckQueryOptions(ref),
    refetchInterval: (query) =>
      waitingInterval(
        query.state.data?.next === 'wait' || query.state.data?.next === 'continue-at-vendor',
        query,
      ),
  });

function useViewMutation<A>(ref: RequirementRef, call: (arg: A) => Promise<BackgroundCheckView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (view) => {
      queryClient.setQueryData(viewKey(ref), view);
      await queryClient.invalidateQueries({ queryKey: requirementsKey });
    },
  });
}

/** POST {id}/record-consent?plaId: the signed disclosure and authorization. */
export const useRecordConsent = (ref: RequirementRef) =>
  useViewMutation(ref, (body: RecordConsentBody) =>
    answered(
      api.post(requirementActionPath(ref, 'record-consent'), body, { schema: backgroundCheckViewSchema }),
      'consent',
    ),
  );

/** POST {id}/run-background-check?plaId (organization pays), or the member-pays call. */
export const useRunBackgroundCheck = (ref: RequirementRef, memberPays: boolean) =>
  useViewMutation(ref, () =>
    answered(
      api.post(
        requirementActionPath(ref, memberPays ? 'run-and-pay-background-check-user' : 'run-background-check'),
        undefined,
        { schema: backgroundCheckViewSchema },
      ),
      'order',
    ),
  );

/** GET {id}/get-background-check-link?plaId, opened in a new tab during the click. */
export function useContinueAtVendor(ref: RequirementRef) {
  return useMutation({
    mutationFn: () =>
      openInNewTab(async () => {
        const link = await answered(
          api.get(requirementActionPath(ref, 'get-background-check-link'), {
            schema: backgroundCheckLinkSchema,
          }),
          'link',
        );
        return link.url;
      }),
  });
}

/** POST {id}/upload-background-check-report?plaId (multipart `file`): a Generic vendor's report, for review. */
export function useUploadBackgroundCheckReport(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadWithProgress(
        requirementActionPath(ref, 'upload-background-check-report'),
        form,
        requirementActionResultSchema,
        onProgress,
      );
    },
    onSuccess: async (result) => {
      await applyActionResult(queryClient, result);
      await queryClient.invalidateQueries({ queryKey: viewKey(ref) });
    },
  });
}

/** The member's response to a pre-adverse notice on the check. */
export const useDisputeBackgroundCheck = (ref: RequirementRef) => useAdverseActionDispute(ref, viewKey(ref));
