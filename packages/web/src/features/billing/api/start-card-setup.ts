import { cardSetupResponseSchema, type CardSetupResponse } from '@touchline/contracts/billing';
import { api } from '../../../lib/api-client.ts';

/** POST /api/app/organization/{id}/payment-method/setup: a card setup the browser confirms with the provider. */
export async function startCardSetup(organizationId: string): Promise<CardSetupResponse> {
  const setup = await api.post(
    `/api/app/organization/${encodeURIComponent(organizationId)}/payment-method/setup`,
    undefined,
    { schema: cardSetupResponseSchema },
  );
  if (!setup) throw new Error('The card setup answer was empty');
  return setup;
}
