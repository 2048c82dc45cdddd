import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  abusePreventionTrainingSchema,
  trainingLaunchSchema,
  type AbusePreventionTraining,
} from '@touchline/contracts/abuse-prevention-training';
import { requirementActionResultSchema } from '@touchline/contracts/requirement-completion';
import { api, ApiError } from '../../../lib/api-client.ts';
import { applyActionResult } from './apply-action-result.ts';
import { openInNewTab } from './open-in-new-tab.ts';
import { requirementActionPath, requirementsKey, type RequirementRef } from './requirement-paths.ts';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress.ts';

const viewKey = (ref: RequirementRef) =>
  [...requirementsKey, 'abuse-prevention-training', ref.definitionId, ref.profileLevelAccessId] as const;

async function answered<T>(promise: Promise<T | null>, what: string): Promise<T> {
  const value = await promise;
  if (!value) throw new Error(`The ${what} answer was empty`);
  return value;
}

/** States in which the course is open at the provider: the page re-reads them until the course is done. */
const open: readonly AbusePreventionTraining['state'][] = ['enrolling', 'not_started', 'in_progress'];

/** GET {id}/abuse-prevention-training-by-id?plaId: the requirement and the course at the provider. */
export const abusePreventionTrainingQueryOptions = (ref: RequirementRef) =>
  queryOptions({
    queryKey: viewKey(ref),
    queryFn: () =>
      answered(
        api.get(requirementActionPath(ref, 'abuse-prevention-training-by-id'), {
          schema: abusePreventionTrainingSchema,
        }),
        'training',
      ),
  });

/** The member's training; re-read every 5 s while the course is open (the provider's completion shows by itself). */
export const useAbusePreventionTraining = (ref: RequirementRef) =>
  useQuery({
    ...abusePreventionTrainingQueryOptions(ref),
    refetchInterval: (query) => (query.state.data && open.includes(query.state.data.state) ? 5_000 : false),
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET {id}/get-training-url?plaId&returnPath: the one-time launch link. Right after "Take training" the provider
 * enrolment is still being made (409), so it asks again for up to half a minute.
 */
async function launchUrl(ref: RequirementRef, returnPath: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const link = await answered(
        api.get(requirementActionPath(ref, 'get-training-url', { returnPath }), {
          schema: trainingLaunchSchema,
        }),
        'course link',
      );
      return link.url;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409) || attempt >= 30) throw error;
      await pause(1_000);
    }
  }
}

/**
 * "Take training" and "Continue the course": starts the training when it is not yet (POST
 * abuse-prevention-take-training, through the server's outbox), then opens the course in a new tab during the click.
 */
export function useOpenTraining(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ start, returnPath }: { start: boolean; returnPath: string }) =>
      openInNewTab(async () => {
        if (start) {
          const view = await answered(
            api.post(requirementActionPath(ref, 'abuse-prevention-take-training'), undefined, {
              schema: abusePreventionTrainingSchema,
            }),
            'training',
          );
          queryClient.setQueryData(viewKey(ref), view);
          await queryClient.invalidateQueries({ queryKey: requirementsKey, exact: false });
        }
        return launchUrl(ref, returnPath);
      }),
  });
}

/** POST {id}/upload-abuse-prevention-training-certificate?plaId&completedOn: a course taken elsewhere, for review. */
export function useUploadAbusePreventionCertificate(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      completedOn,
      onProgress,
    }: {
      file: File;
      completedOn: string;
      onProgress?: UploadProgress;
    }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadWithProgress(
        requirementActionPath(ref, 'upload-abuse-prevention-training-certificate', { completedOn }),
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
