import type { Deps, RequestContext } from '../../deps.ts';
import type {
  Account,
  EmergencyContact,
  ReplaceEmergencyContactsBody,
  UpdateContactInformationBody,
} from '@touchline/contracts/account';
import { recordAuditEvent } from '../../db/audit.ts';
import { notFound } from '../../errors.ts';
import {
  contactInformationOf,
  emergencyContactsOf,
  replaceEmergencyContactRows,
  upsertContactInformation,
} from './account.queries.ts';
import { profilePhotoDetails } from './profile-photo.ts';
import { findProfile } from './profiles.queries.ts';

const emptyContactInformation = { email: null, address: null, city: null, phone: null, stateId: null };

/**
 * GET /api/app/account: the signed-in user (names and e-mail from the identity account, date of birth from the
 * current profile) and the current profile's photo, contact information and emergency contacts. Only ever one's own:
 * the current profile is the only one it reads, so there is no role to check.
 */
export async function getAccount(deps: Deps, ctx: RequestContext): Promise<Account> {
  const db = deps.db;
  const [profile, user, contact, contacts] = await Promise.all([
    findProfile(db, ctx.organizationId, ctx.profileId),
    deps.identityDirectory.findUser(ctx.userId),
    contactInformationOf(db, ctx.organizationId, ctx.profileId),
    emergencyContactsOf(db, ctx.organizationId, ctx.profileId),
  ]);
  if (!profile || !user) throw notFound('Account');
  const { id: contactId, ...contactInformation } = contact ?? { id: null, ...emptyContactInformation };
  return {
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      dateOfBirth: profile.dateOfBirth,
    },
    profile: {
      ...(await profilePhotoDetails(deps, profile)),
      profileContactInformationId: contactId,
      profileContactInformation: contactInformation,
      profileEmergencyContact: contacts,
    },
  };
}

/**
 * PUT /api/app/account/contact-information: saves the current profile's contact information (blank clears); or, for
 * a guardian, their child's (`profileId`, already checked by the caller).
 */
export async function updateContactInformation(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  body: UpdateContactInformationBody,
  profileId: string = ctx.profileId,
) {
  return deps.db.transaction(async (tx) => {
    const saved = await upsertContactInformation(tx, ctx.organizationId, profileId, body);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.contact_information_saved',
      entityType: 'profile',
      entityId: profileId,
      data: { fields: Object.keys(body).filter((k) => body[k as keyof typeof body] !== null) },
    });
    return saved;
  });
}

/**
 * PUT /api/app/account/emergency-contacts: replaces the current profile's list (or, for a guardian, their child's:
 * `profileId`, already checked by the caller). A contact sent with the id of one already saved keeps that id; other
 * ids are ignored and new ones given, so ids cannot be borrowed.
 */
export async function replaceEmergencyContacts(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  body: ReplaceEmergencyContactsBody,
  profileId: string = ctx.profileId,
): Promise<EmergencyContact[]> {
  return deps.db.transaction(async (tx) => {
    const existing = new Set((await emergencyContactsOf(tx, ctx.organizationId, profileId)).map((c) => c.id));
    const kept = new Set<string>();
    const contacts = body.contacts.map(({ id, ...values }) => {
      const reuse = id !== undefined && existing.has(id) && !kept.has(id);
      const contactId = reuse ? id : crypto.randomUUID();
      kept.add(contactId);
      return { ...values, id: contactId };
    });
    const saved = await replaceEmergencyContactRows(tx, ctx.organizationId, profileId, contacts);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.emergency_contacts_replaced',
      entityType: 'profile',
      entityId: profileId,
      data: { count: contacts.length },
    });
    const order = new Map(contacts.map((c, i) => [c.id, i]));
    return saved.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  });
}
