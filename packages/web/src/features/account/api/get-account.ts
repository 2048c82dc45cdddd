import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSchema, type Account } from '@touchline/contracts/account';
import { api } from '../../../lib/api-client.ts';

/** Query key of the account; every account mutation updates or invalidates it. */
export const accountKey = ['account'] as const;

/** GET /api/app/account (ours): the signed-in user and their current profile's settings. */
export async function getAccount(): Promise<Account> {
  const account = await api.get('/api/app/account', { schema: accountSchema });
  if (!account) throw new Error('The account answer was empty');
  return account;
}

/** Query options of the account settings page. */
export const accountQueryOptions = () => queryOptions({ queryKey: accountKey, queryFn: getAccount });

/** The signed-in user's account settings. */
export const useAccount = () => useQuery(accountQueryOptions());
