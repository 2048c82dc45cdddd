import { useMutation } from '@tanstack/react-query';
import { acceptPolicyBodySchema, type AcceptanceType } from '@touchline/contracts/roles';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

/** POST /api/app/user-acceptance/accept (§7): records one acceptance; only a 204 counts as success (§5). */
export async function acceptPolicy(acceptedType: AcceptanceType): Promise<void> {
  await api.post('/api/app/user-acceptance/accept', acceptPolicyBodySchema.parse({ acceptedType }), {
    expectStatus: 204,
  });
}

/** Thrown when the acceptances were saved but the token could not be refreshed (§8: go to /logout). */
export class PolicyRefreshFailedError extends Error {
  constructor(cause: unknown) {
    super('The session could not be refreshed after accepting the policies', { cause });
    this.name = 'PolicyRefreshFailedError';
  }
}

/**
 * Accepts every missing policy, then refreshes the token so its claims carry the acceptances (§4 policy
 * acceptance); the Updated Policies modal closes once the new claims arrive.
 */
export async function acknowledgePolicies(missing: readonly AcceptanceType[]): Promise<void> {
  for (const type of missing) await acceptPolicy(type);
  try {
    await session.refresh();
  } catch (error) {
    throw new PolicyRefreshFailedError(error);
  }
}

/** The acknowledge mutation of the Updated Policies modal. */
export const useAcknowledgePolicies = () => useMutation({ mutationFn: acknowledgePolicies });
