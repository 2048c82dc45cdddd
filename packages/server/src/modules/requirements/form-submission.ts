import { z } from 'zod';
import { formAnswerValueSchema, type FormSubmission } from '@touchline/contracts/requirement-completion';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { ActorContext } from '../../authz/actor-context.ts';
import type { Executor } from '../../db/client.ts';
import { formVersionOf } from './form-version.ts';
import { liveSubmission } from '../../requirement-core/requirement-state.ts';
import {
  liveRequirementFiles,
  loadRequirement,
  presentRequirementFile,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';

/** What complete-form stores as the live 'form' submission. */
const storedFormSubmission = z.object({
  formVersionId: z.uuid(),
  answers: z.record(z.string(), formAnswerValueSchema),
});

/**
 * One member's live answers to a form definition with the version they answered and the attachments their file
 * answers name, for the member, their guardian and their managers (`view`: 404 / 403 like every requirement call).
 * Null for another type, or before the form was sent.
 */
export async function liveFormSubmission(
  db: Executor,
  ctx: ActorContext,
  ref: RequirementRef,
): Promise<FormSubmission | null> {
  const loaded = await loadRequirement(db, ctx, ref, 'view');
  if (loaded.target.type !== RequirementType.Form) return null;
  const live = await liveSubmission(db, loaded, 'form');
  const stored = storedFormSubmission.safeParse(live?.data);
  if (!live || !stored.success) return null;
  const version = await formVersionOf(db, ctx.organizationId, ref.definitionId, stored.data.formVersionId);
  if (!version) return null;
  const named = new Set(Object.values(stored.data.answers).filter((v) => typeof v === 'string'));
  const files = await liveRequirementFiles(db, ctx.organizationId, loaded.requirement.id);
  return {
    formVersion: version,
    answers: stored.data.answers,
    submittedAt: live.createdAt.toISOString(),
    attachments: files
      .filter((f) => f.role.startsWith('form-attachment:') && named.has(f.id))
      .map(presentRequirementFile),
  };
}
