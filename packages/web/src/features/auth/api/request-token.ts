import { useMutation } from '@tanstack/react-query';
import { webClientId, webClientScope } from '@touchline/contracts/accounts';
import {
  passwordGrantFormSchema,
  passwordGrantType,
  tokenResponseSchema,
  type TokenResponse,
} from '@touchline/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

/** What the sign-in form submits. */
export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * POST /connect/token with the password grant (spec §7), form-encoded as RFC 6749 requires. A wrong e-mail or
 * password is a 400 whose error_description the page shows; too many attempts is a 429 with Retry-After.
 */
export async function requestPasswordToken(email: string, password: string): Promise<TokenResponse> {
  const form = passwordGrantFormSchema.parse({
    grant_type: passwordGrantType,
    client_id: webClientId,
    scope: webClientScope,
    username: email,
    password,
  });
  const tokens = await api.post('/connect/token', new URLSearchParams(form), {
    schema: tokenResponseSchema,
    auth: false,
  });
  if (!tokens) throw new Error('The identity service sent no tokens');
  return tokens;
}

/** Signs in: gets the tokens, then keeps them in the sealed session cookie (spec §4 login). */
export async function signIn({ email, password, remember }: SignInInput): Promise<void> {
  const tokens = await requestPasswordToken(email, password);
  await session.signIn(tokens, remember);
}

/** The sign-in mutation of the sign-in page. */
export const useSignIn = () => useMutation({ mutationFn: signIn });
