import { abusePreventionDefaultValidityDays } from '@touchline/contracts/abuse-prevention-training';
import type { RequirementActionResult } from '@touchline/contracts/requirement-completion';
import { ValidityMode } from '@touchline/contracts/requirement-settings';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { Deps, RequestContext } from '../../deps.ts';
import { invalid } from '../../errors.ts';
import { addDays, dayOf } from '../../requirement-core/engine/calendar.ts';
import { expiresAtFor } from '../../requirement-core/engine/requirement-status.ts';
import { certificateTypes, requireType, storeUploads } from '../requirements/requirement-files.service.ts';
import {
  actionResult,
  completedFacts,
  guardTransition,
  recordChange,
} from '../../requirement-core/requirement-state.ts';
import type { LoadedRequirement, RequirementRef } from '../../requirement-core/requirement-target.ts';
import type { RequirementUpload } from '../../requirement-core/requirement-upload.ts';

/** Until when a training completed on `completedOn` counts: the definition's validity, else the annual refresher. */
export function certificateValidUntil(
  definition: LoadedRequirement['definition'],
  completedOn: string,
): string | null {
  const own = expiresAtFor(definition, completedOn);
  if (own !== null || definition.validityMode !== ValidityMode.None) return own;
  return addDays(completedOn, abusePreventionDefaultValidityDays);
}

/** The completion date must be a past day whose validity still runs today (400 on `completedOn` otherwise). */
function checkCompletionDate(loaded: LoadedRequirement, completedOn: string, today: string): string | null {
  const field = (message: string) => invalid([{ field: 'completedOn', in: 'query', message }], message);
  if (completedOn > today) throw field('The completion date cannot be in the future');
  const until = certificateValidUntil(loaded.definition, completedOn);
  if (until !== null && until <= today)
    throw field(`A training completed on ${completedOn} was valid until ${until}: take the training again`);
  return until;
}

/**
 * POST {id}/upload-abuse-prevention-training-certificate?plaId&completedOn (multipart `file`: PDF or image): a
 * training taken elsewhere, PendingReview as a ManualUpload from the certificate's completion date, valid for the
 * definition's validity (a year by default).
 */
export function uploadAbusePreventionCertificate(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { completedOn: string; read: () => Promise<RequirementUpload[]> },
): Promise<RequirementActionResult> {
  const today = dayOf(new Date());
  const check = (loaded: LoadedRequirement) => {
    requireType(loaded, RequirementType.AbusePreventionTraining);
    guardTransition(loaded, 'submitForReview');
    checkCompletionDate(loaded, input.completedOn, today);
  };
  const spec = {
    ref: input,
    action: 'upload' as const,
    role: 'certificate',
    read: input.read,
    accept: certificateTypes,
    check,
  };
  return storeUploads(deps, ctx, spec, async (tx, loaded, files) => {
    const until = checkCompletionDate(loaded, input.completedOn, today);
    const facts = {
      ...completedFacts(loaded, new Date(`${input.completedOn}T00:00:00.000Z`), true),
      expiresAt: until,
    };
    await recordChange(tx, loaded, {
      action: 'upload-abuse-prevention-training-certificate',
      transition: 'submitForReview',
      facts,
      data: {
        completedOn: input.completedOn,
        fileIds: files.map((f) => f.id),
        names: files.map((f) => f.originalName),
      },
    });
    return actionResult(tx, loaded);
  });
}
