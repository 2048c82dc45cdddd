import { describe, expect, it } from 'vitest';

import {
  RequirementAction,
  commonRequirementActions,
  requirementTypeActions,
  requirementTypeHasAction,
  waiverActions,
} from './requirement-actions.ts';
import { RequirementType } from './requirement-types.ts';

// Spec §6: the general actions, then what each type adds (Waiver has its own set).
const common = [
  'begin',
  'upload',
  'complete',
  'view',
  'download',
  'delete',
  'review',
  'viewCompletion',
  'markComplete',
  'markIncomplete',
];
const expected: Record<number, string[]> = {
  0: [...common, 'openLink'],
  1: [...common, 'downloadContent'],
  2: ['accept', 'view', 'download'],
  3: [...common, 'run'],
  4: [...common, 'watch'],
  5: common,
  6: [...common, 'setBirthDate'],
  7: common,
  8: common,
  9: common,
  10: [...common, 'submit'],
  11: [...common, 'viewLicenses', 'setUsSoccerId'],
};

describe('requirement actions', () => {
  it('names every action of spec §6 once', () => {
    expect(Object.values(RequirementAction).sort()).toEqual(
      [
        ...common,
        'openLink',
        'downloadContent',
        'watch',
        'accept',
        'setBirthDate',
        'viewLicenses',
        'setUsSoccerId',
        'run',
        'submit',
      ].sort(),
    );
  });

  it('the common set is the spec list', () => {
    expect([...commonRequirementActions]).toEqual(common);
    expect([...waiverActions]).toEqual(['accept', 'view', 'download']);
  });

  it('lists the actions per type number', () => {
    expect(Object.keys(requirementTypeActions).map(Number)).toEqual(Object.values(RequirementType));
    for (const [no, actions] of Object.entries(expected)) {
      expect([...(requirementTypeActions[Number(no) as RequirementType] ?? [])]).toEqual(actions);
    }
  });

  it('checks an action against a type', () => {
    expect(requirementTypeHasAction(RequirementType.Video, 'watch')).toBe(true);
    expect(requirementTypeHasAction(RequirementType.Document, 'watch')).toBe(false);
    expect(requirementTypeHasAction(RequirementType.Waiver, 'accept')).toBe(true);
    expect(requirementTypeHasAction(RequirementType.Waiver, 'markComplete')).toBe(false);
    expect(requirementTypeHasAction(RequirementType.USSoccer, 'setUsSoccerId')).toBe(true);
  });
});
