import { z } from 'zod';

import { nameLastNameDobBodySchema, optionalEmailSchema, personNameSchema } from './profiles.ts';
import { singleLineText } from './text.ts';

// The account settings calls (/account/settings). The spec shows the Account's fields (§3) but not the calls that
// read and save them; /api/app/account… are ours.

/** The most emergency contacts a profile keeps. */
export const maxEmergencyContacts = 5;

/** The largest profile photo accepted, in bytes (5 MB). */
export const profilePhotoMaxBytes = 5 * 1024 * 1024;

/** The image types a profile photo may be, recognized by their bytes rather than their name. */
export const profilePhotoMimeTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** One accepted profile photo type. */
export type ProfilePhotoMimeType = (typeof profilePhotoMimeTypes)[number];

/** Said when a photo is larger than {@link profilePhotoMaxBytes}. */
export const profilePhotoTooLargeMessage = 'The photo is larger than 5 MB. Choose a smaller image.';
/** Said when a photo is not a PNG, JPEG or WebP image. */
export const profilePhotoWrongTypeMessage = 'The photo must be a PNG, JPEG or WebP image.';
/** Said when the upload carries no `photo` file. */
export const profilePhotoMissingMessage = 'Choose a photo to upload.';

/** The user part of the account (spec §3): the identity account's names and e-mail, and the date of birth. */
export const accountUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The sign-in address: shown, never changed from account settings. */
  email: z.string(),
  dateOfBirth: z.string().nullable(),
});
/** The account's user part. */
export type AccountUser = z.infer<typeof accountUserSchema>;

/** A profile's contact information (spec §3 profileContactInformation). */
export const contactInformationSchema = z.object({
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  stateId: z.string().nullable(),
});
/** Contact information. */
export type ContactInformation = z.infer<typeof contactInformationSchema>;

/** One emergency contact (spec §3 profileEmergencyContact). */
export const emergencyContactSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  relationship: z.string(),
  phone: z.string().nullable(),
  profileId: z.string(),
});
/** One emergency contact. */
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/**
 * The profile part of the account (spec §3). The photo travels as a signed, expiring link (`photoUrl`) rather than
 * inline: `photoData` stays in the contract for the spec's sake and is never filled.
 */
export const accountProfileSchema = z.object({
  photoData: z.string().nullable().optional(),
  photoUrl: z.string().nullable(),
  photoName: z.string().nullable(),
  photoExtension: z.string().nullable(),
  profileContactInformationId: z.string().nullable(),
  profileContactInformation: contactInformationSchema,
  profileEmergencyContact: z.array(emergencyContactSchema),
});
/** The account's profile part. */
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** Answer of GET /api/app/account: the signed-in user and their current profile's settings. */
export const accountSchema = z.object({ user: accountUserSchema, profile: accountProfileSchema });
/** The account. */
export type Account = z.infer<typeof accountSchema>;

/** Body of PUT /api/app/account/user: names and date of birth (the e-mail is the sign-in address, read-only). */
export const updateAccountUserBodySchema = nameLastNameDobBodySchema;
/** The parsed account-user body. */
export type UpdateAccountUserBody = z.infer<typeof updateAccountUserBodySchema>;

const optionalText = (what: string, max: number) =>
  singleLineText({ message: `Enter the ${what}` })
    .max(max, `The ${what} is too long (${max} characters at most)`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A phone number as people write it: digits with spaces, dashes, dots, brackets and a leading +. */
export const optionalPhoneSchema = optionalText('phone number', 25).refine(
  (value) => value === null || (/^\+?[0-9 ().-]+$/.test(value) && value.replace(/\D/g, '').length >= 7),
  { message: 'Enter a valid phone number' },
);

/** Body of PUT /api/app/account/contact-information: every field optional, blank clears it. */
export const updateContactInformationBodySchema = z.object({
  email: optionalEmailSchema,
  address: optionalText('address', 200),
  city: optionalText('city', 100),
  phone: optionalPhoneSchema,
  stateId: optionalText('state', 50),
});
/** The parsed contact-information body. */
export type UpdateContactInformationBody = z.infer<typeof updateContactInformationBodySchema>;
/** The contact-information body as a form sends it. */
export type UpdateContactInformationInput = z.input<typeof updateContactInformationBodySchema>;

/** Answer of PUT /api/app/account/contact-information: the saved information and its id. */
export const savedContactInformationSchema = contactInformationSchema.extend({ id: z.string() });
/** Saved contact information. */
export type SavedContactInformation = z.infer<typeof savedContactInformationSchema>;

/** One emergency contact as entered; `id` keeps an existing contact's identity across saves. */
export const emergencyContactInputSchema = z.object({
  id: z.uuid().optional(),
  firstName: personNameSchema('first name'),
  lastName: personNameSchema('last name'),
  email: optionalEmailSchema,
  relationship: singleLineText({ message: 'Enter the relationship' })
    .min(1, 'Enter the relationship')
    .max(50, 'The relationship is too long (50 characters at most)'),
  phone: optionalPhoneSchema,
});
/** One emergency contact as entered. */
export type EmergencyContactInput = z.input<typeof emergencyContactInputSchema>;

/** Body of PUT /api/app/account/emergency-contacts: the whole list, which replaces the saved one. */
export const replaceEmergencyContactsBodySchema = z.object({
  contacts: z
    .array(emergencyContactInputSchema)
    .max(maxEmergencyContacts, `Keep at most ${maxEmergencyContacts} emergency contacts`),
});
/** The parsed emergency-contacts body. */
export type ReplaceEmergencyContactsBody = z.infer<typeof replaceEmergencyContactsBodySchema>;

/** Answer of PUT /api/app/account/emergency-contacts: the saved list, in order. */
export const emergencyContactsResponseSchema = z.array(emergencyContactSchema);

/** Answer of POST /api/app/account/photo: the new photo's signed link and name. */
export const accountPhotoSchema = accountProfileSchema.pick({
  photoUrl: true,
  photoName: true,
  photoExtension: true,
});
/** The saved photo. */
export type AccountPhoto = z.infer<typeof accountPhotoSchema>;

/**
 * Answer of GET /api/app/profile/{id}/contact-details (ours; issue 31: a guardian completes their child's address and
 * emergency contacts, prefilled from a league partner): the profile's contact information and emergency contacts.
 */
export const profileContactDetailsSchema = accountProfileSchema.pick({
  profileContactInformationId: true,
  profileContactInformation: true,
  profileEmergencyContact: true,
});
/** A profile's contact details. */
export type ProfileContactDetails = z.infer<typeof profileContactDetailsSchema>;
