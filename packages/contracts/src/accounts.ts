import { z } from 'zod';
import { signupPoliciesTexts } from './messages.ts';
import { singleLineText } from './text.ts';

/** Password rules for new and reset passwords: long enough to resist guessing, short enough to hash cheaply. */
export const passwordRules = { minLength: 10, maxLength: 128 } as const;

/** A new password as typed by the user; the messages are shown under the field. */
export const newPasswordSchema = z
  .string({ message: 'Enter a password' })
  .min(passwordRules.minLength, `Use at least ${passwordRules.minLength} characters`)
  .max(passwordRules.maxLength, `Use at most ${passwordRules.maxLength} characters`);

/** An e-mail address as typed: trimmed, checked, compared case-insensitively by the identity service. */
export const emailSchema = z
  .string({ message: 'Enter your e-mail address' })
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(254, 'That e-mail address is too long')
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

const nameSchema = (what: string) =>
  singleLineText({ message: `Enter your ${what}` })
    .min(1, `Enter your ${what}`)
    .max(100, `Your ${what} is too long`);

/**
 * Body of POST /api/app/app-users/register-account (§7): the full signup form. `acceptedPolicies` (ours) must be
 * true: the account is created having accepted the Terms of Service and the Privacy Policy.
 */
export const registerAccountBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: nameSchema('first name'),
  lastName: nameSchema('last name'),
  acceptedPolicies: z.literal(true, { message: signupPoliciesTexts.required }),
});
/** The parsed register-account body. */
export type RegisterAccountBody = z.infer<typeof registerAccountBodySchema>;

/** Body of POST /api/app/app-users/forgot-password (§7). */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
/** The parsed forgot-password body. */
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** A single-use token from an e-mailed link (reset password, confirm e-mail). */
export const emailedTokenSchema = z
  .string({ message: 'The link is incomplete' })
  .min(20, 'The link is incomplete')
  .max(200, 'The link is not valid');

/** Body of POST /api/app/app-users/reset-password (§7): the e-mailed token and the new password. */
export const resetPasswordBodySchema = z.object({ token: emailedTokenSchema, password: newPasswordSchema });
/** The parsed reset-password body. */
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** Body of POST /api/app/app-users/confirm-email: the token from the confirmation e-mail. */
export const confirmEmailBodySchema = z.object({ token: emailedTokenSchema });
/** The parsed confirm-email body. */
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

/** Body of POST /api/app/app-users/resend-confirmation: sends the confirmation again if the account waits for it. */
export const resendConfirmationBodySchema = z.object({ email: emailSchema });

/**
 * The one answer of register-account, forgot-password and resend-confirmation, whether or not the e-mail
 * has an account, so no one can learn who is registered (no user enumeration).
 */
export const accountRequestAcceptedSchema = z.object({ message: z.string() });

/** What the answers above say, word for word, whatever happened behind them. */
export const accountRequestMessages = {
  registered: 'Check your e-mail: we sent a link to confirm your address.',
  forgotPassword: 'If an account exists for that address, we sent a link to reset the password.',
  resendConfirmation: 'If that address is waiting for confirmation, we sent a new link.',
} as const;

/** RFC 6749 §5.2 error codes the token endpoint answers with. */
export const TokenErrorCode = {
  InvalidRequest: 'invalid_request',
  InvalidClient: 'invalid_client',
  InvalidGrant: 'invalid_grant',
  UnauthorizedClient: 'unauthorized_client',
  UnsupportedGrantType: 'unsupported_grant_type',
  InvalidScope: 'invalid_scope',
  /** Not in RFC 6749: too many attempts; the answer is 429 with Retry-After. */
  SlowDown: 'slow_down',
} as const;
/** One token-endpoint error code. */
export type TokenErrorCode = (typeof TokenErrorCode)[keyof typeof TokenErrorCode];

/** An error answer of /connect/token in RFC 6749 form. */
export const tokenErrorSchema = z.object({
  error: z.enum(TokenErrorCode),
  error_description: z.string().optional(),
});
/** The parsed token error. */
export type TokenError = z.infer<typeof tokenErrorSchema>;

/** What the sign-in page says for a wrong e-mail or password: the same words for both. */
export const invalidCredentialsMessage = 'The e-mail address or password is incorrect.';

/** What the sign-in page says while the address still waits for confirmation (only after a correct password). */
export const emailNotConfirmedMessage = 'Confirm your e-mail address first: use the link we sent you.';

/** The first-party web client, the only one allowed the password grant (ARCHITECTURE §2). */
export const webClientId = 'touchline-web';

/** The scope the web client asks for. */
export const webClientScope = 'openid offline_access touchline';
