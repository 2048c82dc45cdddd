import { describe, expect, it } from 'vitest';
import { ageVerificationContentSchema } from './content.ts';

import {
  Activation,
  AgeGradeProofType,
  DocumentImageError,
  FacePhotoFailureReason,
  IdentityDocumentType,
  VerificationKind,
  VerificationStatus,
  ageGradeProofTypeLabels,
  documentImageErrorMessages,
  facePhotoFailureMessages,
  gradeLabel,
  gradeOptions,
  gradeSchema,
  identityDocumentTypeLabels,
  verificationKindLabels,
  verificationStatusSchema,
  webcamPhotoFieldName,
} from './verification.ts';

describe('verification enums', () => {
  it('verification status is the spec list', () => {
    expect(Object.values(VerificationStatus)).toEqual([
      'Incomplete',
      'PendingVerification',
      'ClearedVerification',
      'PendingReview',
      'ClearedReview',
      'RejectedReview',
    ]);
    expect(verificationStatusSchema.safeParse('Cleared').success).toBe(false);
  });

  it('verification kinds are Age, Grade, Age & Grade', () => {
    expect(Object.values(VerificationKind)).toEqual(['Age', 'Grade', 'AgeAndGrade']);
    expect(Object.values(verificationKindLabels)).toEqual(['Age', 'Grade', 'Age & Grade']);
  });

  it('activation is the spec list', () => {
    expect(Object.values(Activation)).toEqual(['NotStarted', 'InProgress', 'Submitted', 'Activated']);
  });
});

describe('grade options', () => {
  it('are -2 Homeschooled … 12th Grade', () => {
    expect(gradeOptions.map((g) => [g.value, g.label])).toEqual([
      [-2, 'Homeschooled'],
      [-1, 'Pre-K'],
      [0, 'Kindergarten'],
      [1, '1st Grade'],
      [2, '2nd Grade'],
      [3, '3rd Grade'],
      [4, '4th Grade'],
      [5, '5th Grade'],
      [6, '6th Grade'],
      [7, '7th Grade'],
      [8, '8th Grade'],
      [9, '9th Grade'],
      [10, '10th Grade'],
      [11, '11th Grade'],
      [12, '12th Grade'],
    ]);
  });

  it('labels a grade number', () => {
    expect(gradeLabel(-2)).toBe('Homeschooled');
    expect(gradeLabel(0)).toBe('Kindergarten');
    expect(gradeLabel(3)).toBe('3rd Grade');
    expect(gradeLabel(13)).toBeUndefined();
  });

  it('the schema accepts exactly the option values', () => {
    for (const { value } of gradeOptions) expect(gradeSchema.parse(value)).toBe(value);
    for (const bad of [-3, 13, 1.5, '1']) expect(gradeSchema.safeParse(bad).success).toBe(false);
  });
});

describe('document types', () => {
  it('identity documents have the spec labels', () => {
    expect(Object.keys(IdentityDocumentType)).toEqual(Object.keys(identityDocumentTypeLabels));
    expect(Object.values(identityDocumentTypeLabels)).toEqual([
      'Birth Certificate',
      'Government Issued Passport',
      'Government Issued ID',
    ]);
  });

  it('age/grade proofs have the spec labels', () => {
    expect(Object.keys(AgeGradeProofType)).toEqual(Object.keys(ageGradeProofTypeLabels));
    expect(Object.values(ageGradeProofTypeLabels)).toEqual([
      'School ID',
      'Report Card',
      'Progress Report',
      'Online Account Screenshot',
    ]);
  });
});

describe('photo and image errors', () => {
  it('face photo failure messages are the spec texts', () => {
    expect(Object.keys(FacePhotoFailureReason)).toEqual(Object.keys(facePhotoFailureMessages));
    expect(Object.values(facePhotoFailureMessages)).toEqual([
      'None',
      'No face detected',
      'Multiple faces detected',
      'Sunglasses detected',
      'Face is covered',
      'Face too small',
      'An unexpected error occurred. Please try again. If the problem persists, please contact support',
    ]);
  });

  it('document image errors carry the spec guidance', () => {
    expect(Object.values(DocumentImageError)).toEqual(['TooBlurry', 'ProcessingError']);
    const { TooBlurry, ProcessingError } = documentImageErrorMessages;
    expect(TooBlurry).toMatch(/too blurry/);
    expect(TooBlurry).toMatch(/take a new photo with better lighting and focus/);
    expect(TooBlurry).toMatch(/all text is sharp and legible/);
    expect(ProcessingError).toMatch(/try uploading a different image/);
  });

  it('the webcam photo field is named photo', () => {
    expect(webcamPhotoFieldName).toBe('photo');
  });
});

describe('the age verification content contract', () => {
  it('offers exactly the verification kinds', () => {
    expect(ageVerificationContentSchema.shape.kind.unwrap().options).toEqual(Object.values(VerificationKind));
  });
});
