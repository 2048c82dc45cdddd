import type {
  EmergencyContact,
  ProfileContactDetails,
  ReplaceEmergencyContactsBody,
  SavedContactInformation,
  UpdateContactInformationBody,
} from '@touchline/contracts/account';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { contactInformationOf, emergencyContactsOf } from './account.queries.ts';
import { replaceEmergencyContacts, updateContactInformation } from './account.service.ts';
import { profilePolicy } from './profiles.policy.ts';
import { loadProfileTarget } from './profiles.service.ts';

// A profile's contact information and emergency contacts by id (ours; issue 31, ADR 041 part five): one's own or
// one's child's — the guardian completes the child's address and emergency contact, prefilled from the league
// partner. Another organization's profile (or none) is 404; anyone else 403 (a manager included). A guardian's read
// of a child's details is audited.

const readable = async (deps: Pick<Deps, 'db'>, ctx: RequestContext, profileId: string) => {
  const { target } = await loadProfileTarget(deps.db, ctx, profileId);
  authorize(
    profilePolicy.contactDetails(ctx, target),
    'Only the member or their guardian sees their contact details',
  );
  return target;
};

/** GET /api/app/profile/{id}/contact-details. */
export async function getProfileContactDetails(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { profileId }: { profileId: string },
): Promise<ProfileContactDetails> {
  const target = await readable(deps, ctx, profileId);
  const [contact, contacts] = await Promise.all([
    contactInformationOf(deps.db, ctx.organizationId, profileId),
    emergencyContactsOf(deps.db, ctx.organizationId, profileId),
  ]);
  if (target.guardianProfileId === ctx.profileId)
    await recordAuditEvent(deps.db, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.contact_details_read',
      entityType: 'profile',
      entityId: profileId,
      data: { by: 'guardian' },
    });
  const { id, ...information } = contact ?? {
    id: null,
    email: null,
    address: null,
    city: null,
    phone: null,
    stateId: null,
  };
  return {
    profileContactInformationId: id,
    profileContactInformation: information,
    profileEmergencyContact: contacts,
  };
}

/** PUT /api/app/profile/{id}/contact-information. */
export async function updateProfileContactInformation(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { profileId, body }: { profileId: string; body: UpdateContactInformationBody },
): Promise<SavedContactInformation> {
  await readable(deps, ctx, profileId);
  return updateContactInformation(deps, ctx, body, profileId);
}

/** PUT /api/app/profile/{id}/emergency-contacts. */
export async function replaceProfileEmergencyContacts(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { profileId, body }: { profileId: string; body: ReplaceEmergencyContactsBody },
): Promise<EmergencyContact[]> {
  await readable(deps, ctx, profileId);
  return replaceEmergencyContacts(deps, ctx, body, profileId);
}
