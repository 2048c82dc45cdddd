import { z } from 'zod';

/** Requirement types with the spec's numbers (§4); the numbers travel in the API, so they never change. */
export const RequirementType = {
  Document: 0,
  Form: 1,
  Waiver: 2,
  BackgroundCheck: 3,
  Video: 4,
  AbusePreventionTraining: 5,
  SexOffenderSearch: 6,
  AgeVerification: 7,
  CustomTraining: 8,
  IdentityVerification: 9,
  LiveScan: 10,
  USSoccer: 11,
} as const;
/** One requirement type number. */
export type RequirementType = (typeof RequirementType)[keyof typeof RequirementType];
/** One requirement type name, as the keys of {@link RequirementType}. */
export type RequirementTypeName = keyof typeof RequirementType;

/** URL slugs of each requirement type (§4), used in routes and links. */
export const RequirementTypeSlug = {
  Document: 'document',
  Form: 'form',
  Waiver: 'waiver',
  BackgroundCheck: 'background-check',
  Video: 'video',
  AbusePreventionTraining: 'abuse-prevention-training',
  SexOffenderSearch: 'sex-offender-search',
  AgeVerification: 'age-verification',
  CustomTraining: 'custom-training',
  IdentityVerification: 'identity-verification',
  LiveScan: 'live-scan',
  USSoccer: 'us-soccer',
} as const satisfies Record<RequirementTypeName, string>;
/** One requirement type slug. */
export type RequirementTypeSlug = (typeof RequirementTypeSlug)[keyof typeof RequirementTypeSlug];

/** Human labels shown for each requirement type (§4); note Document shows as 'File'. */
export const requirementTypeLabels = {
  Document: 'File',
  Form: 'Form',
  Waiver: 'Waiver',
  BackgroundCheck: 'Background Check',
  Video: 'Video',
  AbusePreventionTraining: 'Abuse Prevention Training',
  SexOffenderSearch: 'Sex Offender Search',
  AgeVerification: 'Age Verification',
  CustomTraining: 'Training',
  IdentityVerification: 'Identity Verification',
  LiveScan: 'LiveScan Screening',
  USSoccer: 'US Soccer License',
} as const satisfies Record<RequirementTypeName, string>;

/** One row of the spec's requirement type table. */
export interface RequirementTypeInfo {
  readonly no: RequirementType;
  readonly name: RequirementTypeName;
  readonly slug: RequirementTypeSlug;
  readonly label: string;
}

/** The spec's requirement type table (§4) in number order, so lists and selects need no local copy. */
export const requirementTypeTable: readonly RequirementTypeInfo[] = (
  Object.keys(RequirementType) as RequirementTypeName[]
)
  .map((name) => ({
    no: RequirementType[name],
    name,
    slug: RequirementTypeSlug[name],
    label: requirementTypeLabels[name],
  }))
  .sort((a, b) => a.no - b.no);

/** Finds a requirement type row by its number; undefined for unknown numbers. */
export function requirementTypeByNo(no: number): RequirementTypeInfo | undefined {
  return requirementTypeTable.find((row) => row.no === no);
}

/** Finds a requirement type row by its URL slug; undefined for unknown slugs. */
export function requirementTypeBySlug(slug: string): RequirementTypeInfo | undefined {
  return requirementTypeTable.find((row) => row.slug === slug);
}

/** Validates a requirement type number arriving in a request body. */
export const requirementTypeSchema = z.enum(RequirementType);

/** Validates a requirement type number arriving as a query or path string (e.g. `?type=3`). */
export const requirementTypeQuerySchema = z.coerce.number().pipe(requirementTypeSchema);

/** Validates a requirement type slug arriving in a path. */
export const requirementTypeSlugSchema = z.enum(RequirementTypeSlug);

/**
 * The types whose member flow is built, so the content library assigns only these (issue 18, ADR 025). The
 * vendor types show as coming soon until their own flows land: enabling one is adding it here (LiveScan and US
 * Soccer: ADR 032; Age and Identity Verification: ADR 039): with all twelve built, none is coming soon.
 */
export const availableRequirementTypes: readonly RequirementType[] = [
  RequirementType.Document,
  RequirementType.Form,
  RequirementType.Waiver,
  RequirementType.Video,
  RequirementType.CustomTraining,
  RequirementType.AbusePreventionTraining,
  RequirementType.SexOffenderSearch,
  RequirementType.LiveScan,
  RequirementType.USSoccer,
  RequirementType.BackgroundCheck,
  RequirementType.AgeVerification,
  RequirementType.IdentityVerification,
];

/** Whether a type can be assigned to members today (see {@link availableRequirementTypes}). */
export function isRequirementTypeAvailable(type: number): boolean {
  return (availableRequirementTypes as readonly number[]).includes(type);
}

/** Why a coming-soon type cannot be assigned: the server's 400 message and the web's disabled hint. */
export function comingSoonMessage(type: number): string {
  const label = requirementTypeByNo(type)?.label ?? 'This requirement type';
  return `${label} is coming soon: members cannot complete it yet, so it cannot be assigned`;
}
