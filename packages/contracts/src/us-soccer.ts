import { z } from 'zod';

/**
 * The US Soccer license requirement (type 11, spec §1 "a national soccer license", §7 set-ussf-id and
 * us-soccer-licenses). The catalog is the federation's published pathways (coaching: Grassroots → D → C → B →
 * A-Youth/A-Senior → Pro; referee: Grassroots → Regional → National → PRO/FIFA); its codes are ours (ADR 032).
 */
export const usSoccerDisciplines = ['coach', 'referee'] as const;
/** One discipline a license is held in. */
export type UsSoccerDiscipline = (typeof usSoccerDisciplines)[number];

/** A license grade a definition may require; `rank` orders grades within a discipline (higher includes lower). */
export type UsSoccerLicenseGrade = {
  code: string;
  discipline: UsSoccerDiscipline;
  grade: string;
  label: string;
  rank: number;
};

/** Every license grade a requirement may ask for (GET /api/app/content/us-soccer-licenses answers these). */
export const usSoccerLicenseCatalog = [
  {
    code: 'coach-grassroots',
    discipline: 'coach',
    grade: 'Grassroots',
    label: 'Grassroots coaching license',
    rank: 1,
  },
  { code: 'coach-d', discipline: 'coach', grade: 'D', label: 'D coaching license', rank: 2 },
  { code: 'coach-c', discipline: 'coach', grade: 'C', label: 'C coaching license', rank: 3 },
  { code: 'coach-b', discipline: 'coach', grade: 'B', label: 'B coaching license', rank: 4 },
  {
    code: 'coach-a-youth',
    discipline: 'coach',
    grade: 'A-Youth',
    label: 'A-Youth coaching license',
    rank: 5,
  },
  {
    code: 'coach-a-senior',
    discipline: 'coach',
    grade: 'A-Senior',
    label: 'A-Senior coaching license',
    rank: 5,
  },
  { code: 'coach-pro', discipline: 'coach', grade: 'Pro', label: 'Pro coaching license', rank: 6 },
  {
    code: 'referee-grassroots',
    discipline: 'referee',
    grade: 'Grassroots',
    label: 'Grassroots referee',
    rank: 1,
  },
  { code: 'referee-regional', discipline: 'referee', grade: 'Regional', label: 'Regional referee', rank: 2 },
  { code: 'referee-national', discipline: 'referee', grade: 'National', label: 'National referee', rank: 3 },
  { code: 'referee-pro', discipline: 'referee', grade: 'PRO', label: 'PRO / FIFA referee', rank: 4 },
] as const satisfies readonly UsSoccerLicenseGrade[];

/** One catalog code. */
export type UsSoccerLicenseCode = (typeof usSoccerLicenseCatalog)[number]['code'];
const licenseCodes = usSoccerLicenseCatalog.map((g) => g.code) as [
  UsSoccerLicenseCode,
  ...UsSoccerLicenseCode[],
];

/** The catalog entry of a discipline and grade as a provider names them (case and spacing ignored), or undefined. */
export function licenseGradeOf(discipline: string, grade: string): UsSoccerLicenseGrade | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return usSoccerLicenseCatalog.find(
    (g) => g.discipline === discipline.toLowerCase() && norm(g.grade) === norm(grade),
  );
}

/** The US Soccer id (the Learning Center's 16-digit USSF ID). */
export const ussfIdSchema = z
  .string({ message: 'Enter the US Soccer id' })
  .trim()
  .regex(/^\d{16}$/, 'A US Soccer id is 16 digits');

/** Body of POST /api/app/profile/{id}/set-ussf-id (spec §7): 204, or 400 with field errors (the web's false). */
export const setUssfIdBodySchema = z.object({
  profileLevelAccessId: z.uuid({ message: 'Choose a membership of this profile' }),
  ussfId: ussfIdSchema,
});
/** The parsed set-ussf-id body. */
export type SetUssfIdBody = z.infer<typeof setUssfIdBodySchema>;

/**
 * Content of a US Soccer requirement: the discipline and the lowest grade that satisfies it (any grade of the
 * discipline when null); a higher grade of the same discipline satisfies a lower one.
 */
export const usSoccerContentSchema = z.object({
  requiredLicense: z
    .enum(licenseCodes, { message: 'Choose a license from the list' })
    .nullable()
    .default(null),
  discipline: z.enum(usSoccerDisciplines).default('coach'),
});
/** US Soccer content. */
export type UsSoccerContent = z.infer<typeof usSoccerContentSchema>;

const gradeSchema = z.object({
  code: z.string(),
  discipline: z.enum(usSoccerDisciplines),
  grade: z.string(),
  label: z.string(),
  rank: z.number().int(),
});
/** Answer of GET /api/app/content/us-soccer-licenses. */
export const usSoccerLicensesResponseSchema = z.object({ items: z.array(gradeSchema) });
/** The catalog as answered. */
export type UsSoccerLicensesResponse = z.infer<typeof usSoccerLicensesResponseSchema>;

/** How the federation's record of the id matched the member: same person, a name to review, or no such id. */
export const usSoccerMatchStates = ['matched', 'name_mismatch', 'not_found'] as const;
/** One match state. */
export type UsSoccerMatchState = (typeof usSoccerMatchStates)[number];

/** One license the federation lists for the id. */
export const heldLicenseSchema = z.object({
  code: z.string().nullable(),
  discipline: z.string(),
  grade: z.string(),
  issuedOn: z.iso.date().nullable(),
  expiresOn: z.iso.date().nullable(),
  active: z.boolean(),
});
/** One held license. */
export type HeldLicense = z.infer<typeof heldLicenseSchema>;

/** GET /api/app/requirement/{id}/us-soccer-licenses?plaId (the "view licenses" action): the last lookup. */
export const memberUsSoccerLicensesSchema = z.object({
  /** The member's profile (set-ussf-id is a profile call). */
  profileId: z.uuid(),
  ussfId: z.string().nullable(),
  provider: z.string().nullable(),
  /** True when the provider is our sandbox, never the federation (the page says so). */
  sandbox: z.boolean(),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  match: z.enum(usSoccerMatchStates).nullable(),
  recordName: z.string().nullable(),
  requiredLicense: gradeSchema.nullable(),
  discipline: z.enum(usSoccerDisciplines),
  satisfiedBy: heldLicenseSchema.nullable(),
  licenses: z.array(heldLicenseSchema),
  status: z.number().int(),
});
/** A member's US Soccer licenses as last looked up. */
export type MemberUsSoccerLicenses = z.infer<typeof memberUsSoccerLicensesSchema>;
