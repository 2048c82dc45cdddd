import { resolveIdentityConfig, type IdentityConfig } from '../config.ts';
import {
  answerAuthorizationRequest,
  readAuthorizationRequest,
  revokePartnerGrants,
  type PendingAuthorization,
} from './authorization.ts';

/**
 * The calls the product server makes on partner sign-in (ADR 041): read a pending authorization request, answer it
 * for the signed-in member once the partner's member id is linked, revoke a partner's grants when the member
 * unlinks. In process when identity is mounted; over /internal/directory with the service secret otherwise.
 */
export type PartnerAuthorizations = {
  read: (id: string) => Promise<PendingAuthorization | null>;
  answer: (input: {
    id: string;
    userId: string;
    approve: boolean;
    ip?: string;
  }) => Promise<{ redirectUrl: string } | null>;
  revoke: (input: { userId: string; clientId: string }) => Promise<number>;
};

/** The partner authorizations of an identity service configured with `config` (the same one it is mounted with). */
export function partnerAuthorizations(config: IdentityConfig): PartnerAuthorizations {
  const resolved = resolveIdentityConfig(config);
  return {
    read: (id) => readAuthorizationRequest(resolved, id),
    answer: (input) => answerAuthorizationRequest(resolved, input),
    revoke: (input) => revokePartnerGrants(resolved, input),
  };
}
