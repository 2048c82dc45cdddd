import { describe, expect, it } from 'vitest';

import {
  canAcknowledgePolicies,
  isAcceptanceClaimSet,
  missingPolicies,
  needsPolicyAcknowledgement,
} from './policies.ts';

const both = { 'User/TermsAccepted': 'True', 'User/PrivacyAccepted': 'True' };

describe('updated policies (spec §2)', () => {
  it('reads the acceptance claims by their spec names', () => {
    expect(missingPolicies(both)).toEqual([]);
    expect(missingPolicies({ 'User/PrivacyAccepted': 'True' })).toEqual(['terms']);
    expect(missingPolicies({ 'User/TermsAccepted': true })).toEqual(['privacy']);
    expect(missingPolicies({})).toEqual(['terms', 'privacy']);
    expect(missingPolicies({ TermsAccepted: 'True', PrivacyAccepted: 'True' })).toEqual(['terms', 'privacy']);
  });

  it.each([
    [undefined, false],
    [null, false],
    [false, false],
    ['', false],
    ['false', false],
    ['False', false],
    [true, true],
    ['True', true],
    ['true', true],
    ['2024-01-01T00:00:00Z', true],
  ])('claim value %j counts as accepted: %s', (value, accepted) => {
    expect(isAcceptanceClaimSet(value)).toBe(accepted);
  });

  it('the modal shows when either claim is missing', () => {
    expect(needsPolicyAcknowledgement(both)).toBe(false);
    expect(needsPolicyAcknowledgement({ 'User/TermsAccepted': 'True' })).toBe(true);
  });

  it('the button needs the terms box only when the terms are missing', () => {
    expect(canAcknowledgePolicies(['terms'], false)).toBe(false);
    expect(canAcknowledgePolicies(['terms', 'privacy'], false)).toBe(false);
    expect(canAcknowledgePolicies(['terms'], true)).toBe(true);
    expect(canAcknowledgePolicies(['privacy'], false)).toBe(true);
  });
});
