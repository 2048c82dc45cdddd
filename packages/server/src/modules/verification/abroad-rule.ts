import { eq } from 'drizzle-orm';
import type { AgeVerification } from '@touchline/contracts/age-verification';
import { ageVerificationContentSchema } from '@touchline/contracts/content';
import { CountryKind, countryKindOf } from '@touchline/contracts/countries';
import { citizenshipSchema } from '@touchline/contracts/profiles';
import { VerificationKind } from '@touchline/contracts/verification';
import type { Executor } from '../../db/client.ts';
import { organizations, profiles } from '../../db/schema/index.ts';
import type { LoadedRequirement } from '../../requirement-core/requirement-target.ts';

/**
 * What a definition asks more of a member born abroad (ADR 039 "Citizenship"): with `abroadProofTypes` set, a member
 * whose citizenship (save-citizenship-data) is of another country than the organization's — or of no known country
 * kind, or who is not a citizen of it — must show one of those documents; one with no citizenship saved is asked to
 * save it first. Null when the definition asks nothing more, or asks only a grade. The member's panel states it before
 * any upload; the submission enforces it.
 */
export async function abroadRuleOf(
  db: Executor,
  loaded: LoadedRequirement,
): Promise<AgeVerification['abroadRule']> {
  const content = ageVerificationContentSchema.safeParse(loaded.definition.content).data;
  const proofTypes = content?.abroadProofTypes ?? [];
  if (!proofTypes.length || (content?.kind ?? VerificationKind.Age) === VerificationKind.Grade) return null;
  const [row] = await db
    .select({ citizenship: profiles.citizenship, countryCode: organizations.countryCode })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.id, loaded.target.profileId));
  const citizenship = citizenshipSchema.safeParse(row?.citizenship).data;
  const profileId = loaded.target.profileId;
  if (!citizenship) return { proofTypes, applies: 'CitizenshipNeeded', profileId };
  const abroad =
    countryKindOf(citizenship.countryCode) === CountryKind.Unknown ||
    citizenship.countryCode !== row?.countryCode ||
    !citizenship.isCitizen;
  return { proofTypes, applies: abroad ? 'Applies' : 'DoesNotApply', profileId };
}
