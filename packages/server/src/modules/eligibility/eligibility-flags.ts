import { EligibilityFlag } from '@touchline/contracts/eligibility';

/** The grade option Homeschooled (§5), which has no grade to compare. */
const homeschooled = -2;

/** The bounds of a level and a member's verified values, as the flags read them. */
export type EligibilityInput = {
  bornInOrAfterYear: number | null;
  minGrade: number | null;
  maxGrade: number | null;
  verifiedDateOfBirth: string | null;
  verifiedGrade: number | null;
};

/**
 * The flags of a verified member against their level's bounds (ADR 039 "Eligibility"). An age group is one birth
 * year, the season's "born in or after" year: born before it is Over age, born after it Plays up (a younger player
 * on an older team). Below the lowest grade Plays up, above the highest Over grade. Homeschooled has no grade to
 * compare; nothing unverified or unbounded flags.
 */
export function eligibilityFlags(input: EligibilityInput): EligibilityFlag[] {
  const flags = new Set<EligibilityFlag>();
  if (input.bornInOrAfterYear !== null && input.verifiedDateOfBirth) {
    const year = Number(input.verifiedDateOfBirth.slice(0, 4));
    if (year < input.bornInOrAfterYear) flags.add(EligibilityFlag.OverAge);
    if (year > input.bornInOrAfterYear) flags.add(EligibilityFlag.PlaysUp);
  }
  const grade = input.verifiedGrade;
  if (grade !== null && grade !== homeschooled) {
    if (input.minGrade !== null && grade < input.minGrade) flags.add(EligibilityFlag.PlaysUp);
    if (input.maxGrade !== null && grade > input.maxGrade) flags.add(EligibilityFlag.OverGrade);
  }
  return Object.values(EligibilityFlag).filter((f) => flags.has(f));
}
