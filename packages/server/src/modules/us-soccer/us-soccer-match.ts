import {
  licenseGradeOf,
  usSoccerLicenseCatalog,
  type HeldLicense,
  type UsSoccerContent,
  type UsSoccerLicenseGrade,
  type UsSoccerMatchState,
} from '@touchline/contracts/us-soccer';
import type { LicenseHolder } from '../../integrations/licenses/port.ts';

/**
 * Common given-name families (nickname ↔ formal name): a record under "Bob" is the member "Robert". Kept short and
 * conservative: a pair missing here goes to a reviewer, it is never refused.
 */
const nicknameFamilies: readonly (readonly string[])[] = [
  ['robert', 'rob', 'robbie', 'bob', 'bobby', 'bert'],
  ['william', 'will', 'bill', 'billy', 'liam', 'willie'],
  ['richard', 'rick', 'ricky', 'rich', 'dick'],
  ['james', 'jim', 'jimmy', 'jamie'],
  ['john', 'jack', 'johnny', 'jon'],
  ['jonathan', 'jon', 'jonny', 'nathan'],
  ['michael', 'mike', 'mikey', 'mick'],
  ['elizabeth', 'liz', 'beth', 'betty', 'eliza', 'lizzie', 'libby'],
  ['katherine', 'catherine', 'kathryn', 'kate', 'katie', 'kathy', 'cathy', 'kat'],
  ['margaret', 'maggie', 'meg', 'peggy', 'marge'],
  ['jennifer', 'jen', 'jenny'],
  ['christopher', 'chris', 'topher'],
  ['christina', 'christine', 'chris', 'tina', 'chrissy'],
  ['alexander', 'alex', 'al', 'xander', 'sasha'],
  ['alexandra', 'alex', 'alexa', 'sandra', 'sasha'],
  ['anthony', 'tony'],
  ['joseph', 'joe', 'joey'],
  ['daniel', 'dan', 'danny'],
  ['david', 'dave', 'davey'],
  ['edward', 'ed', 'eddie', 'ted', 'ned'],
  ['thomas', 'tom', 'tommy'],
  ['samuel', 'sam', 'sammy'],
  ['samantha', 'sam', 'sammy'],
  ['benjamin', 'ben', 'benny'],
  ['matthew', 'matt'],
  ['patricia', 'pat', 'patty', 'trish'],
  ['patrick', 'pat', 'paddy'],
  ['stephen', 'steven', 'steve'],
  ['nicholas', 'nick', 'nicky'],
  ['andrew', 'andy', 'drew'],
  ['charles', 'charlie', 'chuck'],
  ['susan', 'sue', 'susie'],
  ['deborah', 'debbie', 'deb'],
  ['rebecca', 'becky', 'becca'],
  ['victoria', 'vicky', 'tori'],
  ['jordan', 'jordy'],
];

/** Lower-case, accents and punctuation removed: "José-Luis" → "joseluis". */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Whether two given names may name one person: equal, a nickname family, or one the other's start ("Alex"). */
export function givenNamesAgree(a: string, b: string): boolean {
  const x = normalizeName(a);
  const y = normalizeName(b);
  if (!x || !y) return false;
  if (x === y) return true;
  if (x.length >= 3 && y.length >= 3 && (x.startsWith(y) || y.startsWith(x))) return true;
  return nicknameFamilies.some((family) => family.includes(x) && family.includes(y));
}

/** Whether two family names agree: equal once normalized, or one double-barrelled name containing the other. */
export function familyNamesAgree(a: string, b: string): boolean {
  const parts = (s: string) =>
    s
      .split(/[\s-]+/)
      .map(normalizeName)
      .filter(Boolean);
  const x = normalizeName(a);
  const y = normalizeName(b);
  if (!x || !y) return false;
  if (x === y) return true;
  const px = parts(a);
  const py = parts(b);
  return px.some((p) => py.includes(p) && p.length >= 3);
}

/** The member as Touchline knows them. */
export type MemberIdentity = { firstName: string; lastName: string; dateOfBirth: string | null };

/**
 * How the federation's record for the id compares with the member (the id matched already, by the lookup): the
 * same person when the family names agree, the given names agree allowing nicknames, and the dates of birth are
 * equal where both are known; anything else is a name to review, never a silent yes or no.
 */
export function matchHolder(member: MemberIdentity, holder: LicenseHolder | null): UsSoccerMatchState {
  if (!holder) return 'not_found';
  const names =
    familyNamesAgree(member.lastName, holder.lastName) && givenNamesAgree(member.firstName, holder.firstName);
  const births =
    member.dateOfBirth === null || holder.dateOfBirth === null || member.dateOfBirth === holder.dateOfBirth;
  return names && births ? 'matched' : 'name_mismatch';
}

/** The held licenses in our words, with each one's catalog code and whether it is in force on `today`. */
export function heldLicenses(holder: LicenseHolder | null, today: string): HeldLicense[] {
  return (holder?.licenses ?? []).map((license) => ({
    code: licenseGradeOf(license.discipline, license.grade)?.code ?? null,
    discipline: license.discipline.toLowerCase(),
    grade: license.grade,
    issuedOn: license.issuedOn,
    expiresOn: license.expiresOn,
    active: license.inForce && (license.expiresOn === null || license.expiresOn >= today),
  }));
}

/** The catalog grade a definition requires, or null for any grade of its discipline. */
export function requiredGrade(content: UsSoccerContent): UsSoccerLicenseGrade | null {
  return usSoccerLicenseCatalog.find((g) => g.code === content.requiredLicense) ?? null;
}

/**
 * The license that satisfies the definition: in force today, in the required discipline, at the required grade or
 * higher; of several, the one valid longest (no expiry first). Null when none does.
 */
export function satisfyingLicense(licenses: HeldLicense[], content: UsSoccerContent): HeldLicense | null {
  const required = requiredGrade(content);
  const discipline = required?.discipline ?? content.discipline;
  const candidates = licenses.filter((license) => {
    if (!license.active || license.discipline !== discipline || license.code === null) return false;
    const grade = usSoccerLicenseCatalog.find((g) => g.code === license.code);
    return grade !== undefined && (required === null || grade.rank >= required.rank);
  });
  const until = (l: HeldLicense) => l.expiresOn ?? '9999-12-31';
  return candidates.sort((a, b) => until(b).localeCompare(until(a)))[0] ?? null;
}

/** The lapsed license (expired before `today`) that would have satisfied the definition, latest first; its date drives Expired. */
export function lapsedLicense(
  licenses: HeldLicense[],
  content: UsSoccerContent,
  today: string,
): HeldLicense | null {
  const lapsed = licenses.filter((l) => l.expiresOn !== null && l.expiresOn < today);
  const found = satisfyingLicense(
    lapsed.map((l) => ({ ...l, active: true })),
    content,
  );
  return found ? { ...found, active: false } : null;
}
