import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UpdateContactInformationBody } from '@touchline/contracts/account';
import type { Executor } from '../../db/client.ts';
import { profileContactInformations, profileEmergencyContacts, storedFiles } from '../../db/schema/index.ts';

/** A profile's contact information row, or undefined when none was saved yet. */
export async function contactInformationOf(db: Executor, organizationId: string, profileId: string) {
  const [row] = await db
    .select({
      id: profileContactInformations.id,
      email: profileContactInformations.email,
      address: profileContactInformations.address,
      city: profileContactInformations.city,
      phone: profileContactInformations.phone,
      stateId: profileContactInformations.stateId,
    })
    .from(profileContactInformations)
    .where(
      and(
        eq(profileContactInformations.organizationId, organizationId),
        eq(profileContactInformations.profileId, profileId),
      ),
    );
  return row;
}

/** Creates or replaces a profile's one contact information row (unique per organization and profile). */
export async function upsertContactInformation(
  db: Executor,
  organizationId: string,
  profileId: string,
  values: UpdateContactInformationBody,
) {
  const [row] = await db
    .insert(profileContactInformations)
    .values({ organizationId, profileId, ...values })
    .onConflictDoUpdate({
      target: [profileContactInformations.organizationId, profileContactInformations.profileId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning({
      id: profileContactInformations.id,
      email: profileContactInformations.email,
      address: profileContactInformations.address,
      city: profileContactInformations.city,
      phone: profileContactInformations.phone,
      stateId: profileContactInformations.stateId,
    });
  if (!row) throw new Error('the contact information was not saved');
  return row;
}

const contactColumns = {
  id: profileEmergencyContacts.id,
  firstName: profileEmergencyContacts.firstName,
  lastName: profileEmergencyContacts.lastName,
  email: profileEmergencyContacts.email,
  relationship: profileEmergencyContacts.relationship,
  phone: profileEmergencyContacts.phone,
  profileId: profileEmergencyContacts.profileId,
};

/** A profile's emergency contacts in the order the user gave them. */
export function emergencyContactsOf(db: Executor, organizationId: string, profileId: string) {
  return db
    .select(contactColumns)
    .from(profileEmergencyContacts)
    .where(
      and(
        eq(profileEmergencyContacts.organizationId, organizationId),
        eq(profileEmergencyContacts.profileId, profileId),
      ),
    )
    .orderBy(asc(profileEmergencyContacts.sortOrder), asc(profileEmergencyContacts.createdAt));
}

/** One emergency contact as saved. */
export type EmergencyContactValues = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  relationship: string;
  phone: string | null;
};

/** Replaces a profile's emergency contacts with `contacts`, in that order (ids are kept by the caller). */
export async function replaceEmergencyContactRows(
  db: Executor,
  organizationId: string,
  profileId: string,
  contacts: readonly EmergencyContactValues[],
) {
  await db
    .delete(profileEmergencyContacts)
    .where(
      and(
        eq(profileEmergencyContacts.organizationId, organizationId),
        eq(profileEmergencyContacts.profileId, profileId),
      ),
    );
  if (contacts.length === 0) return [];
  return db
    .insert(profileEmergencyContacts)
    .values(contacts.map((c, sortOrder) => ({ ...c, organizationId, profileId, sortOrder })))
    .returning(contactColumns);
}

/** A live stored file of an organization, or undefined. */
export async function storedFileOf(db: Executor, organizationId: string, fileId: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.organizationId, organizationId),
        eq(storedFiles.id, fileId),
        isNull(storedFiles.deletedAt),
      ),
    );
  return row;
}
