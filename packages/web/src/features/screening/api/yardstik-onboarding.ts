import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  yardstikOnboardingSchema,
  yardstikOnboardingStatusSchema,
  type YardstikOnboarding,
} from '@touchline/contracts/yardstik-onboarding';
import { api } from '../../../lib/api-client.ts';
import { activeProfileKey } from '../../../lib/active-profile.ts';

const base = '/api/app/organization';
const key = (organizationId: string | null) => ['background-checks', 'yardstik-onboarding', organizationId];

async function answered<T>(promise: Promise<T | null>): Promise<T> {
  const value = await promise;
  if (!value) throw new Error('The onboarding answer was empty');
  return value;
}

/** GET {id}/yardstik-onboarding-info: the saved details and the activation. */
export const useYardstikOnboarding = (organizationId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: key(organizationId),
    queryFn: () =>
      answered(
        api.get(`${base}/${encodeURIComponent(organizationId ?? '')}/yardstik-onboarding-info`, {
          schema: yardstikOnboardingSchema,
        }),
      ),
    enabled: enabled && organizationId !== null,
    retry: false,
  });

function useOnboardingMutation<A>(
  organizationId: string | null,
  call: (arg: A) => Promise<YardstikOnboarding>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (view) => {
      queryClient.setQueryData(key(organizationId), view);
      await queryClient.invalidateQueries({ queryKey: activeProfileKey });
    },
  });
}

/** PUT {id}/yardstik-onboarding-info. */
export const useSaveYardstikOnboarding = (organizationId: string | null) =>
  useOnboardingMutation(organizationId, (info: unknown) =>
    answered(
      api.put(`${base}/${encodeURIComponent(organizationId ?? '')}/yardstik-onboarding-info`, info, {
        schema: yardstikOnboardingSchema,
      }),
    ),
  );

/** POST {id}/yardstik-account: opens the organization's Yardstik account from the saved details. */
export const useCreateYardstikAccount = (organizationId: string | null) =>
  useOnboardingMutation(organizationId, () =>
    answered(
      api.post(`${base}/${encodeURIComponent(organizationId ?? '')}/yardstik-account`, undefined, {
        schema: yardstikOnboardingSchema,
      }),
    ),
  );

/** GET {id}/yardstik-onboarding-status, asked again (the vendor activates the account after its review). */
export function useRefreshYardstikStatus(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      answered(
        api.get(`${base}/${encodeURIComponent(organizationId ?? '')}/yardstik-onboarding-status`, {
          schema: yardstikOnboardingStatusSchema,
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key(organizationId) });
      await queryClient.invalidateQueries({ queryKey: activeProfileKey });
    },
  });
}
