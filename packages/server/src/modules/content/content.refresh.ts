import type { Executor } from '../../db/client.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

/**
 * Re-derives members' requirements after assignments change or a definition is deleted, in the same transaction
 * as the change (ADR 012): the status engine of the requirements module owns the derivation.
 */
export function refreshAfterContentChange(tx: Executor, organizationId: string): Promise<void> {
  return refreshMemberRequirements(tx, organizationId, {});
}
