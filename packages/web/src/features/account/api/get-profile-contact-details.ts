import { useQuery } from '@tanstack/react-query';
import { profileContactDetailsSchema, type ProfileContactDetails } from '@touchline/contracts/account';
import { api } from '../../../lib/api-client.ts';

/** Query key of one profile's contact details (a guardian's child's: issue 31). */
export const profileContactDetailsKey = (profileId: string) =>
  ['profile-contact-details', profileId] as const;

/** GET /api/app/profile/{id}/contact-details (ours): one's own or one's child's contact details. */
export async function getProfileContactDetails(profileId: string): Promise<ProfileContactDetails> {
  const details = await api.get(`/api/app/profile/${encodeURIComponent(profileId)}/contact-details`, {
    schema: profileContactDetailsSchema,
  });
  if (!details) throw new Error('The contact details answer was empty');
  return details;
}

/** A child's contact information and emergency contacts, for their guardian (none asked until the id is known). */
export const useProfileContactDetails = (profileId: string | null) =>
  useQuery({
    queryKey: profileContactDetailsKey(profileId ?? ''),
    queryFn: () => getProfileContactDetails(profileId ?? ''),
    enabled: profileId !== null,
  });
