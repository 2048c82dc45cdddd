import {
  sexOffenderSearchContentSchema,
  type SexOffenderSearchContent,
} from '@touchline/contracts/sex-offender-search';

/** A definition's sex offender search content; content saved before ADR 032's schema reads as its defaults. */
export function sexOffenderContentOf(content: unknown): SexOffenderSearchContent {
  const parsed = sexOffenderSearchContentSchema.safeParse(content ?? {});
  return parsed.success ? parsed.data : sexOffenderSearchContentSchema.parse({});
}
