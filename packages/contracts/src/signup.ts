import { z } from 'zod';

/** How a signup starts (§2): from a signup URL or from an invitation. */
export const SignupEntryMode = { SignupUrl: 'signup-url', Invitation: 'invitation' } as const;
/** One signup entry mode. */
export type SignupEntryMode = (typeof SignupEntryMode)[keyof typeof SignupEntryMode];

/** Validates a signup entry mode. */
export const signupEntryModeSchema = z.enum(SignupEntryMode);

/** Steps of the signup flow (§2), e.g. the invitation next-step answer. */
export const SignupStep = {
  AskForEmail: 'ask-for-email',
  FullSignupForm: 'full-signup-form',
  Login: 'login',
  NeedToConfirmEmail: 'need-to-confirm-email',
  Error: 'error',
} as const;
/** One signup step. */
export type SignupStep = (typeof SignupStep)[keyof typeof SignupStep];

/** Validates a signup step. */
export const signupStepSchema = z.enum(SignupStep);
