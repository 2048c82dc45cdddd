import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedLabelsResponseSchema, type ManagedLabel } from '@touchline/contracts/labels';
import { api } from '../../../lib/api-client.ts';

/**
 * Every query about the organization's labels starts with this key (the members feature's label pickers too), so a
 * change refreshes them all.
 */
export const labelsQueryKey = ['labels'] as const;

/** GET /api/app/labels/management: the labels with their member counts, for the top level's administrators. */
export async function getManagedLabels(): Promise<ManagedLabel[]> {
  const answer = await api.get('/api/app/labels/management', {
    schema: managedLabelsResponseSchema,
    retry: { retries: 0, delayMs: 0 },
  });
  return answer?.items ?? [];
}

/** The management list of labels. */
export const managedLabelsQueryOptions = () =>
  queryOptions({ queryKey: [...labelsQueryKey, 'management'], queryFn: getManagedLabels });

/** The labels the roles page manages. */
export const useManagedLabels = () => useQuery(managedLabelsQueryOptions());
