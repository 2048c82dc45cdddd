import { gradeLabel, VerificationKind } from '@touchline/contracts/verification';
import type { ProofReading } from '@touchline/contracts/age-verification';
import { nameContains } from './proof-parsing.ts';

/** Who the proof must name and what the member stated. */
export type MatchInput = {
  kind: VerificationKind;
  member: { firstName: string; lastName: string; dateOfBirthOnFile: string | null };
  stated: { dateOfBirth: string | null; grade: number | null };
  reading: ProofReading;
  /** The OCR text, searched for the member's name when no barcode or MRZ names the person. */
  text: string;
  today: string;
};

/** The comparison's outcome: cleared without a person, or the reasons a reviewer reads. */
export type MatchResult = { cleared: boolean; reasons: string[] };

const needsAge = (kind: VerificationKind) => kind !== VerificationKind.Grade;
const needsGrade = (kind: VerificationKind) => kind !== VerificationKind.Age;

function nameReasons(input: MatchInput): string[] {
  const { member, reading, text } = input;
  if (reading.firstName !== null || reading.lastName !== null) {
    const found = `${reading.firstName ?? ''} ${reading.lastName ?? ''}`;
    return nameContains(found, member.firstName) && nameContains(found, member.lastName)
      ? []
      : [
          `The name on the document (${found.trim()}) is not the member's (${member.firstName} ${member.lastName})`,
        ];
  }
  return nameContains(text, member.firstName) && nameContains(text, member.lastName)
    ? []
    : [`The member's name (${member.firstName} ${member.lastName}) was not found on the document`];
}

function ageReasons(input: MatchInput): string[] {
  const { stated, reading, member } = input;
  const reasons: string[] = [];
  if (reading.dateOfBirth === null) reasons.push('No date of birth could be read on the document');
  else if (reading.dateOfBirth !== stated.dateOfBirth)
    reasons.push(
      `The date of birth read (${reading.dateOfBirth}) differs from the one stated (${stated.dateOfBirth})`,
    );
  if (member.dateOfBirthOnFile !== null && member.dateOfBirthOnFile !== stated.dateOfBirth)
    reasons.push(
      `The date of birth stated (${stated.dateOfBirth}) differs from the one on file (${member.dateOfBirthOnFile})`,
    );
  return reasons;
}

function gradeReasons(input: MatchInput): string[] {
  const { stated, reading } = input;
  const label = (g: number | null) => (g === null ? 'none' : (gradeLabel(g) ?? String(g)));
  if (reading.grade === null) return ['No school grade could be read on the document'];
  return reading.grade === stated.grade
    ? []
    : [`The grade read (${label(reading.grade)}) differs from the one stated (${label(stated.grade)})`];
}

/**
 * Compares what was read on a proof with the member (issue 29): cleared only when the name and, as the kind asks,
 * the date of birth and the grade all match and nothing casts doubt (an MRZ failing its check digits, an expired
 * document); anything else goes to a reviewer with every reason.
 */
export function compareProof(input: MatchInput): MatchResult {
  const reasons = [...nameReasons(input)];
  if (needsAge(input.kind)) reasons.push(...ageReasons(input));
  if (needsGrade(input.kind)) reasons.push(...gradeReasons(input));
  if (input.reading.mrzValid === false)
    reasons.push("The passport's machine-readable zone failed its check digits");
  if (input.reading.documentExpiry !== null && input.reading.documentExpiry < input.today)
    reasons.push(`The document expired on ${input.reading.documentExpiry}`);
  return { cleared: reasons.length === 0, reasons };
}
