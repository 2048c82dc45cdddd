import { z } from 'zod';
import { emailSchema, emailedTokenSchema } from './accounts.ts';
import { signupStepSchema } from './signup.ts';
import { singleLineText } from './text.ts';

/**
 * Days after the invitation on which the activation e-mails go out until the member accepts. Day 0 is the
 * invitation e-mail itself; the others are reminders (our schedule: the spec names no days).
 */
export const invitationReminderDays = [0, 2, 4, 7, 10] as const;

/** Longest name or external id a member invitation accepts. */
export const memberNameMaxLength = 100;

/** A member's first or last name as an inviter types it; the messages are shown under the field. */
export const memberNameSchema = (what: 'first name' | 'last name') =>
  singleLineText({ message: `Enter the ${what}` })
    .min(1, `Enter the ${what}`)
    .max(memberNameMaxLength, `Use at most ${memberNameMaxLength} characters`);

/** A partner system's id for the member (plas-by-external-id); empty means none. */
export const externalIdSchema = singleLineText()
  .max(memberNameMaxLength, `Use at most ${memberNameMaxLength} characters`)
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Body of POST /api/app/invitation: who to invite, to which level, with which role label. */
export const inviteMemberBodySchema = z.object({
  email: emailSchema,
  firstName: memberNameSchema('first name'),
  lastName: memberNameSchema('last name'),
  hierarchyLevelId: z.uuid('Choose a level'),
  labelId: z.uuid('Choose a role'),
  externalId: externalIdSchema,
});
/** The parsed invite body. */
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;

/** Answer of POST /api/app/invitation (201): the profile (new or reused) and its new access. */
export const inviteMemberResponseSchema = z.object({
  profileId: z.string(),
  profileLevelAccessId: z.string(),
});
/** The parsed invite answer. */
export type InviteMemberResponse = z.infer<typeof inviteMemberResponseSchema>;

/** Query of GET /api/app/invitation/next-step-from-token (§7); a missing token answers the 'error' step. */
export const invitationNextStepQuerySchema = z.object({ token: z.string().max(200).optional() });

/**
 * Answer of GET /api/app/invitation/next-step-from-token: the signup step the invitation link leads to (§2), the
 * invited address and names for the signup form, where the invitation leads, or the reason it cannot be used.
 */
export const invitationNextStepSchema = z.object({
  step: signupStepSchema,
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  organizationName: z.string().optional(),
  levelName: z.string().optional(),
  /** The role label the invitation gives (ours): a signed-in invitee is asked to "Join {organization} as {role}". */
  roleName: z.string().optional(),
  message: z.string().optional(),
  /** Ours: the invitation was accepted already, so a signed-in invitee is told so and sent on, not asked to join. */
  accepted: z.boolean().optional(),
});
/** The parsed next step of an invitation. */
export type InvitationNextStep = z.infer<typeof invitationNextStepSchema>;

/** Body of POST /api/app/invitation/accept: the token of the invitation link. */
export const acceptInvitationBodySchema = z.object({ token: emailedTokenSchema });
/** The parsed accept body. */
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/**
 * Body of POST /api/app/invitation/confirm-address (ours, ADR 033): the invitation link proves the address, so the
 * account just registered for it from the link is confirmed without a second e-mail — the account whose password is
 * given, so nobody else's.
 */
export const confirmInvitedAddressBodySchema = z.object({
  token: emailedTokenSchema,
  password: z.string().min(1, 'Enter the password').max(1000),
});
/** The parsed confirm-address body. */
export type ConfirmInvitedAddressBody = z.infer<typeof confirmInvitedAddressBodySchema>;

/** Answer of POST /api/app/invitation/accept: the profile now current, and the level the web opens. */
export const acceptInvitationResponseSchema = z.object({
  organizationId: z.string(),
  profileId: z.string(),
  hierarchyLevelId: z.string(),
});
/** The parsed accept answer. */
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

/** Path parameters of POST /api/app/invitation/{profileLevelAccessId}/resend. */
export const resendInvitationParamsSchema = z.object({
  profileLevelAccessId: z.uuid('Not a member access id'),
});

/** What the invitation calls say, word for word, so server, web and tests agree. */
export const invitationMessages = {
  invalidLink:
    'This invitation link is no longer valid. A newer invitation e-mail may have replaced it, or the invitation was withdrawn: open the most recent invitation e-mail, or ask the person who invited you to send it again.',
  otherAddress: 'This invitation was sent to another e-mail address',
  acceptedByAnother: 'This invitation was already accepted by another account',
  alreadyAccepted: 'This invitation was already accepted',
  alreadyMember: 'This person is already a member of this level',
  noEmail: 'This member has no e-mail address to send an invitation to',
  roleNeedsAdmin: 'Only an administrator at this level can give a role that carries permissions',
  passwordMismatch: 'This is not the password of the account for the invited address',
} as const;
