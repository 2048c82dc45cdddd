import { z } from 'zod';
import { singleLineText } from './text.ts';

// The organization's Yardstik onboarding: its details, its activation, the permissible purposes (spec §4 Activation).

/** The permissible purposes an organization may screen its people for (FCRA §604); Touchline's is employment. */
export const permissiblePurposes = ['employment'] as const;

const required = (label: string, max: number) =>
  singleLineText().trim().min(1, `Enter ${label}`).max(max, `Use at most ${max} characters`);

/**
 * Body of PUT {id}/yardstik-onboarding-info (and the info GET answers): the organization's legal details Yardstik
 * needs to open an account for it: legal and display names, EIN, business address, the owner who signs, and the
 * permissible purpose (volunteers and staff screened as for employment).
 */
export const yardstikOnboardingInfoSchema = z.object({
  name: required('the name members know the organization by', 200),
  legalName: required('the legal name', 200),
  ein: z
    .string()
    .trim()
    .regex(/^\d{2}-?\d{7}$/, 'Enter the 9-digit EIN, e.g. 12-3456789')
    .transform((ein) => (ein.includes('-') ? ein : `${ein.slice(0, 2)}-${ein.slice(2)}`)),
  address: z.object({
    line1: required('the street address', 200),
    line2: singleLineText().trim().max(200, 'Use at most 200 characters').default(''),
    city: required('the city', 100),
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Enter the two-letter state code')
      .transform((s) => s.toUpperCase()),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  }),
  owner: z.object({
    firstName: required('the owner’s first name', 100),
    lastName: required('the owner’s last name', 100),
    email: z.email('Enter an e-mail address').max(254),
    phone: z
      .string()
      .trim()
      .regex(/^$|^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number')
      .default(''),
  }),
  permissiblePurpose: z.enum(permissiblePurposes, 'Choose the permissible purpose'),
});
/** The onboarding details. */
export type YardstikOnboardingInfo = z.output<typeof yardstikOnboardingInfoSchema>;

/** The saved details as answered (already normalised: no transforms, so responses serialise as they are). */
export const yardstikOnboardingInfoViewSchema = z.object({
  name: z.string(),
  legalName: z.string(),
  ein: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  owner: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
  permissiblePurpose: z.enum(permissiblePurposes),
});

/** The organization's Yardstik activation (spec §4 Activation). */
export const yardstikOnboardingStatuses = ['NotStarted', 'InProgress', 'Submitted', 'Activated'] as const;

/** Response of GET/PUT {id}/yardstik-onboarding-info: the details saved so far (null: none) and the activation. */
export const yardstikOnboardingSchema = z.object({
  info: yardstikOnboardingInfoViewSchema.nullable(),
  status: z.enum(yardstikOnboardingStatuses),
  /** Yardstik's id of the organization's sub-account, once POST {id}/yardstik-account created it. */
  accountId: z.string().nullable(),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  activatedAt: z.iso.datetime({ offset: true }).nullable(),
  sandbox: z.boolean(),
});
/** The onboarding view. */
export type YardstikOnboarding = z.infer<typeof yardstikOnboardingSchema>;

/** Response of GET {id}/yardstik-onboarding-status. */
export const yardstikOnboardingStatusSchema = z.object({
  status: z.enum(yardstikOnboardingStatuses),
});
