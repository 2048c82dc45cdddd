import { AcceptanceType, AccessTokenClaim } from './roles.ts';

/**
 * Whether an acceptance claim counts as accepted. The spec says the modal shows when the token "lacks" the claim;
 * we also treat an explicit false ('false', 'False', false) or an empty value as not accepted.
 */
export function isAcceptanceClaimSet(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value !== '' && value.toLowerCase() !== 'false';
  return true;
}

/** The policies the user still has to accept, read from the access-token claims (§2), terms first. */
export function missingPolicies(claims: Readonly<Record<string, unknown>>): AcceptanceType[] {
  const missing: AcceptanceType[] = [];
  if (!isAcceptanceClaimSet(claims[AccessTokenClaim.TermsAccepted])) missing.push(AcceptanceType.Terms);
  if (!isAcceptanceClaimSet(claims[AccessTokenClaim.PrivacyAccepted])) missing.push(AcceptanceType.Privacy);
  return missing;
}

/** Whether a logged-in user must see the Updated Policies modal (§2): a policy claim is missing. */
export function needsPolicyAcknowledgement(claims: Readonly<Record<string, unknown>>): boolean {
  return missingPolicies(claims).length > 0;
}

/**
 * Whether 'Acknowledge Updated Policies' is enabled (§2, §5): the terms box must be ticked, but only when the
 * terms are among the missing policies.
 */
export function canAcknowledgePolicies(
  missing: readonly AcceptanceType[],
  termsCheckboxTicked: boolean,
): boolean {
  return termsCheckboxTicked || !missing.includes(AcceptanceType.Terms);
}
