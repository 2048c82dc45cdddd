import { z } from 'zod';
import { gradeSchema } from './verification.ts';

/**
 * A level's eligibility (ADR 039 "Eligibility"): an age group for a season — a label such as "U12" and the year a
 * player must be born in or after — and grade bounds. `GET/PUT /api/app/hierarchy-level/{id}/eligibility`.
 */
export const levelEligibilitySchema = z.object({
  levelId: z.string(),
  ageGroupLabel: z.string().nullable(),
  bornInOrAfterYear: z.number().int().nullable(),
  minGrade: z.number().int().nullable(),
  maxGrade: z.number().int().nullable(),
});
/** A level's eligibility as the API answers it. */
export type LevelEligibility = z.infer<typeof levelEligibilitySchema>;

/** The earliest and latest birth year an age group may name. */
export const birthYearBounds = { min: 1900, max: 2100 } as const;

/** Body of PUT …/eligibility: every field optional and nullable (null clears it); the grade bounds in order. */
export const levelEligibilityBodySchema = z
  .object({
    ageGroupLabel: z
      .string()
      .trim()
      .max(20, { message: 'Use at most 20 characters' })
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v)),
    bornInOrAfterYear: z
      .number({ message: 'Enter a year' })
      .int({ message: 'Enter a year' })
      .min(birthYearBounds.min, { message: `Enter a year from ${birthYearBounds.min}` })
      .max(birthYearBounds.max, { message: `Enter a year up to ${birthYearBounds.max}` })
      .nullable()
      .default(null),
    minGrade: gradeSchema.nullable().default(null),
    maxGrade: gradeSchema.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.minGrade !== null && b.maxGrade !== null && b.minGrade > b.maxGrade)
      ctx.addIssue({
        code: 'custom',
        path: ['maxGrade'],
        message: 'The highest grade must not be below the lowest',
      });
    if (b.ageGroupLabel !== null && b.bornInOrAfterYear === null)
      ctx.addIssue({
        code: 'custom',
        path: ['bornInOrAfterYear'],
        message: 'An age group needs its birth year',
      });
  });
/** Body of PUT …/eligibility. */
export type LevelEligibilityBody = z.infer<typeof levelEligibilityBodySchema>;

/** A flag on a verified member outside their level's bounds; values equal the names. */
export const EligibilityFlag = { PlaysUp: 'PlaysUp', OverAge: 'OverAge', OverGrade: 'OverGrade' } as const;
/** One eligibility flag. */
export type EligibilityFlag = (typeof EligibilityFlag)[keyof typeof EligibilityFlag];
/** Validates an eligibility flag. */
export const eligibilityFlagSchema = z.enum(EligibilityFlag);
/** The flags' words, as the dashboard and the member's page show them. */
export const eligibilityFlagLabels = {
  PlaysUp: 'Plays up',
  OverAge: 'Over age',
  OverGrade: 'Over grade',
} as const satisfies Record<EligibilityFlag, string>;

/** One access's flags with the verified values and bounds that raised them (the member's page). */
export const accessEligibilitySchema = z.object({
  profileLevelAccessId: z.string(),
  levelId: z.string(),
  levelName: z.string(),
  ageGroupLabel: z.string().nullable(),
  bornInOrAfterYear: z.number().int().nullable(),
  minGrade: z.number().int().nullable(),
  maxGrade: z.number().int().nullable(),
  verifiedDateOfBirth: z.string().nullable(),
  verifiedGrade: z.number().int().nullable(),
  flags: z.array(eligibilityFlagSchema),
});
/** One access's eligibility. */
export type AccessEligibility = z.infer<typeof accessEligibilitySchema>;

/** GET /api/app/profile/{id}/eligibility: the member's accesses with bounds, verified values and flags. */
export const profileEligibilityResponseSchema = z.object({ items: z.array(accessEligibilitySchema) });
/** The member's eligibility. */
export type ProfileEligibilityResponse = z.infer<typeof profileEligibilityResponseSchema>;
