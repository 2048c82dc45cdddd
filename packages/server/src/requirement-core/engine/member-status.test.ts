import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { deriveMemberOverallStatus, type MemberStatusFacts } from './member-status.ts';

const status = fc.constantFrom(...Object.values(RequirementStatus));
const requirement = fc.record({ status, isOptional: fc.boolean() });
const facts: fc.Arbitrary<MemberStatusFacts> = fc.record({
  hasAccount: fc.boolean(),
  disqualified: fc.boolean(),
  requirements: fc.array(requirement, { maxLength: 8 }),
});
const done: RequirementStatus[] = [RequirementStatus.Completed, RequirementStatus.ExpiringSoon];

describe('deriveMemberOverallStatus', () => {
  it('reads the rules on examples', () => {
    const member = { hasAccount: true, disqualified: false };
    const mandatory = (s: RequirementStatus) => ({ status: s, isOptional: false });
    expect(deriveMemberOverallStatus({ ...member, requirements: [] })).toBe(
      MemberOverallStatus.NoRequirements,
    );
    expect(deriveMemberOverallStatus({ ...member, hasAccount: false, requirements: [] })).toBe(
      MemberOverallStatus.NotActivated,
    );
    expect(deriveMemberOverallStatus({ ...member, requirements: [{ status: 0, isOptional: true }] })).toBe(
      MemberOverallStatus.Optional,
    );
    expect(deriveMemberOverallStatus({ ...member, requirements: [mandatory(3), mandatory(6)] })).toBe(
      MemberOverallStatus.Cleared,
    );
    expect(deriveMemberOverallStatus({ ...member, requirements: [mandatory(3), mandatory(7)] })).toBe(
      MemberOverallStatus.NotConfirmed,
    );
    expect(deriveMemberOverallStatus({ ...member, requirements: [mandatory(3), mandatory(5)] })).toBe(
      MemberOverallStatus.Incomplete,
    );
    expect(deriveMemberOverallStatus({ ...member, disqualified: true, requirements: [mandatory(3)] })).toBe(
      MemberOverallStatus.Disqualified,
    );
  });

  it('is Disqualified exactly when a review disqualified the member', () => {
    fc.assert(
      fc.property(facts, (f) => {
        expect(deriveMemberOverallStatus(f) === MemberOverallStatus.Disqualified).toBe(f.disqualified);
      }),
    );
  });

  it('is Invite Pending for every undisqualified member without an account', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const s = deriveMemberOverallStatus(f);
        if (!f.disqualified) expect(s === MemberOverallStatus.NotActivated).toBe(!f.hasAccount);
      }),
    );
  });

  it('is Cleared exactly when at least one mandatory requirement exists and every one is done', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const mandatory = f.requirements.filter((r) => !r.isOptional);
        const cleared =
          !f.disqualified &&
          f.hasAccount &&
          mandatory.length > 0 &&
          mandatory.every((r) => done.includes(r.status));
        expect(deriveMemberOverallStatus(f) === MemberOverallStatus.Cleared).toBe(cleared);
      }),
    );
  });

  it('never depends on optional requirements once a mandatory one exists', () => {
    fc.assert(
      fc.property(facts, fc.array(status, { maxLength: 4 }), (f, optional) => {
        fc.pre(f.requirements.some((r) => !r.isOptional));
        const more = [...f.requirements, ...optional.map((s) => ({ status: s, isOptional: true }))];
        expect(deriveMemberOverallStatus({ ...f, requirements: more })).toBe(deriveMemberOverallStatus(f));
      }),
    );
  });

  it('is Optional or NoRequirements only when no mandatory requirement is assigned', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const s = deriveMemberOverallStatus(f);
        if (s === MemberOverallStatus.Optional) expect(f.requirements.length).toBeGreaterThan(0);
        if (s === MemberOverallStatus.Optional || s === MemberOverallStatus.NoRequirements)
          expect(f.requirements.every((r) => r.isOptional)).toBe(true);
      }),
    );
  });
});

describe('a standing restricting condition (ADR 040)', () => {
  it('is never Cleared, NoRequirements, Optional or NotConfirmed: Incomplete instead; other statuses stay', () => {
    const member = { hasAccount: true, disqualified: false, restricted: true };
    const mandatory = (s: RequirementStatus) => ({ status: s, isOptional: false });
    for (const requirements of [
      [],
      [{ status: 0, isOptional: true }],
      [mandatory(3)],
      [mandatory(7)],
    ] as const)
      expect(deriveMemberOverallStatus({ ...member, requirements })).toBe(MemberOverallStatus.Incomplete);
    expect(deriveMemberOverallStatus({ ...member, hasAccount: false, requirements: [] })).toBe(
      MemberOverallStatus.NotActivated,
    );
    expect(deriveMemberOverallStatus({ ...member, disqualified: true, requirements: [] })).toBe(
      MemberOverallStatus.Disqualified,
    );
    expect(deriveMemberOverallStatus({ ...member, restricted: false, requirements: [mandatory(3)] })).toBe(
      MemberOverallStatus.Cleared,
    );
  });
});
