import { describe, expect, it } from 'vitest';

import {
  RequirementType,
  RequirementTypeSlug,
  requirementTypeByNo,
  requirementTypeBySlug,
  requirementTypeLabels,
  requirementTypeQuerySchema,
  requirementTypeSchema,
  requirementTypeSlugSchema,
  requirementTypeTable,
} from './requirement-types.ts';

// Spec §4, written out: [no, name, slug, label].
const spec = [
  [0, 'Document', 'document', 'File'],
  [1, 'Form', 'form', 'Form'],
  [2, 'Waiver', 'waiver', 'Waiver'],
  [3, 'BackgroundCheck', 'background-check', 'Background Check'],
  [4, 'Video', 'video', 'Video'],
  [5, 'AbusePreventionTraining', 'abuse-prevention-training', 'Abuse Prevention Training'],
  [6, 'SexOffenderSearch', 'sex-offender-search', 'Sex Offender Search'],
  [7, 'AgeVerification', 'age-verification', 'Age Verification'],
  [8, 'CustomTraining', 'custom-training', 'Training'],
  [9, 'IdentityVerification', 'identity-verification', 'Identity Verification'],
  [10, 'LiveScan', 'live-scan', 'LiveScan Screening'],
  [11, 'USSoccer', 'us-soccer', 'US Soccer License'],
] as const;

describe('requirement types', () => {
  it('the table is exactly the spec table, in number order', () => {
    expect(requirementTypeTable.map((r) => [r.no, r.name, r.slug, r.label])).toEqual(spec);
  });

  it.each(spec)('%i %s has slug %s and label %s', (no, name, slug, label) => {
    expect(RequirementType[name]).toBe(no);
    expect(RequirementTypeSlug[name]).toBe(slug);
    expect(requirementTypeLabels[name]).toBe(label);
    expect(requirementTypeByNo(no)).toEqual({ no, name, slug, label });
    expect(requirementTypeBySlug(slug)).toEqual({ no, name, slug, label });
  });

  it('has no entries beyond the spec', () => {
    expect(Object.keys(RequirementType)).toHaveLength(12);
    expect(Object.keys(RequirementTypeSlug)).toHaveLength(12);
    expect(Object.keys(requirementTypeLabels)).toHaveLength(12);
  });

  it('lookups return undefined for unknown values', () => {
    expect(requirementTypeByNo(12)).toBeUndefined();
    expect(requirementTypeByNo(-1)).toBeUndefined();
    expect(requirementTypeBySlug('Document')).toBeUndefined();
    expect(requirementTypeBySlug('backgroundcheck')).toBeUndefined();
  });

  it('the number schema accepts 0..11 only', () => {
    for (const [no] of spec) expect(requirementTypeSchema.parse(no)).toBe(no);
    for (const bad of [12, -1, 1.5, '3', null])
      expect(requirementTypeSchema.safeParse(bad).success).toBe(false);
  });

  it('the query schema coerces numeric strings', () => {
    expect(requirementTypeQuerySchema.parse('10')).toBe(10);
    expect(requirementTypeQuerySchema.safeParse('12').success).toBe(false);
    expect(requirementTypeQuerySchema.safeParse('video').success).toBe(false);
  });

  it('the slug schema accepts the spec slugs only', () => {
    for (const [, , slug] of spec) expect(requirementTypeSlugSchema.parse(slug)).toBe(slug);
    expect(requirementTypeSlugSchema.safeParse('Document').success).toBe(false);
  });
});
